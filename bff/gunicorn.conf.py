"""gunicorn settings; every value can be overridden from the environment."""

from __future__ import annotations

import multiprocessing
import os
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from flask import Flask
    from gunicorn.workers.base import Worker

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:5000")
# Requests mostly wait on Postgres or on file processing: threads share one pool per worker.
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count()))
threads = int(os.environ.get("GUNICORN_THREADS", 4))
worker_class = "gthread"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 75))  # above the 60 s job limit
graceful_timeout = 10
# Request lines up to 8 KB, like the gateway's buffers (gunicorn's default 4 KB would answer an
# HTML 414 of its own before Flask could answer JSON).
limit_request_line = 8190
# Access lines come from the app itself (JSON with a request id), so gunicorn logs none.
accesslog = None


def post_worker_init(worker: Worker) -> None:
    from toolkit_bff.db import open_pool
    from toolkit_bff.jobs.job_pool import start_job_pool
    from toolkit_bff.replica_checks import log_start_checks
    from toolkit_bff.server_errors import use_json_error_pages
    from toolkit_bff.tools.translator.detection import warm_up

    # The entry point's object (wsgi.py, test_stack_wsgi.py: create_app()'s Flask app); gunicorn's
    # stubs know it only as a WSGI callable.
    app = cast("Flask", worker.wsgi)
    # File jobs start in processes forked ahead of them (toolkit_bff/jobs/job_pool.py), from the first job on.
    start_job_pool(app)
    # Requests gunicorn itself refuses are answered as JSON, like the app's errors.
    use_json_error_pages()
    # Connect the worker's database pool before its first request, not during it.
    open_pool(app)
    warm_up()  # the language model loads in the background, not during the first detection
    # Redis away, or a JWT secret other than the deployment's: said in the log from the start.
    with app.app_context():  # the database's migration level is read through the app's pool
        log_start_checks(app.config)
