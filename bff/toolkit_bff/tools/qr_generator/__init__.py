"""The QR code generator (app slug `qr-generator`): POST /api/tools/qr.

endpoint.py (rendering), encoder.py (the modules, from libqrencode), models.py (its options),
payloads.py (text, URL, Wi-Fi, e-mail, phone, vCard)."""

from .endpoint import bp, refuse_before_job

__all__ = ["bp", "refuse_before_job"]
