"""Local HTTP servers that speak third-party protocols (sites for the username checker, LibreTranslate)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class _Server(ThreadingHTTPServer):
    request_queue_size = 128  # the username checker opens many connections at once
    daemon_threads = True


@contextmanager
def serve(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve handler on a free loopback port in a thread; yields the base URL."""
    server = _Server(("127.0.0.1", 0), handler)
    # shutdown() waits for the loop to look at its flag: every 0.5 s by default, half a second
    # added to every test that serves sites.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
