"""gunicorn for the local Auth: one process with threads, so rate-limit buckets and e-mail counters
are exact (as in the single upstream binary); bcrypt releases the GIL, so sign-ins use both cores."""

import os

from gunicorn.workers.base import Worker

bind = f"{os.environ.get('GOTRUE_API_HOST', '127.0.0.1')}:{os.environ.get('PORT', '9999')}"
workers = 1
threads = int(os.environ.get("LOCAL_AUTH_THREADS", "16"))
worker_class = "gthread"
timeout = 30
# Upstream (Go's net/http, no idle timeout) keeps an idle connection open; gunicorn's default closes it
# after 2 s, and a client that sends its next request on it at that moment (httpx, Node and nginx keep
# idle connections 1 to 5 s) gets "Server disconnected" with no answer: the BFF's admin calls did so
# under load. Every client gives up an idle connection long before this.
keepalive = 75
accesslog = "-"
errorlog = "-"
loglevel = "warning"


def post_worker_init(worker: Worker) -> None:
    # Requests gunicorn itself refuses are answered in Auth's JSON error shape, never HTML.
    from local_auth.server_errors import use_json_error_pages

    use_json_error_pages()
