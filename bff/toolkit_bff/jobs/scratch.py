"""Scratch directories of tool jobs: one per job, named after the worker that made it, so the
directories of a worker that was killed before it could clean up are recognised at the next start."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from pathlib import Path

from flask import current_app, request

from ..errors import out_of_disk_space

SCRATCH_PREFIX = "toolkit-job-"


def scratch_parent() -> Path:
    return Path(current_app.config.get("TOOLS_TMP_DIR") or tempfile.gettempdir())


def make_scratch_dir() -> Path:
    """The job's directory, refused (503 insufficient_storage) unless the disk has the configured
    reserve free beyond the request's own size: a job is not started only to fail half-way, and the
    last of the disk is left to the rest of the server. A disk that fills up during the job is
    answered the same way (errors.py) and the directory is removed all the same."""
    parent = scratch_parent()
    needed = current_app.config["TOOLS_SCRATCH_MIN_FREE_BYTES"] + (request.content_length or 0)
    if shutil.disk_usage(parent).free < needed:
        raise out_of_disk_space()
    path = parent / f"{SCRATCH_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:12]}"
    (path / "tmp").mkdir(parents=True)
    return path


def remove_stale_scratch(parent: Path) -> list[Path]:
    """Remove the scratch directories of workers that no longer run (killed before cleaning up)."""
    removed = []
    for path in parent.glob(f"{SCRATCH_PREFIX}*"):
        owner = path.name[len(SCRATCH_PREFIX) :].partition("-")[0]
        if owner.isdigit() and not _alive(int(owner)):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
