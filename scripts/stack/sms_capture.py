"""A loopback stand-in for Twilio's Messages API that saves every text message it is sent as a JSON
file, as the mail capture saves mails: Auth's phone codes land here, where developers and tests read
them (`.local/sms/` in development). Auth sends exactly what it sends Twilio (GOTRUE_SMS_PROVIDER=
twilio); only the base URL differs. Requests with other credentials are refused as Twilio does.
Run: python -m stack.sms_capture PORT DIRECTORY ACCOUNT_SID AUTH_TOKEN
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import sys
import time
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

# The development stack's Twilio login: the capture's own, never a real account (stack/auth.py).
LOCAL_ACCOUNT_SID = "AC00000000000000000000000000000001"
LOCAL_AUTH_TOKEN = "local-sms-capture-token"
LOCAL_MESSAGE_SERVICE_SID = "MG00000000000000000000000000000001"

_PATH = re.compile(r"^/2010-04-01/Accounts/([^/]+)/Messages\.json$")


def handler_for(directory: Path, account_sid: str, auth_token: str) -> type[BaseHTTPRequestHandler]:
    expected = "Basic " + base64.b64encode(f"{account_sid}:{auth_token}".encode()).decode()
    numbers = itertools.count(1)

    class SaveMessage(BaseHTTPRequestHandler):
        def _answer(self, status: int, body: Mapping[str, object]) -> None:
            raw = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def do_POST(self) -> None:
            form = parse_qs(self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode())
            match = _PATH.match(self.path)
            if not match or match.group(1) != account_sid or self.headers.get("Authorization") != expected:
                self._answer(
                    401,
                    {
                        "code": 20003,
                        "message": "Authenticate",
                        "more_info": "https://www.twilio.com/docs/errors/20003",
                        "status": 401,
                    },
                )
                return
            number = next(numbers)
            message = {
                "sid": f"SM{time.time_ns():032x}"[:34],
                "status": "queued",
                **{key.lower(): values[0] for key, values in form.items()},
            }
            (directory / f"{time.time_ns()}-{number}.json").write_text(json.dumps(message, indent=1))
            self._answer(201, message)

        def log_message(self, format: str, *args: object) -> None:
            pass  # the messages themselves are the log

    return SaveMessage


def main() -> None:
    port, directory, account_sid, auth_token = int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
    directory.mkdir(parents=True, exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", port), handler_for(directory, account_sid, auth_token))
    print(f"SMS capture listening on 127.0.0.1:{port}, saving to {directory}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
