"""The translator's engine in dev and test: Apertium APY (Debian `apertium-apy`) with the language
pairs scripts/setup installs, on loopback. APY reads a directory of links to the pairs whose data is
all installed (apertium_modes.py), so it never offers a pair that cannot translate.

APY listens on every interface and has no option for it, so it is started through Debian's own
Python with Tornado's bind address fixed to 127.0.0.1. Pipelines start on a pair's first request
(under a second) and stop after ten idle minutes, so an unused pair costs no memory."""

from __future__ import annotations

import json
import urllib.request

from .apertium_modes import describe, link_runnable_modes
from .config import StackConfig
from .supervisor import Supervisor

SYSTEM_PYTHON = "/usr/bin/python3"  # apertium-apy is a Debian Python package, not in .venv
LOOPBACK_APY = (
    "import sys, tornado.tcpserver\n"
    "bind = tornado.tcpserver.TCPServer.bind\n"
    "tornado.tcpserver.TCPServer.bind = lambda self, port, address=None, *a, **k: bind(self, port, '127.0.0.1', *a, **k)\n"
    "sys.argv = ['apertium-apy'] + sys.argv[1:]\n"
    "from apertium_apy.apy import main\n"
    "main()\n"
)


def lists_pairs(url: str) -> bool:
    """Ready when /listPairs names at least one pair."""
    try:
        with urllib.request.urlopen(f"{url}/listPairs", timeout=2) as response:
            return bool(json.load(response).get("responseData"))
    except (OSError, ValueError):
        return False


def start_apertium(cfg: StackConfig, sup: Supervisor) -> list[str]:
    """Starts APY on the runnable pairs; returns a line for each installed pair left out."""
    port = cfg.apertium_port
    modes = cfg.data_dir / "apertium-modes"
    left_out = link_runnable_modes(modes)
    sup.start(
        "apertium",
        [
            SYSTEM_PYTHON,
            "-c",
            LOOPBACK_APY,
            "--port",
            str(port),
            "--max-idle-secs",
            "600",
            "--timeout",
            "20",
            str(modes),
        ],
        port=port,
        env={"LC_ALL": "C.UTF-8"},
        ready=lambda: lists_pairs(cfg.apertium_url),
    )
    return describe(left_out)
