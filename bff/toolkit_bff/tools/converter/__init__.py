"""The file converter (app slug `converter`, page key `file-converter`): POST /api/tools/convert.

endpoint.py (options and image/PDF conversion), inputs.py (what it takes, checked before the job),
office.py (LibreOffice, sandboxed)."""

from .endpoint import bp, refuse_before_job

__all__ = ["bp", "refuse_before_job"]
