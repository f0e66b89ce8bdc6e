"""The images run what the local stack runs, as non-root, and the Dockerfiles pass hadolint."""

import dataclasses
import json
import re
import subprocess
from pathlib import Path

import pytest
from deploy_support import ROOT, services

from stack.config import dev_config
from stack.ratelimit_store import start_ratelimit_store
from stack.services import start_bff, start_redirect

HADOLINT = ROOT / ".venv" / "bin" / "hadolint"
DOCKERFILES = [ROOT / "bff" / "Dockerfile", ROOT / "app" / "Dockerfile"]
# Where the app's nginx proxies to when compose sets nothing (app/nginx-start.sh).
APP_UPSTREAM_DEFAULTS = dict(
    re.findall(r'^\w+="\$\{(\w+_UPSTREAM):-([^}]+)\}"$', (ROOT / "app" / "nginx-start.sh").read_text(), re.M)
)


class RecordingSupervisor:
    """Stands in for the local stack's supervisor: records what it would start."""

    def __init__(self):
        self.started = {}

    def start(self, name, cmd, **options):
        self.started[name] = {"cmd": cmd, **options}


def _instructions(dockerfile: Path) -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", dockerfile.read_text())
    pairs = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            pairs.append((keyword.upper(), rest.strip()))
    return pairs


def _final_stage(dockerfile: Path) -> list[tuple[str, str]]:
    pairs = _instructions(dockerfile)
    last_from = max(i for i, (k, _) in enumerate(pairs) if k == "FROM")
    return pairs[last_from:]


def _last(pairs, keyword):
    values = [v for k, v in pairs if k == keyword]
    assert values, f"no {keyword}"
    return values[-1]


@pytest.fixture
def local_bff():
    supervisor = RecordingSupervisor()
    cfg = dev_config()
    start_bff(cfg, supervisor)
    return supervisor.started["bff"]


def test_the_bff_image_runs_the_local_gunicorn_command(local_bff):
    stage = _final_stage(ROOT / "bff" / "Dockerfile")
    image_cmd = json.loads(_last(stage, "CMD"))
    local_cmd = local_bff["cmd"]
    assert Path(local_cmd[0]).name == image_cmd[0] == "gunicorn"
    assert image_cmd[1:] == local_cmd[1:]
    # From the same directory: the image's WORKDIR holds bff/ as the local command's cwd does.
    assert local_bff["cwd"] == ROOT / "bff"
    assert _last(stage, "WORKDIR") == "/srv/bff"
    assert "bff/ /srv/bff/" in [v for k, v in stage if k == "COPY"]
    # Compose does not replace it.
    assert "command" not in services()["bff"] and "entrypoint" not in services()["bff"]


def test_the_bff_listens_where_the_app_proxies_it():
    stage = _final_stage(ROOT / "bff" / "Dockerfile")
    env = " ".join(v for k, v in stage if k == "ENV")
    assert "GUNICORN_BIND=0.0.0.0:5000" in env
    assert APP_UPSTREAM_DEFAULTS["BFF_UPSTREAM"] == "http://bff:5000"


def test_the_redirect_service_runs_the_local_command_from_the_bff_image():
    supervisor = RecordingSupervisor()
    start_redirect(dev_config(), supervisor)
    local = supervisor.started["redirect"]
    redirect = services()["redirect"]
    assert redirect["build"] == services()["bff"]["build"]  # the BFF's code and Python environment
    assert Path(local["cmd"][0]).name == redirect["command"][0] == "gunicorn"
    assert redirect["command"][1:] == local["cmd"][1:]
    assert local["cwd"] == ROOT / "bff"  # the image's WORKDIR, as for the BFF
    # It listens where the app's nginx sends /s/.
    port = redirect["environment"]["REDIRECT_BIND"].rsplit(":", 1)[1]
    assert APP_UPSTREAM_DEFAULTS["REDIRECT_UPSTREAM"] == f"http://redirect:{port}"


