"""The PDF editor (app slug `pdf-editor`): /api/tools/pdf/….

endpoint.py (routes and options), edits.py (page operations, watermark, numbers, compression),
info.py (document info and metadata), overlay.py (text stamped onto pages)."""
from .endpoint import bp

__all__ = ["bp"]
