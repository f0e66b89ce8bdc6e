"""Results files of one host over time: bench/results/<date>-<host>.json. A run is compared with the
previous file of the same host, figure by figure (each a ratio against a baseline measured in its
own run, so two runs on differently loaded days still compare); a figure more than 20 % worse than
before is flagged. Figures of a benchmark that FAILed in the previous run are not compared with."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

from .result import JsonObject

RESULTS_DIR = Path(__file__).resolve().parent / "results"
THRESHOLD = 0.20
STAMP = "%Y-%m-%d-%H%M"
NAME = re.compile(r"^(\d{4}-\d{2}-\d{2}-\d{4})-(.+)\.json$")


def host_name() -> str:
    return re.sub(r"[^A-Za-z0-9.-]+", "-", socket.gethostname()) or "host"


def previous_file(results_dir: Path, host: str, before: str) -> Path | None:
    """The latest results file of `host` whose name sorts before `before` (names start with the date)."""
    found = sorted(
        p
        for p in results_dir.glob(f"*-{host}.json")
        if (m := NAME.match(p.name)) and m.group(2) == host and p.name < before
    )
    return found[-1] if found else None


def load(path: Path | None) -> JsonObject | None:
    return json.loads(path.read_text()) if path else None


def worse_by(better: str, old: float, new: float) -> float:
    """How much worse `new` is than `old` (0.25 = 25 % worse; negative = better)."""
    if not old or old != old or new != new:
        return 0.0
    return new / old - 1 if better == "lower" else 1 - new / old


def compare(current: JsonObject, previous: JsonObject | None) -> list[JsonObject]:
    """One entry per figure both runs produced: the old and new values and whether it regressed."""
    if not previous or previous.get("mode") != current.get("mode"):
        return []
    # A benchmark that FAILed then did not run the load its figures claim: no baseline to compare with.
    old = {(r["name"], key): fig for r in previous["results"] if r.get("ok", True) for key, fig in r["figures"].items()}
    rows = []
    for result in current["results"]:
        for key, fig in result["figures"].items():
            before = old.get((result["name"], key))
            if before is None:
                continue
            change = worse_by(fig["better"], before["value"], fig["value"])
            rows.append(
                {
                    "benchmark": result["name"],
                    "figure": key,
                    "label": fig["label"],
                    "better": fig["better"],
                    "previous": before["value"],
                    "value": fig["value"],
                    "worse_by": change,
                    "flagged": change > THRESHOLD,
                }
            )
    return rows
