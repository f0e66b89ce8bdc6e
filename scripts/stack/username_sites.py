"""For ./scripts/test: the username checker's sites are played by the local server the BFF's own
tests use (bff/tests/tools_servers/fake_sites.py), so the app's e2e test checks names offline."""
from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from typing import Iterator

from .config import ROOT, StackConfig
from .supervisor import Supervisor

TESTS_DIR = ROOT / "bff" / "tests"
SERVE = ("import sys; from tools_servers import _Server; from tools_servers.fake_sites import FakeSites;"
         " _Server(('127.0.0.1', int(sys.argv[1])), FakeSites).serve_forever()")


@contextmanager
def fake_username_sites(cfg: StackConfig, sup: Supervisor) -> Iterator[None]:
    """Start the sites; a BFF started inside the block reads a site list naming them. Only the BFF
    sees the list: the pytest suite, run later, keeps its own configuration."""
    sys.path.insert(0, str(TESTS_DIR))
    from tools_servers.fake_sites import site_list

    port = cfg.gateway_port + 5
    path = cfg.data_dir / "username-sites.json"
    path.write_text(json.dumps(site_list(f"http://127.0.0.1:{port}")))
    sup.start("fake-sites", [sys.executable, "-c", SERVE, str(port)], port=port, cwd=TESTS_DIR)
    os.environ["TOOLKIT_USERNAME_SITES_FILE"] = str(path)
    try:
        yield
    finally:
        del os.environ["TOOLKIT_USERNAME_SITES_FILE"]
