"""The small page a protected link shows: one password field, in both colour schemes, readable on a
phone, usable with a keyboard alone. No script; its one stylesheet is allowed by hash."""

from __future__ import annotations

import base64
import hashlib
import html

STYLE = (
    ":root{color-scheme:light dark;--bg:#f8fafc;--fg:#0f172a;--muted:#475569;--card:#fff;--line:#cbd5e1;"
    "--accent:#4f46e5;--accent-fg:#fff;--error:#b91c1c}"
    "@media (prefers-color-scheme:dark){:root{--bg:#020617;--fg:#f1f5f9;--muted:#94a3b8;--card:#0f172a;"
    "--line:#334155;--accent:#a5b4fc;--accent-fg:#020617;--error:#fca5a5}}"
    "*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:16px;"
    "background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif}"
    "main{width:100%;max-width:360px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:24px}"
    "h1{font-size:1.25rem;margin:0 0 8px}p{margin:0 0 16px;color:var(--muted)}"
    "label{display:block;font-weight:600;margin-bottom:4px}"
    "input{width:100%;font:inherit;padding:10px 12px;border:1px solid var(--line);border-radius:8px;"
    "background:var(--bg);color:var(--fg)}"
    "button{margin-top:16px;width:100%;font:inherit;font-weight:600;padding:10px 12px;border:0;border-radius:8px;"
    "background:var(--accent);color:var(--accent-fg);cursor:pointer}"
    "input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}"
    ".error{color:var(--error);font-weight:600}"
)
STYLE_HASH = base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
HEADERS = (
    "Content-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\n"
    f"Content-Security-Policy: default-src 'none'; style-src 'sha256-{STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'\r\n"
    "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n"
)

ASK = "Enter the password you were given to open this link."
WRONG = "That password is not right. Check it and try again."
TOO_LONG = "That is far longer than any password here. Check it and try again."


def too_many(seconds: int) -> str:
    # One message for both limits (this link from this address, every link from this address).
    return f"Too many password tries. Wait {seconds} second{'s' if seconds != 1 else ''}, then try again."


def password_page(status: str, problem: str | None = None, extra_headers: str = "") -> tuple[bytes, bytes]:
    """(head without the closing blank line, body) of the page, with `problem` shown as an alert."""
    alert = f'<p class="error" role="alert">{html.escape(problem)}</p>' if problem else ""
    body = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">'
        f"<title>Password required</title><style>{STYLE}</style></head><body><main>"
        f"<h1>This link is protected</h1><p>{ASK}</p>{alert}"
        '<form method="post"><label for="password">Password</label>'
        '<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>'
        '<button type="submit">Open link</button></form></main></body></html>'
    ).encode()
    head = f"HTTP/1.1 {status}\r\n{HEADERS}{extra_headers}Content-Length: {len(body)}\r\n".encode()
    return head, body


ASKING = password_page("200 OK")
WRONG_PASSWORD = password_page("403 Forbidden", WRONG)
FORM_TOO_LARGE = password_page("413 Content Too Large", TOO_LONG)
