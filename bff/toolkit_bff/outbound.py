"""Outbound HTTP the BFF makes itself (username checker, translator, JWKS), safe against SSRF.

Every request, and every redirect hop (requests sends each hop through the adapter again):
- goes only to a listed host (or a subdomain of one), over http or https, without credentials;
- is resolved first; if any address it resolves to is loopback, private, link-local, multicast,
  reserved, unspecified or otherwise not globally routable (IPv4 and IPv6, IPv4-mapped included),
  it is refused;
- connects to the address that was checked (no second lookup an attacker's DNS could answer
  differently), while TLS still verifies the certificate for the host name;
- counts against the request's budget of outbound requests.

Internal addresses are reachable only through `allow_networks`: the operator's
OUTBOUND_ALLOW_NETWORKS for the services it configured (translator, JWKS; never the username
checker's third-party list), and in tests the loopback address of the local protocol servers
(OUTBOUND_TEST_NETWORKS, honoured only when the app runs with TESTING=True)."""

from __future__ import annotations

import ipaddress
import re
import socket
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import requests
from flask import Flask
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class OutboundRefused(requests.ConnectionError):
    """A request the policy does not allow (callers already handle requests' own errors)."""


class OutboundBudgetExceeded(OutboundRefused):
    pass


class _AddressRefused(Exception):
    """Raised while connecting: deliberately not an OSError, so urllib3 neither retries nor wraps
    it; the adapter turns it into OutboundRefused."""


def parse_networks(values: str | Iterable[str]) -> tuple[Network, ...]:
    if isinstance(values, str):
        values = values.split(",")
    return tuple(ipaddress.ip_network(value.strip(), strict=False) for value in values if value.strip())


_NAT64 = ipaddress.ip_network("64:ff9b::/96")


def address_is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if ip.version == 6:  # IPv6 forms that carry an IPv4 address are judged by that address
        embedded = (
            ip.ipv4_mapped or ip.sixtofour or (ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF) if ip in _NAT64 else None)
        )
        if embedded is not None:
            ip = embedded
    return ip.is_global and not (
        ip.is_multicast or ip.is_reserved or ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_unspecified
    )


@dataclass
class OutboundPolicy:
    hosts: frozenset[str] | None  # None: the caller checks the host itself (it must still be public)
    budget: int
    allow_networks: tuple[Network, ...] = ()
    _used: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def check_url(self, url: str) -> None:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        if parts.scheme not in ("http", "https") or not host or parts.username or parts.password:
            raise OutboundRefused(f"Outbound request refused: {url!r} is not a plain http(s) URL")
        if self.hosts is not None and not any(host == h or host.endswith("." + h) for h in self.hosts):
            raise OutboundRefused(f"Outbound request refused: {host} is not a listed host")
        with self._lock:
            if self._used >= self.budget:
                raise OutboundBudgetExceeded(f"Outbound request refused: budget of {self.budget} used up")
            self._used += 1

    def checked_address(self, host: str, port: int) -> str:
        """The address to connect to: every address host resolves to must be allowed."""
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except socket.gaierror as exc:
            raise _AddressRefused(f"Outbound request refused: {host} does not resolve ({exc})") from None
        # An IPv4 or IPv6 socket address starts with its text (only other families' start otherwise).
        addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
        for address in addresses:
            if not (address_is_public(address) or self._exempt(address)):
                raise _AddressRefused(f"Outbound request refused: {host} resolves to the internal address {address}")
        return addresses[0]

    def _exempt(self, address: str) -> bool:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        return any(ip.version == network.version and ip in network for network in self.allow_networks)


def _checked_connection(base: type[HTTPConnection], policy: OutboundPolicy) -> type[HTTPConnection]:
    """`base` connecting only to the address the policy checked (a class per policy: urllib3 makes
    the connections itself, from the pool's ConnectionCls)."""

    def _new_conn(self: HTTPConnection) -> socket.socket:
        # urllib3 connects to _dns_host and verifies TLS against host: connect to the checked
        # address, keep the name for the certificate.
        self._dns_host = policy.checked_address(self.host.rstrip("."), self.port)
        return base._new_conn(self)

    return type("CheckedConnection", (base,), {"_new_conn": _new_conn})


class CheckedAdapter(requests.adapters.HTTPAdapter):
    def __init__(self, policy: OutboundPolicy, *, pool_connections: int, pool_maxsize: int) -> None:
        self.policy = policy
        super().__init__(pool_connections=pool_connections, pool_maxsize=pool_maxsize)

    def init_poolmanager(self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: object) -> None:
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            "http": type(
                "CheckedPool",
                (HTTPConnectionPool,),
                {"ConnectionCls": _checked_connection(HTTPConnection, self.policy)},
            ),
            "https": type(
                "CheckedTLSPool",
                (HTTPSConnectionPool,),
                {"ConnectionCls": _checked_connection(HTTPSConnection, self.policy)},
            ),
        }

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: float | tuple[float, float] | tuple[float, None] | None = None,
        verify: bool | str = True,
        cert: bytes | str | tuple[bytes | str, bytes | str] | None = None,
        proxies: Mapping[str, str] | None = None,
    ) -> requests.Response:
        self.policy.check_url(request.url or "")
        try:
            return super().send(request, stream, timeout, verify, cert, proxies)
        except _AddressRefused as exc:
            raise OutboundRefused(str(exc), request=request) from None


def internal_address_of(refusal: OutboundRefused) -> str | None:
    """The internal address a refused request's host resolved to, if that was the reason (for
    messages in words; the refusal's own text may carry a resolver's raw error)."""
    match = re.search(r"resolves to the internal address (\S+)", str(refusal))
    return match.group(1) if match else None


def outbound_session(policy: OutboundPolicy, *, pool_size: int = 10) -> requests.Session:
    session = requests.Session()
    session.trust_env = False  # never route through environment proxies (or read .netrc)
    adapter = CheckedAdapter(policy, pool_connections=pool_size, pool_maxsize=pool_size)
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session


def allowed_networks(app: Flask, *, configured_service: bool) -> tuple[Network, ...]:
    """Internal networks this app may reach: the operator's list for services it configured itself,
    and the tests' list only under TESTING or in the test stack's own entry point (test_stack_wsgi)."""
    networks = parse_networks(app.config["OUTBOUND_ALLOW_NETWORKS"]) if configured_service else ()
    if app.testing or app.config.get("OUTBOUND_TEST_STACK"):
        networks += parse_networks(app.config.get("OUTBOUND_TEST_NETWORKS", ()))
    return networks


def service_policy(app: Flask, url: str, budget: int) -> OutboundPolicy:
    """For a service the operator configured by URL: only that host."""
    return OutboundPolicy(
        frozenset({(urlsplit(url).hostname or "").lower()}), budget, allowed_networks(app, configured_service=True)
    )
