"""The WebSocket endpoint and /health. The socket is at /socket/websocket, as on upstream's Phoenix
endpoint (the gateway maps /realtime/v1/* there, as Kong does); /realtime/v1/websocket also answers,
so a supabase-js client can be pointed straight at the service (createClient(serviceUrl, key))."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Mapping
from http import HTTPStatus
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from .channel import Connection
from .config import Config
from .hub import Hub
from .poller import Poller
from .serializer import VERSIONS
from .tokens import TokenError

log = logging.getLogger(__name__)
SOCKET_PATHS = ("/socket/websocket", "/websocket", "/realtime/v1/websocket")


def _json(status: HTTPStatus, body: Mapping[str, object]) -> Response:
    data = json.dumps(body).encode()
    headers = Headers([("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
    return Response(status.value, status.phrase, headers, data)


class Server:
    def __init__(self, config: Config):
        self.config = config
        self.hub = Hub(config)
        self.poller = Poller(config, self.hub.deliver)

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        url = urlsplit(request.path)
        if url.path == "/health":
            ready = self.poller.ready.is_set()
            return _json(
                HTTPStatus.OK if ready else HTTPStatus.SERVICE_UNAVAILABLE,
                {"status": "ok" if ready else "starting", "subscriptions": len(self.hub.registry)},
            )
        if url.path not in SOCKET_PATHS:
            return _json(HTTPStatus.NOT_FOUND, {"error": "Not found"})
        query = parse_qs(url.query)
        apikey = (query.get("apikey") or [""])[0]
        if not apikey:
            return _json(HTTPStatus.UNAUTHORIZED, {"error": "API key is missing"})
        try:
            self.hub.verifier.claims(apikey)
        except TokenError as exc:
            return _json(HTTPStatus.UNAUTHORIZED, {"error": exc.connect_message})
        vsn = (query.get("vsn") or ["1.0.0"])[0]
        if vsn not in VERSIONS:
            return _json(HTTPStatus.BAD_REQUEST, {"error": f"unsupported vsn {vsn}"})
        connection.toolkit_session = (vsn, apikey)  # type: ignore[attr-defined]
        return None

    async def handle(self, websocket: ServerConnection) -> None:
        vsn, apikey = websocket.toolkit_session  # type: ignore[attr-defined]
        with contextlib.suppress(ConnectionClosed):
            await Connection(self.hub, websocket, vsn, apikey).serve()

    async def run(self) -> None:
        poller = asyncio.create_task(self.poller.run())
        try:
            async with serve(
                self.handle,
                self.config.host,
                self.config.port,
                process_request=self.process_request,
                max_size=1024 * 1024,
            ) as server:
                log.info("local realtime listening on %s:%s", self.config.host, self.config.port)
                await asyncio.gather(server.serve_forever(), poller)
        finally:
            poller.cancel()
            await self.hub.close()
