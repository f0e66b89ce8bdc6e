"""The username checker (app slug `username-checker`): GET /api/tools/username/{name}.

endpoint.py (the NDJSON stream), sites.py (the site list and how an answer is read)."""
from .endpoint import bp

__all__ = ["bp"]
