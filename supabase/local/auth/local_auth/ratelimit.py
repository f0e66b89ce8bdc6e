"""Per-client request limits as upstream applies them: token buckets (tollbooth) keyed by the first
value of the GOTRUE_RATE_LIMIT_HEADER header, refilling at N per window with a burst of 30; no header
configured (or none sent) means no limit. The service runs as one process (gunicorn threads), so the
buckets are exact, as in the single upstream binary."""
from __future__ import annotations

import threading
import time

from flask import current_app, request

from .errors import too_many

_BURST = 30
_lock = threading.Lock()
_buckets: dict[tuple[str, str], tuple[float, float]] = {}  # (limiter, key) -> (tokens, last refill)


def _rates() -> dict[str, tuple[float, float]]:
    """limiter name -> (tokens per second, burst)."""
    s = current_app.config["AUTH_SETTINGS"]
    per_5m = lambda n: n / 300.0  # noqa: E731
    return {
        "token": (per_5m(s.rate_limit_token_refresh), _BURST),
        "token_refresh": (per_5m(s.rate_limit_token_refresh), _BURST),
        "verify": (per_5m(s.rate_limit_verify), _BURST),
        # Upstream gives each of these endpoints its own bucket at the OTP rate.
        **{name: (per_5m(s.rate_limit_otp), _BURST)
           for name in ("otp", "magiclink", "recover", "resend", "user", "signup")},
        # Upstream gives each of those endpoints its own bucket at the OTP rate (limiterOpts.Recover,
        # Resend, MagicLink, Otp, User, Signups): 30 sign-ups do not use up a client's recoveries.
        "signup": (per_5m(s.rate_limit_otp), _BURST),
        "recover": (per_5m(s.rate_limit_otp), _BURST),
        "resend": (per_5m(s.rate_limit_otp), _BURST),
        "magiclink": (per_5m(s.rate_limit_otp), _BURST),
        "user": (per_5m(s.rate_limit_otp), _BURST),
        "sso": (per_5m(s.rate_limit_sso), _BURST),
        "mfa": (s.rate_limit_challenge_and_verify / 60.0, _BURST),
        # Upstream has two limiters at this rate: one for challenges, one for verifications.
        "mfa_challenge": (s.rate_limit_challenge_and_verify / 60.0, _BURST),
        "mfa_verify": (s.rate_limit_challenge_and_verify / 60.0, _BURST),
        "anonymous": (s.rate_limit_anonymous_users / 3600.0, s.rate_limit_anonymous_users),
    }


def limit(name: str) -> None:
    header = current_app.config["AUTH_SETTINGS"].rate_limit_header
    if not header:
        return
    value = request.headers.get(header, "")
    key = value.split(",", 1)[0].strip()
    if not key:
        return
    rate, burst = _rates()[name]
    # The token and refresh limiters are one limiter upstream (limiterOpts.Token).
    bucket_name = "token" if name == "token_refresh" else name
    now = time.monotonic()
    with _lock:
        tokens, last = _buckets.get((bucket_name, key), (float(burst), now))
        tokens = min(float(burst), tokens + (now - last) * rate)
        if tokens < 1.0:
            _buckets[(bucket_name, key)] = (tokens, now)
            raise too_many("over_request_rate_limit", "Request rate limit reached")
        _buckets[(bucket_name, key)] = (tokens - 1.0, now)


def reset() -> None:
    with _lock:
        _buckets.clear()
