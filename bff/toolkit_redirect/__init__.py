"""The short-link redirect service: GET /s/{code} built for the hottest path of the product.

Runs from the BFF's code base and image as its own process (see redirect_gunicorn.conf.py):
a plain ASGI app (no framework) under gunicorn with uvicorn workers. Per worker it keeps
  - a bounded LRU cache of code → destination, dropped entry by entry on Postgres NOTIFY and
    expiring after a short TTL as a safety net (cache.py, listener.py);
  - clicks of unlimited links counted in memory and added in batches, one statement per flush,
    retried until Postgres takes them, applied exactly once (clicks.py);
  - links with a click limit counted one click at a time by the atomic resolve_short_link, so the
    limit is never exceeded (links.py).
"""
