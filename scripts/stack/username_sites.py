"""For ./scripts/test: the username checker's sites are played by the local server the BFF's own
tests use (bff/tests/tools_servers/fake_sites.py), so the app's e2e test checks names offline.

The same process plays "the internet" for the checker's reachability check: the BFF is told
explicitly where it is (TOOLKIT_USERNAME_INTERNET_PROBE, a port of that process, by name so a real
lookup happens), and tests can switch it off and on (POST /__internet/off, /__internet/on)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from .config import ROOT, StackConfig
from .supervisor import Supervisor

TESTS_DIR = ROOT / "bff" / "tests"
SERVE = "import sys; from tools_servers.fake_sites import serve_stack; serve_stack(int(sys.argv[1]), int(sys.argv[2]))"
# The BFF's view of them (read at its start; the pytest suite, run later, configures its own apps).
# Sites answer within 2 s except HoldSite, which tests release themselves; the answer about the
# internet is not kept (0 s), so the first check after a test switches it sees the change, in every
# worker, with no wait.
BFF_ENV = {"TOOLKIT_USERNAME_SITE_TIMEOUT": "20", "TOOLKIT_USERNAME_INTERNET_CACHE_SECONDS": "0"}


def fake_sites_url(cfg: StackConfig) -> str:
    """For the tests that hold checks or switch the internet off (pytest and Playwright)."""
    return f"http://127.0.0.1:{cfg.gateway_port + 5}"


@contextmanager
def fake_username_sites(cfg: StackConfig, sup: Supervisor) -> Iterator[None]:
    """Start the sites; a BFF started inside the block reads a site list naming them."""
    sys.path.insert(0, str(TESTS_DIR))
    from tools_servers.fake_sites import site_list

    port, internet_port = cfg.gateway_port + 5, cfg.gateway_port + 7
    path = cfg.data_dir / "username-sites.json"
    path.write_text(json.dumps(site_list(f"http://127.0.0.1:{port}")))
    sup.start("fake-sites", [sys.executable, "-c", SERVE, str(port), str(internet_port)], port=port, cwd=TESTS_DIR)
    env = BFF_ENV | {
        "TOOLKIT_USERNAME_SITES_FILE": str(path),
        "TOOLKIT_USERNAME_INTERNET_PROBE": f"localhost:{internet_port}",
    }
    os.environ.update(env)
    try:
        yield
    finally:
        for name in env:
            del os.environ[name]
