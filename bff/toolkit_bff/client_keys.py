"""The key a client is counted under (rate limits, concurrent tool jobs): its IP address, or for
IPv6 its /64 (toolkit_redirect.rules.client_key, which the redirect service counts password
attempts under too)."""

from __future__ import annotations

from flask import request

from toolkit_redirect.rules import client_key

__all__ = ["client_key", "request_client_key"]


def request_client_key() -> str:
    """flask-limiter's key function: behind the gateway, ProxyFix makes remote_addr the client."""
    return client_key(request.remote_addr)
