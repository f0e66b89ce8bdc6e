"""gunicorn settings of the redirect service; every value can be overridden from the environment.

    gunicorn -c redirect_gunicorn.conf.py toolkit_redirect.asgi:app     (from bff/)

The app named is the ASGI one (design A); design B's worker serves the same Redirector directly.
"""
import multiprocessing
import os

bind = os.environ.get("REDIRECT_BIND", "127.0.0.1:5001")
# One event loop per core: a redirect never blocks, so more workers would only compete for CPU.
workers = int(os.environ.get("REDIRECT_WORKERS", multiprocessing.cpu_count()))
# Design B (HTTP straight on an asyncio Protocol) measured ~40 % less CPU per redirect than design A
# (the ASGI app under uvicorn's worker, toolkit_redirect.worker.RedirectWorker); see bench/README.md.
worker_class = os.environ.get("REDIRECT_WORKER_CLASS", "toolkit_redirect.raw_worker.RawRedirectWorker")
# A stopping worker flushes its last clicks (up to 7 s of retries while Postgres is away).
graceful_timeout = 10
keepalive = 5  # above the gateway's 1 s upstream keep-alive: nginx closes idle connections first
limit_request_line = 8190
accesslog = None