def test_the_rate_limit_store_runs_with_the_local_flags(tmp_path):
    supervisor = RecordingSupervisor()
    cfg = dataclasses.replace(dev_config(), data_dir=tmp_path)
    start_ratelimit_store(cfg, supervisor)
    local = supervisor.started["redis"]["cmd"]
    # Addresses and directories are the machine's own; the behaviour flags must be the same.
    where = {"--bind", "--port", "--dir", "--protected-mode"}
    local_flags = [arg for i, arg in enumerate(local[1:], 1) if arg not in where and local[i - 1] not in where]
    production = services()["redis"]["command"]
    assert production[0] == Path(local[0]).name == "redis-server"
    assert production[1:] == local_flags


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_images_run_as_an_unprivileged_user(dockerfile):
    user = _last(_final_stage(dockerfile), "USER")
    assert user not in ("root", "0") and user.split(":")[0].isdigit(), f"USER {user}: use a fixed non-root uid"


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_base_images_are_pinned(dockerfile):
    for keyword, value in _instructions(dockerfile):
        if keyword == "FROM":
            image = value.split()[0]
            assert re.search(r":\d+\.\d+\.\d+", image), f"{image} is not pinned to a patch version"


def test_the_bff_image_has_the_tools_system_packages():
    text = (ROOT / "bff" / "Dockerfile").read_text()
    for package in (
        "tesseract-ocr-eng",
        "tesseract-ocr-deu",
        "tesseract-ocr-fra",
        "tesseract-ocr-spa",
        "libreoffice-writer-nogui",
        "libreoffice-calc-nogui",
        "libreoffice-impress-nogui",
        "bubblewrap",
        "libimage-exiftool-perl",
        "libqrencode4",
    ):
        assert package in text, package


def test_the_app_image_serves_the_build_with_the_production_nginx_config():
    stage = _final_stage(ROOT / "app" / "Dockerfile")
    copies = [v for k, v in stage if k == "COPY"]
    assert "app/nginx.conf /etc/nginx/nginx.conf" in copies
    # The headers file nginx.conf includes, and the entrypoint that renders TRUSTED_PROXY_CIDRS for it.
    assert "app/nginx-headers.conf /etc/nginx/toolkit-headers.conf" in copies
    assert "include /etc/nginx/toolkit-headers.conf;" in (ROOT / "app" / "nginx.conf").read_text()
    assert "app/nginx-errors.conf /etc/nginx/toolkit-errors.conf" in copies
    assert "include /etc/nginx/toolkit-errors.conf;" in (ROOT / "app" / "nginx.conf").read_text()
    assert "app/nginx-start.sh /usr/local/bin/nginx-start.sh" in copies
    assert json.loads(_last(stage, "ENTRYPOINT")) == ["/bin/sh", "/usr/local/bin/nginx-start.sh"]
    assert "--from=build /src/app/dist /usr/share/nginx/html" in copies
    assert "root /usr/share/nginx/html;" in (ROOT / "app" / "nginx.conf").read_text()
    assert "listen 8080;" in (ROOT / "app" / "nginx.conf").read_text()
    assert services()["app"]["ports"] == ["${APP_BIND:-0.0.0.0}:${APP_HTTP_PORT:-8000}:8080/tcp"]


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_dockerfiles_pass_hadolint(dockerfile):
    assert HADOLINT.exists(), "hadolint is missing: run ./scripts/setup"
    result = subprocess.run([str(HADOLINT), "--no-color", str(dockerfile)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_hadolint_catches_a_bad_dockerfile(tmp_path):
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN cd /srv && pip install flask\n")
    result = subprocess.run([str(HADOLINT), "--no-color", str(bad)], capture_output=True, text=True)
    assert result.returncode != 0
    assert "DL3007" in result.stdout  # the moving `latest` tag


def test_the_build_contexts_leave_out_local_state():
    bff_ignore = (ROOT / "bff" / "Dockerfile.dockerignore").read_text().splitlines()
    assert bff_ignore[1:4] == ["*", "!requirements.txt", "!bff/"]
    assert "!spec-constants/" in bff_ignore  # the SPEC constants the BFF reads
    app_ignore = (ROOT / "app" / "Dockerfile.dockerignore").read_text().splitlines()
    assert app_ignore[2:5] == ["*", "!app/", "!spec-constants/"]
    assert {"app/node_modules/", "app/dist/"} <= set(app_ignore)
