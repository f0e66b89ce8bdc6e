"""A local HTTP server that plays social sites of each detection type for the username checker.

`taken` exists everywhere; any other name does not. Every request path is recorded so tests can
prove that some sites were never asked."""
from __future__ import annotations

import json
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Iterator

from . import serve

TAKEN = "taken"
CLOUDFLARE_PAGE = '<html><span id="challenge-error-text">Enable JavaScript and cookies</span></html>'


class FakeSites(BaseHTTPRequestHandler):
    requests_seen: list[str] = []

    def log_message(self, *args):  # keep test output quiet
        pass

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        self.requests_seen.append(self.path)
        kind, _, name = self.path.strip("/").partition("/")
        taken = name == TAKEN
        answers = {
            "status": lambda: (200, "profile") if taken else (404, "nope"),
            "message": lambda: (200, "<h1>Profile of taken</h1>" if taken else "<p>Sorry, no such user.</p>"),
            "redirect": lambda: (200, "profile") if taken else (302, "/signup"),
            "redirect-out": lambda: (302, "http://169.254.169.254/latest/meta-data/"),
            "blocked": lambda: (429, "slow down"),
            "waf": lambda: (200, CLOUDFLARE_PAGE),
            "broken": lambda: (500, "oops"),
            "slow": lambda: (time.sleep(2), (200, "late"))[1],
            "signup": lambda: (200, "sign up"),
            "codes": lambda: (200, "profile") if taken else (403, "gone"),
        }
        status, body = answers.get(kind, lambda: (404, "unknown route"))()
        self.send_response(status)
        if 300 <= status < 400:
            self.send_header("Location", body)
        payload = body.encode()
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)


def site_list(base: str) -> dict:
    """A data.json-format list pointing at the fake server, one site per behaviour."""
    return {
        "$schema": "data.schema.json",
        "StatusSite": {"errorType": "status_code", "url": f"{base}/status/{{}}", "urlMain": base,
                       "username_claimed": TAKEN},
        "MessageSite": {"errorType": "message", "errorMsg": ["Sorry, no such user", "Gone"],
                        "url": f"{base}/message/{{}}", "urlMain": base, "username_claimed": TAKEN},
        "RedirectSite": {"errorType": "response_url", "url": f"{base}/redirect/{{}}", "urlMain": base,
                         "username_claimed": TAKEN},
        "CodesSite": {"errorType": ["status_code"], "errorCode": [403], "url": f"{base}/codes/{{}}",
                      "urlMain": base, "username_claimed": TAKEN},
        "EscapingSite": {"errorType": "status_code", "url": f"{base}/redirect-out/{{}}", "urlMain": base,
                         "username_claimed": TAKEN},
        "BlockedSite": {"errorType": "status_code", "url": f"{base}/blocked/{{}}", "urlMain": base,
                        "username_claimed": TAKEN},
        "WafSite": {"errorType": "message", "errorMsg": "Sorry", "url": f"{base}/waf/{{}}", "urlMain": base,
                    "username_claimed": TAKEN},
        "BrokenSite": {"errorType": "status_code", "url": f"{base}/broken/{{}}", "urlMain": base,
                       "username_claimed": TAKEN},
        "SlowSite": {"errorType": "status_code", "url": f"{base}/slow/{{}}", "urlMain": base,
                     "username_claimed": TAKEN},
        "StrictSite": {"errorType": "status_code", "regexCheck": "^[0-9]+$", "url": f"{base}/status/strict-{{}}",
                       "urlMain": base, "username_claimed": TAKEN},
        "NsfwSite": {"errorType": "status_code", "url": f"{base}/status/{{}}", "urlMain": base, "isNSFW": True,
                     "username_claimed": TAKEN},
    }


@contextmanager
def running() -> Iterator[tuple[str, list[str]]]:
    FakeSites.requests_seen = []
    with serve(FakeSites) as url:
        yield url, FakeSites.requests_seen


@contextmanager
def serving(app, folder: Path, site_timeout: float = 1) -> Iterator[list[str]]:
    """The sites running and `app` checking names against them (their list written into `folder`);
    yields the request paths the sites saw."""
    with running() as (base, seen):
        path = folder / "sites.json"
        path.write_text(json.dumps(site_list(base)))
        app.config.update(USERNAME_SITES_FILE=str(path), USERNAME_SITE_TIMEOUT=site_timeout)
        yield seen
