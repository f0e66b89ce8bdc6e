"""Before the runner starts anything: every program the stack and the chosen suites need is
installed, and every port of the run's block is free. Each problem is named; none starts a process."""

from __future__ import annotations

import shutil
import subprocess

from .apertium_modes import INSTALLED_MODES
from .postgres import PG_BIN
from .supervisor import port_holder, port_in_use
from .translation_engine import SYSTEM_PYTHON

BLOCK = 100  # a test stack's ports: base+0 … base+99 (config.test_config)

# program → the Debian package scripts/setup installs it from (None: not installed by it)
ProgramPackages = dict[str, str | None]
STACK_PROGRAMS: ProgramPackages = {
    **{str(PG_BIN / name): "postgresql-15" for name in ("postgres", "initdb", "pg_isready")},
    "redis-server": "redis-server",
    "/usr/sbin/nginx": "nginx",
    SYSTEM_PYTHON: "python3",
}
# The file tools' programs, which the BFF runs for the pytest and browser suites.
TOOL_PROGRAMS: ProgramPackages = {
    "soffice": "libreoffice-writer-nogui",
    "tesseract": "tesseract-ocr",
    "qpdf": "qpdf",
    "exiftool": "libimage-exiftool-perl",
    "pdftoppm": "poppler-utils",
    "bwrap": "bubblewrap",
    "cwebp": "webp",
    "zbarimg": "zbar-tools",
}
# Node.js is not installed by scripts/setup, only checked for (it says how to get it).
NODE_PROGRAMS: ProgramPackages = {"node": None, "npm": None}
SUITE_PROGRAMS: dict[str, ProgramPackages] = {
    "pgtap": {"pg_prove": "libtap-parser-sourcehandler-pgtap-perl"},
    "pytest": TOOL_PROGRAMS,
    "vitest": NODE_PROGRAMS,
    "auth": NODE_PROGRAMS,
    "playwright": NODE_PROGRAMS | TOOL_PROGRAMS | {"chromium": "chromium"},
    "size": NODE_PROGRAMS,
    "bench": TOOL_PROGRAMS | {"wrk": "wrk"},
}


def missing_programs(suites: list[str]) -> list[str]:
    wanted = STACK_PROGRAMS | {
        program: package for suite in suites for program, package in SUITE_PROGRAMS.get(suite, {}).items()
    }
    missing = [
        f"{program} ({f'Debian package {package}' if package else 'Node.js 20 or newer'})"
        for program, package in wanted.items()
        if not shutil.which(program)
    ]
    if (
        shutil.which(SYSTEM_PYTHON)
        and subprocess.run([SYSTEM_PYTHON, "-c", "import apertium_apy"], capture_output=True).returncode != 0
    ):
        missing.append("the apertium_apy module of /usr/bin/python3 (Debian package apertium-apy)")
    if not INSTALLED_MODES.is_dir():
        missing.append(f"{INSTALLED_MODES} (Apertium's language pairs: apertium-eng-spa and the others)")
    return missing


def taken_ports(base: int) -> list[int]:
    return [port for port in range(base, base + BLOCK) if port_in_use(port)]


def problems(suites: list[str], base: int) -> list[str]:
    """Everything that would stop the run, each said once; empty when it can start."""
    found = [f"missing: {item}; ./scripts/setup installs it or says how" for item in missing_programs(suites)]
    taken = taken_ports(base)
    if taken:
        found.append(
            f"port {taken[0]} of the block {base}–{base + BLOCK - 1} is already in use by "
            f"{port_holder(taken[0])} ({len(taken)} of its ports are taken): another run on this block? "
            "TOOLKIT_TEST_PORT_BASE picks another"
        )
    return found
