"""The gunicorn worker class: uvicorn with the uvloop event loop and the httptools parser."""
from uvicorn_worker import UvicornWorker


class RedirectWorker(UvicornWorker):
    CONFIG_KWARGS = {
        "loop": "uvloop",
        "http": "httptools",
        "lifespan": "on",           # startup opens the pool; shutdown flushes the last clicks
        "access_log": False,        # a log line per redirect would cost more than the redirect
        "server_header": False,
        "date_header": False,       # the gateway adds its own
    }
