"""The key a client is counted under (rate limits, concurrent tool jobs): its IP address, or for
IPv6 its /64 — one subscriber usually gets a whole /64 and can rotate addresses inside it."""
from __future__ import annotations

import ipaddress

from flask import request


def client_key(address: str | None) -> str:
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "unknown"
    if ip.version == 6:
        if ip.ipv4_mapped:  # ::ffff:a.b.c.d is an IPv4 client
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def request_client_key() -> str:
    """flask-limiter's key function: behind the gateway, ProxyFix makes remote_addr the client."""
    return client_key(request.remote_addr)
