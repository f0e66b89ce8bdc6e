"""Image metadata (app slug `image-metadata`): read, edit and strip EXIF/GPS.

endpoint.py (/api/tools/metadata…), exif_read.py (grouped reading), exif_write.py (writing),
heic.py (HEIC rewritten by ExifTool), batch.py (many photos into one ZIP)."""

from . import batch  # noqa: F401 — its route joins the blueprint
from .endpoint import bp

__all__ = ["bp"]
