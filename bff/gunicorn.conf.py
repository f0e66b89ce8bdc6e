"""gunicorn settings; every value can be overridden from the environment."""

import multiprocessing
import os

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


def post_worker_init(worker):
    from toolkit_bff.db import open_pool
    from toolkit_bff.jobs.job_pool import start_job_pool
    from toolkit_bff.replica_checks import log_start_checks
    from toolkit_bff.server_errors import use_json_error_pages
    from toolkit_bff.tools.translator.detection import warm_up

    # File jobs start in processes forked ahead of them (toolkit_bff/jobs/job_pool.py), from the first job on.
    start_job_pool(worker.wsgi)
    # Requests gunicorn itself refuses are answered as JSON, like the app's errors.
    use_json_error_pages()
    # Connect the worker's database pool before its first request, not during it.
    open_pool(worker.wsgi)
    warm_up()  # the language model loads in the background, not during the first detection
    # Redis away, or a JWT secret other than the deployment's: said in the log from the start.
    with worker.wsgi.app_context():  # the database's migration level is read through the app's pool
        log_start_checks(worker.wsgi.config)
