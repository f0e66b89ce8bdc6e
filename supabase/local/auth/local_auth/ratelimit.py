"""Request limits.

Per client, as upstream applies them: token buckets (tollbooth) keyed by the first value of the
GOTRUE_RATE_LIMIT_HEADER header, refilling at N per window with a burst of 30; no header configured
(or none sent) means no per-client limit.

Per account, which upstream does not have: the failed attempts at a code — an e-mail OTP at /verify,
a TOTP code at /factors/{id}/verify — are also counted per targeted address or user, at the same
rates, so spreading guesses over many client addresses does not buy more of them. Successful
attempts cost nothing there; an empty bucket refuses even the right code, with the same 429.

The service runs as one process (gunicorn threads), so the buckets are exact, as in the single
upstream binary."""

from __future__ import annotations

import threading
import time

from flask import request

from .config import current_settings
from .errors import AuthError, too_many

_BURST = 30
_lock = threading.Lock()
_buckets: dict[tuple[str, str], tuple[float, float]] = {}  # (limiter, key) -> (tokens, last refill)


def _rates() -> dict[str, tuple[float, float]]:
    """limiter name -> (tokens per second, burst)."""
    s = current_settings()

    def per_5m(n: float) -> float:
        return n / 300.0

    return {
        # The token and refresh limiters are one limiter upstream (limiterOpts.Token).
        "token": (per_5m(s.rate_limit_token_refresh), _BURST),
        "verify": (per_5m(s.rate_limit_verify), _BURST),
        # Upstream gives each of these endpoints its own bucket at the OTP rate (limiterOpts.Recover,
        # Resend, MagicLink, Otp, User, Signups): 30 sign-ups do not use up a client's recoveries.
        **{
            name: (per_5m(s.rate_limit_otp), _BURST)
            for name in ("otp", "magiclink", "recover", "resend", "user", "signup")
        },
        "sso": (per_5m(s.rate_limit_sso), _BURST),
        "web3": (per_5m(s.rate_limit_web3), _BURST),
        "oauth_client_register": (per_5m(s.rate_limit_oauth_client_register), _BURST),
        # GOTRUE_RATE_LIMIT_PASSKEY: upstream's limiter of passkey sign-in options; ours also counts
        # the verifications, in a bucket of their own at the same rate.
        "passkey": (per_5m(s.passkey.rate_limit), _BURST),
        "passkey_verify": (per_5m(s.passkey.rate_limit), _BURST),
        # Upstream has two limiters at this rate: one for challenges, one for verifications.
        "mfa_challenge": (s.rate_limit_challenge_and_verify / 60.0, _BURST),
        "mfa_verify": (s.rate_limit_challenge_and_verify / 60.0, _BURST),
        "anonymous": (s.rate_limit_anonymous_users / 3600.0, s.rate_limit_anonymous_users),
        # Failed attempts per account (ours), at the rates of the matching per-client limiters.
        "verify_account": (per_5m(s.rate_limit_verify), _BURST),
        "mfa_verify_account": (s.rate_limit_challenge_and_verify / 60.0, _BURST),
    }


def _refilled(bucket: tuple[str, str], rate: float, burst: float, now: float) -> float:
    tokens, last = _buckets.get(bucket, (float(burst), now))
    return min(float(burst), tokens + (now - last) * rate)


def _exceeded() -> AuthError:
    return too_many("over_request_rate_limit", "Request rate limit reached")


def client_key() -> str:
    header = current_settings().rate_limit_header
    if not header:
        return ""
    return request.headers.get(header, "").split(",", 1)[0].strip()


def limit(name: str) -> None:
    """Count this request against the client's bucket of limiter `name` (429 when empty)."""
    key = client_key()
    if not key:
        return
    bucket_name = "token" if name == "token_refresh" else name
    rate, burst = _rates()[bucket_name]
    now = time.monotonic()
    with _lock:
        tokens = _refilled((bucket_name, key), rate, burst, now)
        if tokens < 1.0:
            _buckets[(bucket_name, key)] = (tokens, now)
            raise _exceeded()
        _buckets[(bucket_name, key)] = (tokens - 1.0, now)


def check_account(name: str, account: str) -> None:
    """429 when `account` has no failed attempts left at limiter `name` (nothing is counted)."""
    rate, burst = _rates()[name]
    with _lock:
        if _refilled((name, account), rate, burst, time.monotonic()) < 1.0:
            raise _exceeded()


def count_failure(name: str, account: str) -> None:
    """One failed attempt against `account`."""
    rate, burst = _rates()[name]
    now = time.monotonic()
    with _lock:
        _buckets[(name, account)] = (max(_refilled((name, account), rate, burst, now) - 1.0, 0.0), now)


def reset() -> None:
    with _lock:
        _buckets.clear()
