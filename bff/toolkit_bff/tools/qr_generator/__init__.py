"""The QR code generator (app slug `qr-generator`): POST /api/tools/qr.

endpoint.py (options, rendering), payloads.py (text, URL, Wi-Fi, e-mail, phone, vCard)."""
from .endpoint import bp

__all__ = ["bp"]
