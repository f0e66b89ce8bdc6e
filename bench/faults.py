"""The fault run: a throw-away stack of its own, each fault injected while load runs, each case's
invariant checked against the database, one table of what users saw and what was lost.

    ./scripts/test --faults [--rate 500] [--only redirect,postgres-fast,…] [--keep]
    .venv/bin/python -m bench.faults …          (the same, from the repository root)

Ports from FAULTS_PORT_BASE (default 61500; base+0…base+99, like TOOLKIT_TEST_PORT_BASE). It starts
every part through scripts/stack as ./scripts/test does (Postgres durable, as in production), never
touches a stack it did not start (a port already taken stops it before anything starts, naming the
process holding it; a process is only ever signalled if it descends from a service it started), and
stops everything it started by process id, Ctrl-C and SIGTERM included. Not part of the default run.
Cases, in order (names for --only):
    redirect             redirect workers SIGKILLed under paced redirects (the journal on)
    redirect-no-journal  the same with the journal off, to show what it saves
    postgres-fast        Postgres fast shutdown + start under redirects and paste writes
    postgres-immediate   the same with an immediate shutdown (crash recovery)
    bff                  a BFF worker SIGKILLed mid-job, then one mid-upload
    disk                 the scratch disk nearly full, then full during jobs (root: a tmpfs of its own)
    redis                the rate-limit store killed and started again
    auth, auth-crash     the local Auth restarted (SIGTERM) / killed (SIGKILL) under signed-in users
    realtime             the local Realtime restarted under an open tab (headless Chromium)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from scripts.stack.config import test_config
from scripts.stack.services import build_app
from scripts.stack.stack import say, start_stack
from scripts.stack.supervisor import StackError, ensure_port_free, raise_on_termination_signals

from . import fault_cases_data as data
from . import fault_cases_jobs as jobs
from . import fault_cases_sessions as sessions
from .fault_stack import FaultStack, RecordingSupervisor
from .fault_table import Row, print_row, print_table

CASES = [
    "redirect",
    "redirect-no-journal",
    "postgres-fast",
    "postgres-immediate",
    "bff",
    "disk",
    "redis",
    "auth",
    "auth-crash",
    "realtime",
]
# A reserve below one job's 36 MB result (the default is 64 MB), so a single job can fill the disk.
SCRATCH_MB, RESERVE_MB = 320, 16
NO_JOURNAL = "/proc/toolkit-no-journal"  # cannot be made: the workers count in memory only


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="scripts/test --faults", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=500, help="requests/s of the paced loads (default 500)")
    parser.add_argument("--only", default="", help=f"comma-separated cases: {', '.join(CASES)}")
    parser.add_argument("--keep", action="store_true", help="keep the stack's directory (logs) afterwards")
    args = parser.parse_args(argv)
    args.cases = [c for c in args.only.split(",") if c] or CASES
    unknown = set(args.cases) - set(CASES)
    if unknown:
        parser.error(f"unknown case(s): {', '.join(sorted(unknown))}")
    return args


async def run_cases(
    stack: FaultStack, cases: list[str], rate: float, scratch: Path, tmpdir: Path, mounted: bool
) -> list[Row]:
    rows: list[Row] = []
    wanted = set(cases)
    users = []
    if wanted & {"bff", "disk"}:
        users = [stack.create_user()[1]["access_token"] for _ in range(4)]

    async def case(name: str, run: Callable[[], Awaitable[Row | list[Row]]]) -> None:
        if name not in wanted:
            return
        say(f"case {name}")
        started = time.monotonic()
        try:
            made = await run()
        except (RuntimeError, OSError, StackError, ValueError) as exc:  # could not run: a failed row, the rest go on
            made = Row(name, "—", "—", "—", f"case did not complete: {exc}", False)
        for row in made if isinstance(made, list) else [made]:
            row.notes.append(f"case took {time.monotonic() - started:.0f} s")
            print_row(row)
            rows.append(row)
        for name_exited in stack.all_running():  # a later case needs the whole stack
            say(f"{name_exited} exited during the case: starting it again")
            stack.sup.services.remove(stack.service(name_exited))
            stack.start_service(name_exited)

    await case("redirect", lambda: data.redirect_worker_kill(stack, rate * 0.8))
    if "redirect-no-journal" in wanted:
        stack.stop_service("redirect")
        stack.start_service("redirect", {"TOOLKIT_REDIRECT_JOURNAL_DIR": NO_JOURNAL})
        await case("redirect-no-journal", lambda: data.redirect_worker_kill(stack, rate * 0.8, journal=False))
        stack.stop_service("redirect")
        stack.start_service("redirect")
    await case("postgres-fast", lambda: data.postgres_restart(stack, "fast", rate))
    await case("postgres-immediate", lambda: data.postgres_restart(stack, "immediate", rate))
    await case("bff", lambda: jobs.bff_worker_kill(stack, scratch, tmpdir, users))
    if mounted:
        await case("disk", lambda: jobs.disk_full(stack, scratch, users, RESERVE_MB))
    elif "disk" in wanted:
        rows.append(Row("Scratch disk full", "—", "—", "—", "not run: mounting its tmpfs needs root", False))
    await case("redis", lambda: data.redis_down(stack, rate * 0.2))
    # Users of their own for each: a session's refresh tokens are used up by the case that refreshes them.
    await case("auth", lambda: sessions.auth_restart(stack, [stack.create_user()[1] for _ in range(20)], crash=False))
    await case(
        "auth-crash", lambda: sessions.auth_restart(stack, [stack.create_user()[1] for _ in range(20)], crash=True)
    )
    await case(
        "realtime",
        lambda: sessions.realtime_restart(stack, stack.create_user(admin=True)[1]["access_token"], stack.cfg.data_dir),
    )
    return rows


def refuse_taken_ports(base: int) -> None:
    """Every port of the run's range must be free before anything starts: a port in use belongs to
    something this run did not start (another stack, perhaps), and the run never works against it."""
    for port in range(base, base + 100):
        ensure_port_free(port)


def setting(args: argparse.Namespace) -> str:
    load = os.getloadavg()
    return (
        f"{os.cpu_count()} cores, load average {load[0]:.1f} at the end · paced load {args.rate:g} req/s · "
        f"Postgres durable (fsync on) · BFF and redirect service 2 workers each"
    )


def main(argv: list[str]) -> int:
    args = parse(argv)
    base = os.environ.get("FAULTS_PORT_BASE", "61500")
    try:
        refuse_taken_ports(int(base))
    except StackError as exc:
        say(f"error: {exc}; the fault run only works on a stack of its own (FAULTS_PORT_BASE picks its ports)")
        return 1
    os.environ["TOOLKIT_TEST_PORT_BASE"] = base  # test_config() offsets every port from it
    data_dir = Path(tempfile.mkdtemp(prefix="toolkit-faults-"))
    os.chmod(data_dir, 0o755)  # the postgres OS user must reach the cluster inside it
    cfg = test_config(data_dir)
    scratch, tmpdir = data_dir / "scratch", data_dir / "tmp"
    scratch.mkdir()
    tmpdir.mkdir()
    # Every service gets these (the supervisor passes the environment on): paste writes at hundreds
    # a second from one address, the file tools' scratch on a disk of its own, temporary files apart.
    os.environ.update(
        {
            "TOOLKIT_ANON_WRITE_RATE_LIMIT": "1000000 per minute",
            "TOOLKIT_TOOLS_TMP_DIR": str(scratch),
            "TOOLKIT_TOOLS_SCRATCH_MIN_FREE_MB": str(RESERVE_MB),
            "TMPDIR": str(tmpdir),
        }
    )
    raise_on_termination_signals()
    sup = RecordingSupervisor(cfg.log_dir)
    mounted, rows = False, []
    try:
        if "realtime" in args.cases:
            say("building the app" if build_app() else "app build is current")
        if os.geteuid() == 0:
            subprocess.run(
                ["mount", "-t", "tmpfs", "-o", f"size={SCRATCH_MB}m,mode=1777", "tmpfs", str(scratch)], check=True
            )
            mounted = True
        say(f"starting a stack of the fault run's own on ports {base}+ (data in {data_dir})")
        start_stack(cfg, sup, durable=True)
        rows = asyncio.run(run_cases(FaultStack(cfg, sup), args.cases, args.rate, scratch, tmpdir, mounted))
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)  # the clean-up itself is not interrupted
        if sup.services:
            say("stopping every process the fault run started")
        sup.stop_all()
        if mounted:
            subprocess.run(["umount", str(scratch)], check=False)
        if args.keep:
            say(f"kept {data_dir}")
        else:
            shutil.rmtree(data_dir, ignore_errors=True)
    print_table(rows, setting(args))
    return 0 if rows and all(row.held for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
