"""What one benchmark run produces: its figures (ratios against a baseline measured in the same run),
the checks that its load really happened, its targets, tables and charts. Plain data, saved as JSON
by ./scripts/bench; the report is drawn from the JSON alone.

The verdict never depends on a timing: a run is ok when it completed, produced every figure it
promises, and every load check held (requests answered, jobs finished, no unexpected errors).
Targets (p99 below X, within Y× of the baseline) are reported as met or missed, beside it."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

# A JSON object as json.loads gives it or json.dumps takes it (a results file, a service's answer): its
# values are checked, or only shown, where they are read.
JsonObject = dict[str, Any]
# A benchmark's parameters by name (bench/runner.py: its PARAMS, or the command line's values); each
# benchmark reads its own with the types it gave them.
Params = dict[str, Any]
# A table's cell: a label or a number.
Cell = str | float


@dataclass
class Figure:
    label: str
    value: float
    baseline: str  # what it is measured against, in the same run
    better: str = "lower"  # "lower" or "higher": which way is an improvement
    unit: str = "×"


@dataclass
class Check:
    what: str
    ok: bool
    detail: str = ""


@dataclass
class Target:
    what: str
    met: bool
    detail: str = ""


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[Cell]]


@dataclass
class Chart:
    """Grouped horizontal bars: one group per category, one bar per series. The baseline category
    is drawn apart, so a reader compares every other bar with it."""

    title: str
    unit: str
    categories: list[str]
    series: dict[str, list[float]]
    baseline: str | None = None


@dataclass
class Result:
    name: str
    title: str
    mode: str  # "full" or "smoke"
    params: dict[str, object]
    about: str = ""
    headline: str = ""  # the finding in one sentence, for the report's summary
    figures: dict[str, Figure] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    conditions: dict[str, float] = field(default_factory=dict)  # the machine during the run, by name
    error: str | None = None  # the run stopped early: why
    promised: list[str] = field(default_factory=list)

    def figure(self, key: str, label: str, value: float, baseline: str, better: str = "lower", unit: str = "×") -> None:
        self.figures[key] = Figure(label, value, baseline, better, unit)

    def check(self, what: str, ok: bool, detail: str = "") -> bool:
        self.checks.append(Check(what, bool(ok), detail))
        return bool(ok)

    def target(self, what: str, met: bool, detail: str = "") -> None:
        self.targets.append(Target(what, bool(met), detail))

    def problems(self) -> list[str]:
        """Why this run is not ok; empty when it is."""
        found = [f"stopped: {self.error}"] if self.error else []
        missing = [key for key in self.promised if key not in self.figures]
        found += [f"figure not produced: {key}" for key in missing]
        found += [
            f"figure {key} is {f.value}"
            for key, f in self.figures.items()
            if not isinstance(f.value, (int, float)) or not math.isfinite(f.value)
        ]
        found += [
            f"load check failed: {c.what}" + (f" ({c.detail})" if c.detail else "") for c in self.checks if not c.ok
        ]
        if not self.checks and not self.error:
            found.append("no load check ran")
        return found

    @property
    def ok(self) -> bool:
        return not self.problems()

    def to_json(self) -> JsonObject:
        return asdict(self) | {"ok": self.ok, "problems": self.problems()}


def ratio(value: float, baseline: float) -> float:
    """value / baseline, NaN when the baseline is 0 (a figure that is NaN fails the run)."""
    return value / baseline if baseline else float("nan")
