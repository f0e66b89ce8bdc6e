"""File and lookup tools under /api/tools/… (one module per tool; shared plumbing beside them)."""
from __future__ import annotations

from flask import Flask

from .images import enable_decompression_bomb_guard


def register_tool_blueprints(app: Flask) -> None:
    from . import convert, metadata, ocr, pdf, qr, translate, username

    enable_decompression_bomb_guard(app.config["TOOLS_MAX_IMAGE_PIXELS"])
    for module in (convert, ocr, metadata, pdf, qr, username, translate):
        app.register_blueprint(module.bp, url_prefix="/api/tools")
