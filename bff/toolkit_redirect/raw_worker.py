"""The redirect service's gunicorn worker: serves RedirectProtocol on gunicorn's sockets with uvloop.

gunicorn -c redirect_gunicorn.conf.py     (from bff/; the settings name this worker)"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import signal
import time

import uvloop
from gunicorn.workers.base import Worker

from .http_protocol import RedirectProtocol
from .redirector import Redirector
from .settings import Settings


class RawRedirectWorker(Worker):
    def load_wsgi(self) -> None:
        # No application to load: the protocol answers from the Redirector itself.
        # gunicorn's stubs type wsgi as an application, which this worker has none of: nothing reads it.
        self.wsgi = None  # type: ignore[assignment]

    def init_signals(self) -> None:
        # The event loop handles the stop signals itself (below); gunicorn's handlers would only
        # set flags nobody reads while the loop runs.
        for sig in self.SIGNALS:
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGUSR1, self.handle_usr1)

    def run(self) -> None:
        uvloop.run(self._serve())

    async def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        stopping = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT):
            loop.add_signal_handler(sig, stopping.set)
        redirector = Redirector(Settings.from_environ())
        await redirector.start()
        # Everything loaded so far lives as long as the worker: out of the collector's sight, a full
        # collection walks only what requests made since, not every module's objects (a stall of
        # the event loop that every waiting redirect would pay in its latency).
        gc.freeze()
        connections: set[RedirectProtocol] = set()

        servers = [
            await loop.create_server(
                lambda: RedirectProtocol(redirector, connections),
                sock=getattr(listener, "sock", listener),
                backlog=self.cfg.backlog,
            )
            for listener in self.sockets
        ]
        self.log.info("redirect worker %s serving (httptools protocol on uvloop)", os.getpid())
        while not stopping.is_set() and self.ppid == os.getppid():
            self.notify()  # gunicorn's heartbeat: a stuck loop gets the worker restarted
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), timeout=max(self.timeout / 2, 1))
        for server in servers:
            server.close()
        # Requests waiting on Postgres get 2 s to finish, then the last clicks are flushed: both
        # within gunicorn's graceful_timeout (10 s), after which the worker would be killed.
        deadline = time.monotonic() + 2.0
        while any(c.busy or c.queue for c in connections) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        for made in list(connections):
            if made.transport:
                made.transport.close()
        await redirector.stop()
