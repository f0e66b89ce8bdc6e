"""LibreOffice runs sandboxed (toolkit_bff/tools/converter/office.py): no network, none of the BFF's
environment, limits of its own."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar

from fixtures import samples
from fixtures.tools_support import upload
from toolkit_bff.jobs.limits import Deadline
from toolkit_bff.jobs.processes import run_program
from toolkit_bff.tools.converter.office import sandboxed
from tools_servers import serve


class RecordingServer(BaseHTTPRequestHandler):
    seen: ClassVar[list[str]] = []  # "METHOD path" of every request

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self.seen.append(f"{self.command} {self.path}")
        self.send_response(404)
        self.end_headers()

    do_OPTIONS = do_HEAD = do_GET


def test_a_docx_with_a_remote_image_makes_no_connection(tools_client):
    """Unsandboxed, LibreOffice asks the server for the picture (OPTIONS, then GET twice)."""
    RecordingServer.seen = []
    with serve(RecordingServer) as base:
        document = samples.docx_with_remote_image(f"{base}/pixel.png")
        response = upload(tools_client, "/api/tools/convert", (document, "remote.docx"), format="pdf")
    assert response.status_code == 200, response.data[:300]
    assert response.data.startswith(b"%PDF")
    assert RecordingServer.seen == []


SECRET = "a-secret-the-sandbox-must-not-see-0123456789"


def _office_environments(scratch: Path, done: threading.Event) -> dict[int, bytes]:
    """The environment of every LibreOffice process working in `scratch`, read from /proc while it
    runs: what the program itself was given, whatever layers stand between it and the BFF."""
    seen: dict[int, bytes] = {}
    while not done.wait(0.02):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if (entry / "exe").resolve().name not in {"soffice.bin", "oosplash"}:
                    continue
                if str(scratch).encode() in (entry / "cmdline").read_bytes():
                    seen[int(entry.name)] = (entry / "environ").read_bytes()
            except OSError:  # gone in the meantime, or not ours to read
                continue
    return seen


def test_libreoffice_never_sees_the_secrets_in_the_worker_s_environment(tools_app, tools_client, monkeypatch):
    monkeypatch.setenv("TOOLKIT_JWT_SECRET", SECRET)  # as the BFF worker has it, and so every child unless kept out
    scratch = Path(tools_app.config["TOOLS_TMP_DIR"])
    done = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        watching = pool.submit(_office_environments, scratch, done)
        try:
            response = upload(
                tools_client, "/api/tools/convert", (samples.docx(["Quarterly report"]), "report.docx"), format="pdf"
            )
        finally:
            done.set()
        environments = watching.result()
    assert response.status_code == 200, response.data[:300]
    assert environments, "no LibreOffice process was seen while the document converted"
    for environ in environments.values():
        variables = dict(v.split(b"=", 1) for v in environ.split(b"\0") if b"=" in v)
        assert variables[b"HOME"].startswith(str(scratch).encode())  # the sandbox's own, so this is LibreOffice's
        assert b"TOOLKIT_JWT_SECRET" not in variables and SECRET.encode() not in environ


def _in_sandbox(tools_app, tmp_path: Path, script: str, monkeypatch) -> str:
    """Run a script under sandboxed() from a process whose environment holds the secret, and hand
    it that environment (inherit_env): only the sandbox keeps it out."""
    monkeypatch.setenv("TOOLKIT_JWT_SECRET", SECRET)
    with tools_app.app_context():
        from toolkit_bff.jobs.limits import Limits

        args = sandboxed(["/usr/bin/python3", "-c", script], tmp_path, Limits.current())
        completed = run_program(args, Deadline(30), cwd=tmp_path, inherit_env=True)
    return completed.stdout.decode() + completed.stderr.decode()


def test_sandbox_has_no_secrets_and_no_network(tools_app, tmp_path, monkeypatch):
    with serve(RecordingServer) as base:
        port = base.rsplit(":", 1)[1]
        output = _in_sandbox(
            tools_app,
            tmp_path,
            (
                "import os, socket, resource\n"
                "print(sorted(os.environ))\n"
                "print('limit', resource.getrlimit(resource.RLIMIT_AS)[0])\n"
                f"try:\n    socket.create_connection(('127.0.0.1', {port}), timeout=3)\n    print('connected')\n"
                "except OSError as exc:\n    print('refused', exc)\n"
            ),
            monkeypatch,
        )
    assert "TOOLKIT_JWT_SECRET" not in output and "a-secret" not in output
    assert "'HOME'" in output and "refused" in output and "connected" not in output
    assert f"limit {tools_app.config['TOOLS_OFFICE_MEMORY_BYTES']}" in output


def test_sandbox_sees_only_its_own_folder_writable(tools_app, tmp_path, monkeypatch):
    output = _in_sandbox(
        tools_app,
        tmp_path,
        (
            "import os\n"
            "for path in ['/etc/probe', '/usr/probe', os.path.expanduser('~/probe')]:\n"
            "    try:\n        open(path, 'w').close(); print('wrote', path)\n"
            "    except OSError:\n        print('refused', path)\n"
        ),
        monkeypatch,
    )
    assert "refused /etc/probe" in output and "refused /usr/probe" in output
    assert f"wrote {tmp_path}/probe" in output
