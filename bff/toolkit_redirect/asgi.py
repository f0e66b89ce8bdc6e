"""The ASGI entry point: `gunicorn -c redirect_gunicorn.conf.py toolkit_redirect.asgi:app` from bff/."""
from .app import create_app

app = create_app()
