"""The PDF editor (app slug `pdf-editor`): /api/tools/pdf/….

endpoint.py (routes and options), edits.py (page operations, watermark, numbers, compression),
info.py (document info and metadata), overlay.py (text stamped onto pages); redaction*.py and
text_layer.py (true redaction, routes in redaction_endpoint.py)."""
from . import redaction_endpoint  # noqa: F401 — its routes join the blueprint
from .endpoint import bp

__all__ = ["bp"]
