"""File and lookup tools under /api/tools/… (one module per tool; shared plumbing beside them)."""
from __future__ import annotations

from flask import Flask, current_app

from ..extensions import limiter
from . import convert, metadata, ocr, pdf, qr, translate, username
from .images import enable_decompression_bomb_guard

# Every tool is free to use without signing in and costs real CPU: each is limited per client IP.
# Done once at import, like any decorator, since the blueprints are module-level objects.
limiter.limit(lambda: current_app.config["USERNAME_RATE_LIMIT"])(username.bp)
for _module in (convert, ocr, metadata, pdf, qr, translate):
    limiter.limit(lambda: current_app.config["TOOLS_RATE_LIMIT"])(_module.bp)


def register_tool_blueprints(app: Flask) -> None:
    enable_decompression_bomb_guard(app.config["TOOLS_MAX_IMAGE_PIXELS"])
    for module in (convert, ocr, metadata, pdf, qr, username, translate):
        app.register_blueprint(module.bp, url_prefix="/api/tools")
