"""gunicorn entry point: `gunicorn -c gunicorn.conf.py wsgi:app` from bff/."""

from toolkit_bff import create_app

app = create_app()
