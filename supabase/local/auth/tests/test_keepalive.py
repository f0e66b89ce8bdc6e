"""The running Auth keeps an idle keep-alive connection open (gunicorn.conf.py): a client that sends
its next request on a connection idle for a few seconds gets its answer, not a closed socket."""

from __future__ import annotations

import http.client
import os
import select
from urllib.parse import urlsplit

IDLE_SECONDS = 3  # longer than gunicorn's default keep-alive (2 s)


def _health(connection: http.client.HTTPConnection) -> int:
    connection.request("GET", "/health")
    response = connection.getresponse()
    response.read()
    return response.status


def test_a_request_on_a_connection_idle_for_seconds_is_answered():
    url = urlsplit(os.environ["TOOLKIT_AUTH_URL"])
    connection = http.client.HTTPConnection(url.netloc, timeout=10)
    try:
        assert _health(connection) == 200
        # Nothing arrives while the connection is idle: a server closing it makes it readable (EOF).
        readable, _, _ = select.select([connection.sock], [], [], IDLE_SECONDS)
        assert readable == [], "Auth closed the idle connection"
        assert _health(connection) == 200  # on the same connection (http.client would raise if it were closed)
    finally:
        connection.close()
