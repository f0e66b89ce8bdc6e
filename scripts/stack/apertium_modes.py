"""Which installed Apertium language pairs can actually translate.

A pair's mode file (`/usr/share/apertium/modes/es-eo.mode`) is the shell pipeline APY runs: each
program and the data files it loads. APY lists every mode file it finds, whether or not those files
exist, so a broken package becomes a pair that is offered and then fails on its first request (502).
Debian's `apertium-eo-es` is one: its es-eo mode names `/usr/share/apertium/apertium-eo-es/…`, while
the package installs its data under `apertium-es-eo/`. The stack therefore hands APY a directory of
links to the pair modes whose every program and file is there (`link_runnable_modes`), and
`scripts/setup` names the ones left out (`python -m stack.apertium_modes`, run from scripts/)."""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

INSTALLED_MODES = Path("/usr/share/apertium/modes")
# APY's own pattern for a translation pair's mode (apertium_apy/mode_search.py): other modes (taggers,
# analysers, variants such as es-eo-no_cg) are not pairs and are never listed.
_LANGUAGE = r"[a-z]{2,3}(?:_[A-Za-z0-9]+)?"
PAIR_MODE = re.compile(rf"^({_LANGUAGE})-({_LANGUAGE})\.mode$")


@dataclass(frozen=True)
class BrokenMode:
    name: str  # e.g. "es-eo"
    missing: tuple[str, ...]  # the programs and files it names that are not there


def pair_modes(directory: Path) -> list[Path]:
    return sorted(path for path in directory.glob("*.mode") if PAIR_MODE.match(path.name))


def missing_parts(mode: Path) -> list[str]:
    """Programs not on PATH and absolute paths that do not exist, in the order the pipeline names them."""
    missing: list[str] = []
    for command in mode.read_text(encoding="utf-8", errors="replace").split("|"):
        try:
            words = shlex.split(command)
        except ValueError:  # unbalanced quotes: the pipeline cannot run as written
            return [command.strip()]
        if not words:
            continue
        if shutil.which(words[0]) is None:
            missing.append(words[0])
        missing += [word for word in words[1:] if word.startswith("/") and not Path(word).exists()]
    return list(dict.fromkeys(missing))


def broken_modes(directory: Path = INSTALLED_MODES) -> list[BrokenMode]:
    found = [(mode, missing_parts(mode)) for mode in pair_modes(directory)]
    return [BrokenMode(mode.name.removesuffix(".mode"), tuple(missing)) for mode, missing in found if missing]


def link_runnable_modes(target: Path, source: Path = INSTALLED_MODES) -> list[BrokenMode]:
    """Fills `target` (emptied first) with links to the runnable pair modes of `source`; returns the
    ones left out. APY follows the links and runs the pipelines as written."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    broken = broken_modes(source)
    left_out = {item.name for item in broken}
    for mode in pair_modes(source):
        if mode.name.removesuffix(".mode") not in left_out:
            (target / mode.name).symlink_to(mode)
    return broken


def describe(broken: list[BrokenMode]) -> list[str]:
    return [
        f"{item.name}: missing {', '.join(item.missing[:3])}{' …' if len(item.missing) > 3 else ''}" for item in broken
    ]


def main() -> int:
    """For scripts/setup: names the installed pairs the translator leaves out, and fails only when no
    pair at all can run (the translator's tests need the real engine)."""
    runnable = len(pair_modes(INSTALLED_MODES)) - len(broken := broken_modes())
    for line in describe(broken):
        print(f"apertium: pair left out, its data is incomplete: {line}")
    if runnable == 0:
        print(f"apertium: no runnable language pair in {INSTALLED_MODES}", file=sys.stderr)
        return 1
    print(f"apertium: {runnable} runnable language pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
