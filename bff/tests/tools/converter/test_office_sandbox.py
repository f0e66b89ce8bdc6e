"""LibreOffice runs sandboxed (toolkit_bff/tools/converter/office.py): no network, none of the BFF's
environment, limits of its own."""
from __future__ import annotations

from http.server import BaseHTTPRequestHandler
from pathlib import Path

from fixtures import samples
from fixtures.tools_support import upload
from tools_servers import serve
from toolkit_bff.jobs.limits import Deadline
from toolkit_bff.jobs.processes import run_program
from toolkit_bff.tools.converter.office import sandboxed


class RecordingServer(BaseHTTPRequestHandler):
    seen: list[str] = []

    def log_message(self, *args):
        pass

    def do_GET(self):
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


def _in_sandbox(tools_app, tmp_path: Path, script: str, monkeypatch) -> str:
    monkeypatch.setenv("TOOLKIT_JWT_SECRET", "a-secret-the-sandbox-must-not-see-0123456789")
    with tools_app.app_context():
        from toolkit_bff.jobs.limits import Limits

        args = sandboxed(["/usr/bin/python3", "-c", script], tmp_path, Limits.current())
        completed = run_program(args, Deadline(30), cwd=tmp_path, env={}, inherit_env=False)
    return completed.stdout.decode() + completed.stderr.decode()


def test_sandbox_has_no_secrets_and_no_network(tools_app, tmp_path, monkeypatch):
    with serve(RecordingServer) as base:
        port = base.rsplit(":", 1)[1]
        output = _in_sandbox(tools_app, tmp_path, (
            "import os, socket, resource\n"
            "print(sorted(os.environ))\n"
            "print('limit', resource.getrlimit(resource.RLIMIT_AS)[0])\n"
            f"try:\n    socket.create_connection(('127.0.0.1', {port}), timeout=3)\n    print('connected')\n"
            "except OSError as exc:\n    print('refused', exc)\n"), monkeypatch)
    assert "TOOLKIT_JWT_SECRET" not in output and "a-secret" not in output
    assert "'HOME'" in output and "refused" in output and "connected" not in output
    assert f"limit {tools_app.config['TOOLS_OFFICE_MEMORY_BYTES']}" in output


def test_sandbox_sees_only_its_own_folder_writable(tools_app, tmp_path, monkeypatch):
    output = _in_sandbox(tools_app, tmp_path, (
        "import os\n"
        "for path in ['/etc/probe', '/usr/probe', os.path.expanduser('~/probe')]:\n"
        "    try:\n        open(path, 'w').close(); print('wrote', path)\n"
        "    except OSError:\n        print('refused', path)\n"), monkeypatch)
    assert "refused /etc/probe" in output and "refused /usr/probe" in output
    assert f"wrote {tmp_path}/probe" in output
