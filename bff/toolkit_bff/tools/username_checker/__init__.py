"""The username checker (app slug `username-checker`): GET /api/tools/username/{name}.

endpoint.py (the NDJSON stream), reachability.py (is the internet there at all?), probes.py (one
site's request and answer), sites.py (the site list, bot-wall fingerprints, how an answer is read)."""

from .endpoint import bp

__all__ = ["bp"]
