"""A scratch disk that is nearly or completely full: the file tools refuse with a clear 503
`insufficient_storage` (JSON, Retry-After) and leave no partial file behind."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from fixtures import samples
from fixtures.tools_support import assert_json_error, upload

BFF_DIR = Path(__file__).resolve().parents[2]


def test_a_job_is_refused_before_it_starts_when_the_disk_is_short_of_its_reserve(tools_app, tools_client):
    scratch = Path(tools_app.config["TOOLS_TMP_DIR"])
    # "Nearly full" for this test: the reserve asked for is more than the disk has free right now.
    tools_app.config["TOOLS_SCRATCH_MIN_FREE_BYTES"] = shutil.disk_usage(scratch).free + 2**30
    response = upload(tools_client, "/api/tools/convert", (samples.image_bytes("PNG"), "a.png"), format="bmp")
    error = assert_json_error(response, 503, "insufficient_storage")
    assert "disk space" in error["message"]
    assert response.headers["Retry-After"] == "60"
    assert list(scratch.iterdir()) == []


# Runs in a user and mount namespace of its own (no privileges needed, as bubblewrap's sandbox): a
# real 1 MB tmpfs is the scratch disk, so the job meets a real ENOSPC half-way through its output.
FULL_DISK = r"""
import io, json, os, subprocess, sys
mount = sys.argv[1]
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount], check=True)
from PIL import Image
from toolkit_bff import create_app
from fixtures.tools_support import upload, signed_in_token, TOOLS_JWT_SECRET

def png(side):
    buffer = io.BytesIO()
    Image.new("RGB", (side, side), (200, 30, 40)).save(buffer, "PNG")
    return buffer.getvalue()

app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "JWT_SECRET": TOOLS_JWT_SECRET,
                  "DATABASE_URL": os.environ["TOOLKIT_DATABASE_URL"], "TOOLS_TMP_DIR": mount,
                  "TOOLS_SCRATCH_MIN_FREE_BYTES": 0})
client = app.test_client()
client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {signed_in_token()}"
answers = []
for side in (1000, 100):  # a 3 MB BMP does not fit in 1 MB; a 30 KB one does
    response = upload(client, "/api/tools/convert", (png(side), "red.png"), format="bmp")
    answers.append({"status": response.status_code, "json": response.get_json(silent=True),
                    "retry_after": response.headers.get("Retry-After"), "size": len(response.data),
                    "left": os.listdir(mount)})
app.extensions["db_pool"].close()
print(json.dumps(answers))
"""


def test_a_disk_that_fills_up_during_a_job_is_a_clear_error_and_leaves_nothing(tmp_path):
    mount = tmp_path / "scratch"
    mount.mkdir()
    result = subprocess.run(
        ["unshare", "--user", "--map-root-user", "--mount", sys.executable, "-c", FULL_DISK, str(mount)],
        cwd=BFF_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": f"{BFF_DIR}:{BFF_DIR / 'tests'}"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    too_big, small = json.loads(result.stdout.splitlines()[-1])
    assert too_big["status"] == 503, too_big
    assert too_big["json"]["error"]["code"] == "insufficient_storage"
    assert too_big["retry_after"] == "60"
    assert too_big["left"] == []  # the job's partial output went with its scratch directory
    assert (small["status"], small["left"]) == (200, [])
    assert small["size"] > 30_000
