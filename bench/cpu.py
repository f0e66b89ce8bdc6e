"""CPU accounting from /proc: what the processes a benchmark started used, and what the rest of the
machine used meanwhile. CPU time per request depends much less than latency on the neighbours."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def machine_cpu() -> float:
    """CPU seconds every process on the machine has used (steal included: the host took it)."""
    user, nice, system, _idle, _iowait, _irq, _softirq, steal = map(int, Path("/proc/stat").read_text().split()[1:9])
    return (user + nice + system + steal) / CLOCK_TICKS  # irq/softirq time belongs to no process: left out


def processes() -> dict[int, tuple[int, int]]:
    """Every process: pid → (parent pid, CPU ticks used so far)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue  # exited meanwhile
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) ": state ppid pgrp session …
        found[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))  # utime + stime
    return found


def descendants(procs: dict[int, tuple[int, int]], roots: Iterable[int]) -> set[int]:
    """The roots and every process under them (Postgres backends call setsid(), so process groups
    and sessions would miss them; the parent links do not)."""
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    tree, todo = set[int](), list(roots)
    while todo:
        pid = todo.pop()
        if pid in procs and pid not in tree:
            tree.add(pid)
            todo.extend(children.get(pid, []))
    return tree


def cpu_used(before: dict[int, tuple[int, int]], after: dict[int, tuple[int, int]], pids: set[int]) -> float:
    """CPU seconds the given processes used between two snapshots (a new process: all of its time)."""
    return sum(after[pid][1] - before.get(pid, (0, 0))[1] for pid in pids if pid in after) / CLOCK_TICKS


def children_cpu() -> float:
    """CPU seconds of this process's reaped children (wrk, the CLI baselines)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def listening_pids(port: int) -> set[int]:
    out = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True).stdout
    return {int(pid) for pid in re.findall(r"pid=(\d+)", out)}


def tree_cpu(roots: Iterable[int]) -> float:
    """CPU seconds used so far by the roots and every process under them."""
    procs = processes()
    return sum(procs[pid][1] for pid in descendants(procs, roots)) / CLOCK_TICKS


def port_cpu(port: int) -> float:
    """CPU seconds used so far by the server listening on `port` and its workers."""
    return tree_cpu(listening_pids(port))


@dataclass
class Share:
    """How the machine's cores were used over an interval: by what we started (the stack, this
    process and its children) and by everything else ("others": the neighbours)."""

    seconds: float
    ours: float  # cores
    others: float  # cores


class Meter:
    """Start/stop CPU accounting over an interval, for the stack's processes and this one."""

    def __init__(self, roots: Iterable[int]) -> None:
        self.roots = set(roots) | {os.getpid()}

    def __enter__(self) -> Meter:
        self.started, self.machine = time.monotonic(), machine_cpu()
        self.client, self.procs = children_cpu(), processes()
        return self

    def __exit__(self, *exc: object) -> None:
        procs, elapsed = processes(), max(time.monotonic() - self.started, 1e-6)
        ours = cpu_used(self.procs, procs, descendants(procs, self.roots)) + children_cpu() - self.client
        machine = machine_cpu() - self.machine
        self.share = Share(elapsed, ours / elapsed, max(0.0, machine - ours) / elapsed)
