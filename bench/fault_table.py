"""One row per fault of the fault run, and how a row is read from what the clients saw."""

from __future__ import annotations

from dataclasses import dataclass, field

from .fault_load import Record


@dataclass
class Row:
    fault: str
    load: str
    errors: str  # what clients saw go wrong, e.g. "37 of 5,210 (0.7 %)"
    recover: str  # from the fault to the end of the last error a client saw
    lost: str  # what is gone for good (the invariant's measure)
    held: bool  # the case's invariant held
    notes: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        mark = "" if self.held else " **FAILED**"
        return f"| {self.fault} | {self.load} | {self.errors} | {self.recover} | {self.lost}{mark} |"


HEADER = "| fault | load | errors seen by clients | time to recover | data lost |\n|---|---|---|---|---|"


def errors_cell(record: Record, kind: str | None = None) -> str:
    total, errors = len(record.of(kind)), len(record.errors(kind))
    share = f" ({100 * errors / total:.1f} %)" if total and errors else ""
    return f"{errors:,} of {total:,}{share}"


def recover_cell(record: Record, fault_at: float, kind: str | None = None) -> str:
    """Seconds from the fault until the last error a client saw ended (0 s: no client saw one)."""
    last, first = record.last_error_end(kind), record.first_error_start(kind)
    if last is None or first is None:  # both None, or neither: read from the same errors
        return "0 s (no errors)"
    return f"{max(0.0, last - fault_at):.1f} s (errors from {first - fault_at:+.1f} s)"


def load_problems(
    record: Record, kinds: list[str], fault_at: float, fault_end: float, during: bool = True
) -> list[str]:
    """What says the load a row is about did not happen: a kind with no successful answer before the
    fault or after it, or (`during`) no successful answer of any kind while it lasted. A row whose
    load did not run proves nothing, so it fails."""
    ok = [o for o in record.of() if o.ok]
    problems = [
        f"no successful {kind} {phase} the fault"
        for kind in kinds
        for phase, count in (
            ("before", sum(1 for o in ok if o.kind == kind and o.ended < fault_at)),
            ("after", sum(1 for o in ok if o.kind == kind and o.ended > fault_end)),
        )
        if count == 0
    ]
    if during and not any(fault_at <= o.ended <= fault_end for o in ok):
        problems.append(f"no successful {' or '.join(kinds)} while the fault lasted")
    return problems


def kinds_note(record: Record, kind: str | None = None, limit: int = 4) -> str:
    kinds = record.error_kinds(kind)
    if not kinds:
        return "no errors"
    shown = ", ".join(f"{name} ×{count}" for name, count in list(kinds.items())[:limit])
    more = len(kinds) - limit
    return shown + (f", {more} more kinds" if more > 0 else "")


def print_row(row: Row) -> None:
    print(f"\n{HEADER}\n{row.markdown()}", flush=True)
    for note in row.notes:
        print(f"  - {note}", flush=True)


def print_table(rows: list[Row], setting: str) -> None:
    print(f"\n\033[1m══ faults ══\033[0m  {setting}\n\n{HEADER}")
    for row in rows:
        print(row.markdown())
    print()
    for row in rows:
        for note in row.notes:
            print(f"- {row.fault}: {note}")
    failed = [row.fault for row in rows if not row.held]
    print(
        f"\nFaults: {len(rows) - len(failed)} held, {len(failed)} failed"
        + (f" ({', '.join(failed)})" if failed else ""),
        flush=True,
    )
