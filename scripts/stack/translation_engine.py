"""For ./scripts/test: the translator's engine is played by the local LibreTranslate-protocol server the
BFF's own tests use (bff/tests/tools_servers/fake_libretranslate.py), so the app's e2e test goes
page → BFF → engine over real HTTP, offline."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

from .config import ROOT, StackConfig
from .supervisor import Supervisor

TESTS_DIR = ROOT / "bff" / "tests"
SERVE = ("import sys; from tools_servers import _Server; from tools_servers.fake_libretranslate import FakeLibreTranslate;"
         " _Server(('127.0.0.1', int(sys.argv[1])), FakeLibreTranslate).serve_forever()")


@contextmanager
def fake_translation_engine(cfg: StackConfig, sup: Supervisor) -> Iterator[None]:
    """Start the engine; a BFF started inside the block is configured with it. Only the BFF sees the
    URL: the pytest suite, run later, configures its own engines (and tests the unconfigured 503)."""
    port = cfg.gateway_port + 6
    sup.start("fake-libretranslate", [sys.executable, "-c", SERVE, str(port)], port=port, cwd=TESTS_DIR)
    os.environ["LIBRETRANSLATE_URL"] = f"http://127.0.0.1:{port}"
    try:
        yield
    finally:
        del os.environ["LIBRETRANSLATE_URL"]
