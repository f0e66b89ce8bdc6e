"""File and lookup tools under /api/tools/…: one package per tool, named after the app's slug
(app/src/tools/<slug>/ with underscores); what they share is in toolkit_bff/jobs/."""

from __future__ import annotations

from flask import Flask

from ..auth import check_session
from ..extensions import limiter
from ..jobs.child_jobs import run_as_job
from ..jobs.images import enable_decompression_bomb_guard
from ..jobs.pdfdocs import set_stream_limits
from ..jobs.progress import run_as_progress_job
from ..jobs.scratch import remove_stale_scratch, scratch_parent
from ..limit_shares import limit_of
from . import (
    color_picker,
    converter,
    image_metadata,
    image_to_text,
    pdf_editor,
    qr_generator,
    translator,
    username_checker,
)

TOOLS = (converter, image_to_text, image_metadata, pdf_editor, qr_generator, username_checker, translator, color_picker)
# The tools that process files: every POST of theirs runs as a bounded job (jobs/child_jobs.py).
JOB_TOOLS = (converter, image_to_text, image_metadata, pdf_editor, qr_generator, color_picker)

# Every tool is free to use without signing in and costs real CPU: each is limited per client IP.
# Done once at import, like any decorator, since the blueprints are module-level objects.
limiter.limit(lambda: limit_of("USERNAME_RATE_LIMIT"))(username_checker.bp)
for _tool in TOOLS:
    if _tool is not username_checker:
        limiter.limit(lambda: limit_of("TOOLS_RATE_LIMIT"))(_tool.bp)

# The tools that read the caller's token ask, as the data API does, whether its session still stands
# (401 session_not_found once signed out or deleted) and its assurance level suffices (403
# mfa_required), before any upload is read.
for _tool in (converter, translator, username_checker, color_picker):
    _tool.bp.before_request(check_session)
# Then, before a job starts, the converter refuses what it cannot convert and the QR code generator
# what it cannot draw (answered at once, no job).
converter.bp.before_request(converter.refuse_before_job)
qr_generator.bp.before_request(qr_generator.refuse_before_job)


def register_tool_blueprints(app: Flask) -> None:
    enable_decompression_bomb_guard(app.config["TOOLS_MAX_IMAGE_PIXELS"])
    set_stream_limits(app.config["TOOLS_PDF_MAX_STREAM_BYTES"])
    for tool in TOOLS:
        app.register_blueprint(tool.bp, url_prefix="/api/tools")
    for rule in app.url_map.iter_rules():
        if rule.endpoint.partition(".")[0] in {t.bp.name for t in JOB_TOOLS} and "POST" in (rule.methods or ()):
            view = app.view_functions[rule.endpoint]
            # Long jobs that report progress answer as a progress stream (jobs/progress.py).
            wrap = run_as_progress_job if getattr(view, "streams_progress", False) else run_as_job
            app.view_functions[rule.endpoint] = wrap(view)
    with app.app_context():
        remove_stale_scratch(scratch_parent())
