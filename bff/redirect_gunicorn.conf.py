"""gunicorn settings of the redirect service; every value can be overridden from the environment.

    gunicorn -c redirect_gunicorn.conf.py     (from bff/)

The worker (toolkit_redirect.raw_worker) speaks HTTP itself on gunicorn's sockets: there is no WSGI or
ASGI app to name on the command line.
"""

import multiprocessing
import os

bind = [os.environ.get("REDIRECT_BIND", "127.0.0.1:5001")]
# A gateway on the same host comes in through a unix socket as well (scripts/stack/gateway.py): no
# TCP on either side of the hop, about a third of what the hop cost (bench/README.md).
if os.environ.get("REDIRECT_SOCKET", "").strip():
    bind.append("unix:" + os.environ["REDIRECT_SOCKET"].strip())
# One event loop per core: a redirect never blocks, so more workers would only compete for CPU.
workers = int(os.environ.get("REDIRECT_WORKERS", multiprocessing.cpu_count()))
# HTTP straight on an asyncio Protocol: ~40 % less CPU per redirect than the ASGI app under uvicorn
# that it replaced (both measured in bench/README.md).
worker_class = "toolkit_redirect.raw_worker.RawRedirectWorker"
# gunicorn insists on an application name; the worker never loads it (RawRedirectWorker.load_wsgi).
wsgi_app = "toolkit_redirect.http_protocol:RedirectProtocol"
# A stopping worker flushes its last clicks (up to 7 s of retries while Postgres is away).
graceful_timeout = 10
keepalive = 5  # above the gateway's 1 s upstream keep-alive: nginx closes idle connections first
limit_request_line = 8190
accesslog = None
