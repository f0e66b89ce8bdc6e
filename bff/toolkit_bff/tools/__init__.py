"""File and lookup tools under /api/tools/… (one module per tool; shared plumbing beside them)."""
from __future__ import annotations

from flask import Flask, current_app

from ..extensions import limiter
from . import convert, metadata, ocr, pdf, qr, translate, username
from .images import enable_decompression_bomb_guard
from .job_scratch import remove_stale_scratch, scratch_parent
from .jobs import run_as_job
from .pdfdocs import set_stream_limits

# The tools that process files: every POST of theirs runs as a bounded job (jobs.py).
JOB_TOOLS = (convert, ocr, metadata, pdf, qr)

# Every tool is free to use without signing in and costs real CPU: each is limited per client IP.
# Done once at import, like any decorator, since the blueprints are module-level objects.
limiter.limit(lambda: current_app.config["USERNAME_RATE_LIMIT"])(username.bp)
for _module in (convert, ocr, metadata, pdf, qr, translate):
    limiter.limit(lambda: current_app.config["TOOLS_RATE_LIMIT"])(_module.bp)


def register_tool_blueprints(app: Flask) -> None:
    enable_decompression_bomb_guard(app.config["TOOLS_MAX_IMAGE_PIXELS"])
    set_stream_limits(app.config["TOOLS_PDF_MAX_STREAM_BYTES"])
    for module in (convert, ocr, metadata, pdf, qr, username, translate):
        app.register_blueprint(module.bp, url_prefix="/api/tools")
    for rule in app.url_map.iter_rules():
        if rule.endpoint.partition(".")[0] in {m.bp.name for m in JOB_TOOLS} and "POST" in rule.methods:
            app.view_functions[rule.endpoint] = run_as_job(app.view_functions[rule.endpoint])
    with app.app_context():
        remove_stale_scratch(scratch_parent())
