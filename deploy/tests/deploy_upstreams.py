"""A stand-in upstream for the nginx tests: records each request and names itself in X-Upstream."""

from __future__ import annotations

import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class RecordingUpstream:
    def __init__(self, name: str, tls: tuple[Path, Path] | None = None):
        """`tls`: (certificate, key) files to answer https with, as a hosted Supabase does."""
        self.name = name
        self.requests: list[dict] = []
        upstream = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # a proxy that keeps its connection may (`peer` shows whether it did)

            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                upstream.requests.append(
                    {
                        "method": self.command,
                        "path": self.path,
                        "peer": self.client_address,
                        "headers": dict(self.headers),
                        "body": self.rfile.read(length),
                    }
                )
                body = b'{"ok":true}'
                self.send_response(200)
                self.send_header("X-Upstream", upstream.name)
                self.send_header("Content-Type", "application/json")
                self.send_header("Cache-Control", "private, max-age=7")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer

            def log_message(self, *args):  # keep the test output clean
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        if tls:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*tls)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        # shutdown() waits for the loop to look at its flag: every 0.5 s by default.
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    def close(self) -> None:
        if self._thread.is_alive():
            self.server.shutdown()
            self.server.server_close()
