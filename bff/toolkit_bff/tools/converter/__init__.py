"""The file converter (app slug `converter`, page key `file-converter`): POST /api/tools/convert.

endpoint.py (options and image/PDF conversion), office.py (LibreOffice, sandboxed)."""
from .endpoint import bp

__all__ = ["bp"]
