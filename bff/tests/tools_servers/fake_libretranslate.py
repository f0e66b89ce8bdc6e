"""A local server speaking the LibreTranslate HTTP API (/languages, /detect, /translate) with a
tiny dictionary, plus switches that make it answer 400/403/429/500 or hang: the test server of the
BFF's LibreTranslate adapter (the stack itself translates with Apertium APY)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from typing import Any, ClassVar

from . import serve

DICTIONARY = {
    ("en", "de"): {"hello world": "Hallo Welt", "good morning": "Guten Morgen"},
    ("en", "fr"): {"hello world": "Bonjour le monde"},
    ("de", "en"): {"guten morgen": "Good morning"},
}
LANGUAGES = [
    {"code": "en", "name": "English", "targets": ["de", "fr"]},
    {"code": "de", "name": "German", "targets": ["en"]},
    {"code": "fr", "name": "French", "targets": ["en"]},
]


class FakeLibreTranslate(BaseHTTPRequestHandler):
    api_key: str | None = None
    mode: str = "normal"  # or: fail400 (by text), hang
    received: ClassVar[list[tuple[str, Any]]] = []  # (path, decoded JSON body or None), in order

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _send(self, status: int, body: object) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/languages":
            self.received.append((self.path, None))
            self._send(200, LANGUAGES)
        else:
            self._send(404, {"error": "Not found"})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        self.received.append((self.path, body))
        if self.mode == "hang":
            time.sleep(2)
        if self.api_key and body.get("api_key") != self.api_key:
            return self._send(403, {"error": "Invalid API key"})
        text = body.get("q", "")
        if text == "please rate limit":
            return self._send(429, {"error": "Too many request limits violation"})
        if text == "please crash":
            return self._send(500, {"error": "Cannot translate text: internal error"})
        if self.path == "/detect":
            language = "de" if "welt" in text.lower() else "en"
            return self._send(200, [{"confidence": 90.0, "language": language}])
        if self.path == "/translate":
            source, target = body.get("source"), body.get("target")
            detected = None
            if source == "auto":
                source, detected = "en", {"confidence": 83.0, "language": "en"}
            if target not in {lang["code"] for lang in LANGUAGES}:
                return self._send(400, {"error": f"{target} is not supported"})
            translated = DICTIONARY.get((source, target), {}).get(text.lower(), text)
            answer = {"translatedText": translated}
            if detected:
                answer["detectedLanguage"] = detected
            return self._send(200, answer)
        return self._send(404, {"error": "Not found"})


@contextmanager
def running(api_key: str | None = None, mode: str = "normal") -> Iterator[tuple[str, list[tuple[str, Any]]]]:
    """The server's base URL and the requests it receives (a handler class of this run's own)."""

    class Handler(FakeLibreTranslate):
        pass

    Handler.api_key, Handler.mode, Handler.received = api_key, mode, []
    with serve(Handler) as url:
        yield url, Handler.received
