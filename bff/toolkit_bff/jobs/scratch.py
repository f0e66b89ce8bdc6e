"""Scratch directories of tool jobs: one per job, named after the worker that made it, so the
directories of a worker that was killed before it could clean up are recognised at the next start."""
from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from pathlib import Path

from flask import current_app

SCRATCH_PREFIX = "toolkit-job-"


def scratch_parent() -> Path:
    return Path(current_app.config.get("TOOLS_TMP_DIR") or tempfile.gettempdir())


def make_scratch_dir() -> Path:
    path = scratch_parent() / f"{SCRATCH_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:12]}"
    (path / "tmp").mkdir(parents=True)
    return path


def remove_stale_scratch(parent: Path) -> list[Path]:
    """Remove the scratch directories of workers that no longer run (killed before cleaning up)."""
    removed = []
    for path in parent.glob(f"{SCRATCH_PREFIX}*"):
        owner = path.name[len(SCRATCH_PREFIX):].partition("-")[0]
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
