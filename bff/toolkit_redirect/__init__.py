"""The short-link redirect service: GET /s/{code} built for the hottest path of the product.

Runs from the BFF's code base and image as its own process (see redirect_gunicorn.conf.py): gunicorn
with a worker of ours (raw_worker.py) that speaks HTTP/1.1 on uvloop with the httptools parser
(http_protocol.py), no framework and no ASGI layer; the other designs tried are history in
bench/README.md. Per worker it keeps
  - a bounded LRU cache of code → destination, dropped entry by entry on Postgres NOTIFY and
    expiring after a short TTL as a safety net (cache.py, listener.py);
  - clicks of unlimited links counted in memory and added in batches, one statement per flush,
    retried until Postgres takes them, applied exactly once (clicks.py); each click written ahead
    to the worker's journal file before its redirect is sent, so a killed worker loses none: the
    next worker replays it (journal.py);
  - links with a click limit counted one click at a time by the atomic resolve_short_link, so the
    limit is never exceeded (links.py).
"""
