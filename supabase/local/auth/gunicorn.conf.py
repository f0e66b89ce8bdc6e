"""gunicorn for the local Auth: one process with threads, so rate-limit buckets and e-mail counters
are exact (as in the single upstream binary); bcrypt releases the GIL, so sign-ins use both cores."""
import os

bind = f"{os.environ.get('GOTRUE_API_HOST', '127.0.0.1')}:{os.environ.get('PORT', '9999')}"
workers = 1
threads = int(os.environ.get("LOCAL_AUTH_THREADS", "16"))
worker_class = "gthread"
timeout = 30
accesslog = "-"
errorlog = "-"
loglevel = "warning"


def post_worker_init(worker):
    # Requests gunicorn itself refuses are answered in Auth's JSON error shape, never HTML.
    from local_auth.server_errors import use_json_error_pages

    use_json_error_pages()
