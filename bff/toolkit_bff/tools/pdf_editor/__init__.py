"""The PDF editor (app slug `pdf-editor`): /api/tools/pdf/….

endpoint.py (the editing routes), reading.py (info, thumbnails, text), models.py (their options and
answers), edits.py (page operations, watermark, numbers, compression), info.py (document info and
metadata), overlay.py (text stamped onto pages); redaction*.py and text_layer.py (true redaction,
routes in redaction_endpoint.py)."""

from . import reading, redaction_endpoint  # noqa: F401 — their routes join the blueprint
from .endpoint import bp

__all__ = ["bp"]
