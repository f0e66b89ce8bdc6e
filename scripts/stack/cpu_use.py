"""CPU seconds a process tree has used: what a suite costs, whatever the neighbours on a shared
machine do to its wall-clock time (the runner's summary prints both)."""
from __future__ import annotations

import os
import resource
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
        fields = stat[stat.rindex(")") + 2:].split()  # state ppid pgrp session … utime stime cutime cstime
        found[int(entry.name)] = (int(fields[1]), sum(int(value) for value in fields[11:15]))
    return found


def tree_cpu_seconds(root: int | None = None) -> float:
    """Every live process under `root` (this process by default; by parent links, which also reach the
    Postgres backends that leave the postmaster's session), with what each has reaped, plus what the
    root itself has reaped. Taken before and after a suite, the difference is what the suite cost,
    the stack's work for it included."""
    root = root or os.getpid()
    procs = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in procs.items():
        children.setdefault(parent, []).append(pid)
    ticks, todo = 0, list(children.get(root, []))
    while todo:
        pid = todo.pop()
        ticks += procs[pid][1]
        todo += children.get(pid, [])
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN) if root == os.getpid() else None
    return ticks / CLOCK_TICKS + (reaped.ru_utime + reaped.ru_stime if reaped else 0.0)
