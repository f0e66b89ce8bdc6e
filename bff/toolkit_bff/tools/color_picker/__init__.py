"""Colour picker (app slug `color-picker`): the picking runs in the browser; the server only decodes
images the browser cannot (HEIC/HEIF from phones, AVIF or TIFF in some browsers).

endpoint.py (/api/tools/color-picker/decode)."""

from .endpoint import bp

__all__ = ["bp"]
