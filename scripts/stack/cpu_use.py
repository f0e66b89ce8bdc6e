"""CPU seconds the test stack's processes have used: with the suite's own (suite_run.py), what a
suite costs, whatever the neighbours on a shared machine do to its wall-clock time (the runner's
summary prints both)."""

from __future__ import annotations

import os
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, int]]:
    """pid → (parent pid, CPU ticks of the process and of the children it has reaped)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue  # exited meanwhile
        fields = stat[stat.rindex(")") + 2 :].split()  # state ppid pgrp session … utime stime cutime cstime
        found[int(entry.name)] = (int(fields[1]), sum(int(value) for value in fields[11:15]))
    return found


def trees_cpu_seconds(roots: list[int]) -> float:
    """Every live process under and including `roots` (by parent links, which also reach the Postgres
    backends that leave the postmaster's session), with what each has reaped: taken before and after
    a suite, the test stack's work for it."""
    procs = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in procs.items():
        children.setdefault(parent, []).append(pid)
    ticks, todo = 0, [root for root in roots if root in procs]
    while todo:
        pid = todo.pop()
        ticks += procs[pid][1]
        todo += children.get(pid, [])
    return ticks / CLOCK_TICKS
