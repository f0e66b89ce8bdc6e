"""Image metadata (app slug `image-metadata`): read, edit and strip EXIF/GPS.

endpoint.py (/api/tools/metadata…), exif_read.py (grouped reading), exif_write.py (writing)."""
from .endpoint import bp

__all__ = ["bp"]
