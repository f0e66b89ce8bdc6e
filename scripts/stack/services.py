"""The BFF and the app build: the parts of the stack that are our own code."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from functools import partial

from .auth import app_password_policy_env
from .config import ROOT, StackConfig
from .ratelimit_store import storage_env
from .readiness import healthy
from .supervisor import Supervisor

VENV_BIN = ROOT / ".venv" / "bin"
APP_DIR = ROOT / "app"
# The test stack's BFF processes, whatever the machine's cores (gunicorn's default follows them): the
# tests of the job slots fill exactly this many workers' slots (bff/tests/jobs/test_fair_shares.py).
TEST_BFF_WORKERS = 2


def start_bff(cfg: StackConfig, sup: Supervisor) -> None:
    """Every BFF instance (cfg.replicas), identical but for the port."""
    for instance, port in enumerate(cfg.bff_ports):
        start_bff_instance(cfg, sup, instance, port)


def bff_env(cfg: StackConfig, port: int) -> dict[str, str]:
    env = (
        cfg.service_env()
        | storage_env(cfg)
        | {
            "GUNICORN_BIND": f"127.0.0.1:{port}",
            # The local Auth's key set is on loopback, which outbound requests refuse unless allowed.
            "TOOLKIT_OUTBOUND_ALLOW_NETWORKS": "127.0.0.1/32",
            # The translator's engine: Apertium APY on loopback (APERTIUM_APY_URL is in service_env).
            "TOOLKIT_TRANSLATION_ENGINE": "apertium",
            # How many instances share the limits: each worker's share of a limit while Redis is away.
            "TOOLKIT_REPLICAS": str(cfg.replicas),
        }
    )
    if cfg.name == "test":
        env |= test_stack_bff_env(cfg)
        env["GUNICORN_WORKERS"] = str(TEST_BFF_WORKERS)
    return env


def start_bff_instance(cfg: StackConfig, sup: Supervisor, instance: int, port: int) -> None:
    # The test stack's own entry point lets the username checker reach its local fake sites.
    entry = "test_stack_wsgi:app" if cfg.name == "test" else "wsgi:app"
    sup.start(
        instance_name("bff", instance),
        [str(VENV_BIN / "gunicorn"), "-c", "gunicorn.conf.py", entry],
        port=port,
        env=bff_env(cfg, port),
        cwd=ROOT / "bff",
        ready=lambda: healthy(f"http://127.0.0.1:{port}/api/health"),
    )


def instance_name(service: str, instance: int) -> str:
    """The first instance keeps the service's name (its log file too): bff, bff-2, …"""
    return service if instance == 0 else f"{service}-{instance + 1}"


def test_stack_bff_env(cfg: StackConfig) -> dict[str, str]:
    """The test stack also runs a second Auth with anonymous sign-ins and the OAuth 2.1 server on (the
    same database and signing key: scripts/stack/auth.py), so its BFF accepts those sessions, as a
    deployment with the switches on would: the tests through the gateway show what they may do. The
    production default (off: such tokens refused) is tested on apps the tests build themselves. The
    gateway also answers on 127.0.0.1: one more origin whose /s/ links are ours."""
    own = [f"http://127.0.0.1:{port}" for port in (cfg.gateway_port, cfg.replicas_gateway_port) if port]
    return {
        "TOOLKIT_ACCEPT_ANONYMOUS_USERS": "true",
        "TOOLKIT_ACCEPT_OAUTH_CLIENTS": "true",
        "TOOLKIT_OWN_ORIGINS": ",".join(own),
    }


def start_redirect(cfg: StackConfig, sup: Supervisor) -> None:
    """The short-link redirect service: the BFF's code and Python environment, its own processes."""
    for instance, port in enumerate(cfg.redirect_ports):
        env = cfg.service_env() | {
            "REDIRECT_BIND": f"127.0.0.1:{port}",
            "REDIRECT_SOCKET": str(cfg.redirect_socket_of(instance)),  # the gateway's way in
            # Clicks written ahead, replayed if a worker is killed (journal.py).
            "TOOLKIT_REDIRECT_JOURNAL_DIR": str(cfg.redirect_journal_dir),
        }
        sup.start(
            instance_name("redirect", instance),
            [str(VENV_BIN / "gunicorn"), "-c", "redirect_gunicorn.conf.py"],
            port=port,
            env=env,
            cwd=ROOT / "bff",
            ready=partial(redirects_home, f"http://127.0.0.1:{port}/s/readiness-check"),
        )


def redirects_home(url: str) -> bool:
    """Ready when an unknown code is sent home (`/?link=unknown`), which needs Postgres to answer."""
    request = urllib.request.Request(url, method="GET")
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=2):
            return False  # anything but a redirect
    except urllib.error.HTTPError as exc:
        return exc.code == 302 and urllib.parse.urlsplit(exc.headers.get("Location", "")).path == "/"
    except OSError:
        return False


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _app_sources_digest() -> str:
    """Hash of everything that goes into the build, so an unchanged app is not rebuilt."""
    digest = hashlib.sha256()
    # spec-constants/ too: the app imports the SPEC constants from there.
    tracked = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "app", "spec-constants"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in sorted(tracked):
        path = ROOT / name
        if path.is_file():
            digest.update(name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build_app() -> bool:
    """Build app/dist unless it is current; returns True when it built."""
    stamp = APP_DIR / "dist" / ".toolkit-build"
    build_env = app_password_policy_env()
    want = hashlib.sha256((_app_sources_digest() + json.dumps(build_env, sort_keys=True)).encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return False
    # The bundle alone: the type check (npm run build's tsc -b) is the lint suite's, which runs beside
    # the other suites; here it held up the stack's start by ~14 s, one core idle.
    subprocess.run(["npm", "run", "bundle", "--silent"], cwd=APP_DIR, check=True, env={**os.environ, **build_env})
    stamp.write_text(want)
    return True
