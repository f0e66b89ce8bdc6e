"""Can this server reach the internet at all? Asked before a username check fans out to hundreds of
sites, so that a server offline or behind a firewall answers one clear message within two seconds
instead of hundreds of failed rows.

One DNS lookup and one TCP connection to the configured probe (USERNAME_INTERNET_PROBE, `host:port`:
a site of the list in production; the test stack names its local fake internet), each within
PROBE_STEP_SECONDS. The answer is cached briefly per process (USERNAME_INTERNET_CACHE_SECONDS), and
only one probe runs at a time: a burst of checks while offline costs one probe, not one each."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

PROBE_STEP_SECONDS = 0.9  # the lookup and the connection: at most 1.8 s together

_lock = threading.Lock()
_cache: dict[str, tuple[float, str | None]] = {}


# One of getaddrinfo's answers: family, kind, protocol, canonical name, socket address.
AddressInfo = tuple[
    socket.AddressFamily, socket.SocketKind, int, str, tuple[str, int] | tuple[str, int, int, int] | tuple[int, bytes]
]


def _lookup(host: str, port: int) -> list[AddressInfo]:
    """getaddrinfo has no timeout of its own: it runs in a thread we stop waiting for."""
    addresses: list[AddressInfo] = []

    def resolve() -> None:
        with contextlib.suppress(OSError):  # no addresses: said below
            addresses.extend(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))

    worker = threading.Thread(target=resolve, name="internet-probe-dns", daemon=True)
    worker.start()
    worker.join(PROBE_STEP_SECONDS)
    if addresses:
        return addresses
    raise OSError("looking up site addresses " + ("timed out" if worker.is_alive() else "failed"))


def _probe(target: str) -> str | None:
    """None when reachable, else what failed, in words."""
    host, _, port = target.rpartition(":")
    try:
        addresses = _lookup(host, int(port))
    except (OSError, ValueError) as exc:
        return str(exc) if isinstance(exc, OSError) else "the probe address is not host:port"
    ends_at = time.monotonic() + PROBE_STEP_SECONDS
    problem = "connecting failed"
    for family, kind, proto, _, address in addresses:  # e.g. ::1 then 127.0.0.1, as create_connection does
        remaining = ends_at - time.monotonic()
        if remaining <= 0:
            return "connecting timed out"
        try:
            with socket.socket(family, kind, proto) as sock:
                sock.settimeout(remaining)
                sock.connect(address)
            return None
        except TimeoutError:
            problem = "connecting timed out"
        except OSError:
            continue
    return problem


def internet_problem(target: str, cache_seconds: float) -> str | None:
    """None when the internet answered recently, else what failed (cached the same way)."""
    with _lock:
        cached = _cache.get(target)
        if cached and time.monotonic() - cached[0] < cache_seconds:
            return cached[1]
        problem = _probe(target)
        _cache[target] = (time.monotonic(), problem)
        return problem
