"""Fault cases on the data path: Postgres restarts under redirects and paste writes, redirect
workers killed, the rate-limit store (Redis) down. Each runs load through the gateway while the
fault happens and checks the database afterwards."""

from __future__ import annotations

import asyncio
import json
import signal
import time
import uuid
from collections.abc import Awaitable, Callable

from .fault_load import Attempt, Pool, Record, paced
from .fault_stack import FaultStack
from .fault_table import Row, errors_cell, kinds_note, load_problems, recover_cell

TARGET = "https://example.com/fault-run"


def redirect_call(pool: Pool, code: str) -> Callable[[int], Awaitable[Attempt]]:
    async def call(_: int) -> Attempt:
        answer = await pool.request("GET", f"/s/{code}")
        ok = answer.status == 302 and answer.headers.get("location") == TARGET
        return (
            ok,
            (
                "302"
                if ok
                else f"302 to {answer.headers.get('location')}"
                if answer.status == 302
                else answer.error_code()
            ),
            None,
        )

    return call


def paste_call(pool: Pool, tag: str) -> Callable[[int], Awaitable[Attempt]]:
    async def call(number: int) -> Attempt:
        body = json.dumps({"content": f"{tag} {number}", "privacy": "unlisted"}).encode()
        answer = await pool.request("POST", "/api/pastes", {"Content-Type": "application/json"}, body)
        if answer.status == 201:
            return True, "201", (answer.json() or {}).get("id")
        return False, answer.error_code(), None

    return call


async def _with_load(
    stack: FaultStack,
    loads: list[tuple[str, float, Callable[[int], Awaitable[Attempt]]]],
    before: float,
    fault: Callable[[], str],
    after: float,
) -> tuple[Record, float, float, str]:
    """Run the paced loads, wait `before` s, run the blocking `fault` in a thread (returns a note),
    then keep the load `after` s more. Returns (record, when the fault began, when it ended, its note)."""
    record, stop = Record(), asyncio.Event()
    tasks = [asyncio.ensure_future(paced(record, kind, rate, stop, call)) for kind, rate, call in loads]
    await asyncio.sleep(before)
    fault_at = time.monotonic()
    note = await asyncio.to_thread(fault)
    fault_end = time.monotonic()
    await asyncio.sleep(after)
    stop.set()
    await asyncio.gather(*tasks)
    return record, fault_at, fault_end, note


def check_clicks(stack: FaultStack, record: Record, code: str) -> tuple[int, int, int]:
    """(redirects seen, clicks lost, clicks counted twice) for the link: a redirect a client saw is
    a click acknowledged, and must be counted exactly once."""
    seen = sum(1 for o in record.of("redirect") if o.ok)
    counted = stack.settled_clicks(code, seen)
    return seen, max(0, seen - counted), max(0, counted - seen)


def check_pastes(stack: FaultStack, record: Record, tag: str) -> tuple[int, int, int]:
    """(acknowledged writes, acknowledged but missing, written though the client saw an error)."""
    acked = [o.value for o in record.of("paste") if o.ok]
    found = {row[0] for row in stack.sql("select id from public.pastes where id = any(%s)", (acked,))}
    written = stack.sql("select count(*) from public.pastes where content like %s", (f"{tag} %",))[0][0]
    return len(acked), len(set(acked) - found), max(0, written - len(acked))


async def postgres_restart(stack: FaultStack, mode: str, rate: float) -> Row:
    """Postgres stopped (fast: SIGINT; immediate: SIGQUIT, crash recovery at start) and started again
    while redirects (4/5 of the rate) and anonymous paste writes (1/5) go through the gateway."""
    code, tag = stack.create_link(TARGET), f"fault-{mode}-{uuid.uuid4().hex[:8]}"
    redirects, pastes = Pool(stack.cfg.gateway_port), Pool(stack.cfg.gateway_port)
    signum = signal.SIGINT if mode == "fast" else signal.SIGQUIT

    def fault() -> str:
        down = stack.stop_service("postgres", signum)
        back = stack.start_service("postgres")
        return f"Postgres stopped in {down:.1f} s, accepting connections {back:.1f} s after start"

    record, fault_at, fault_end, note = await _with_load(
        stack,
        [("redirect", rate * 0.8, redirect_call(redirects, code)), ("paste", rate * 0.2, paste_call(pastes, tag))],
        before=5,
        fault=fault,
        after=12,
    )
    seen, lost, twice = check_clicks(stack, record, code)
    acked, missing, unacked_written = check_pastes(stack, record, tag)
    exited = stack.all_running()
    # Redirects of a link in a worker's cache go on while Postgres is away; paste writes cannot.
    no_load = load_problems(record, ["redirect", "paste"], fault_at, fault_end)
    notes = [
        note,
        kinds_note(record),
        f"{seen:,} redirects seen, clicks counted {seen - lost + twice:,}; {acked:,} paste writes acknowledged, "
        f"{acked - missing:,} of them in the database; {unacked_written} written although the client saw an error",
        f"services that exited: {', '.join(exited) or 'none'}",
    ] + [f"LOAD DID NOT RUN: {p}" for p in no_load]
    return Row(
        f"Postgres restart ({mode} shutdown)",
        f"{rate:g} req/s: {rate * 0.8:g} redirects + {rate * 0.2:g} paste writes",
        errors_cell(record),
        recover_cell(record, fault_at),
        f"{lost} clicks, {missing} pastes ({twice} clicks counted twice)",
        not no_load and lost == 0 and missing == 0 and twice == 0 and not exited,
        notes,
    )


async def redirect_worker_kill(stack: FaultStack, rate: float, kills: int = 3, journal: bool = True) -> Row:
    """Redirect workers SIGKILLed one after another (gunicorn starts new ones) under paced redirects."""
    code = stack.create_link(TARGET)
    pool = Pool(stack.cfg.gateway_port)
    killed: list[int] = []

    def fault() -> str:
        for number in range(kills):
            worker = stack.workers("redirect")[number % 2]
            stack.kill(worker)
            killed.append(worker)
            time.sleep(2.5)
        return f"killed workers {', '.join(map(str, killed))} 2.5 s apart"

    record, fault_at, fault_end, note = await _with_load(
        stack, [("redirect", rate, redirect_call(pool, code))], before=3, fault=fault, after=5
    )
    seen, lost, twice = check_clicks(stack, record, code)
    replaced = len(stack.workers("redirect")) == 2 and not set(killed) & set(stack.workers("redirect"))
    no_load = load_problems(record, ["redirect"], fault_at, fault_end)
    notes = [
        note,
        kinds_note(record),
        f"{seen:,} redirects seen, {seen - lost + twice:,} clicks counted",
        "workers replaced" if replaced else "workers NOT replaced",
    ] + [f"LOAD DID NOT RUN: {p}" for p in no_load]
    label = "Redirect worker SIGKILL" + ("" if journal else " — journal off (before this branch)")
    # With the journal every acknowledged click is counted once. Without it the row shows what is lost
    # (at most a flush interval's clicks per kill), so it holds when its load ran and nothing is counted twice.
    held = not no_load and replaced and twice == 0 and (lost == 0 if journal else True)
    return Row(
        f"{label} ×{kills}",
        f"{rate:g} redirects/s",
        errors_cell(record),
        recover_cell(record, fault_at),
        f"{lost} clicks ({twice} counted twice)",
        held,
        notes,
    )


def username_call(pool: Pool) -> Callable[[int], Awaitable[Attempt]]:
    async def call(_: int) -> Attempt:
        answer = await pool.request("GET", "/api/tools/username/-not-a-name")
        ok = answer.status in (422, 429) and answer.json() is not None  # the name is invalid; or limited
        return ok, answer.error_code(), answer.status

    return call


async def redis_down(stack: FaultStack, rate: float) -> Row:
    """The rate-limit store killed for 8 s, then started again (empty: it keeps nothing on disk),
    while five clients (five addresses) hit a rate-limited endpoint and one writes pastes."""
    tag = f"fault-redis-{uuid.uuid4().hex[:8]}"
    clients = [Pool(stack.cfg.gateway_port, f"127.0.0.{20 + n}") for n in range(5)]
    loads = [("limited", rate / 5 * 0.8, username_call(pool)) for pool in clients]
    loads.append(("paste", rate * 0.2, paste_call(Pool(stack.cfg.gateway_port), tag)))
    phases: dict[str, float] = {}

    def fault() -> str:
        stack.stop_service("redis", signal.SIGKILL)
        phases["down"] = time.monotonic()
        time.sleep(8)
        stack.start_service("redis")
        phases["back"] = time.monotonic()
        return "Redis killed (SIGKILL) and started again after 8 s"

    record, fault_at, fault_end, note = await _with_load(stack, loads, before=4, fault=fault, after=8)
    acked, missing, _ = check_pastes(stack, record, tag)
    no_load = load_problems(record, ["limited", "paste"], fault_at, fault_end)
    statuses = {}
    for label, start, end in (
        ("before", 0, phases["down"]),
        ("down", phases["down"], phases["back"]),
        ("after", phases["back"], float("inf")),
    ):
        # The statuses username_call recorded as each request's value.
        answers = [o.value for o in record.of("limited") if start <= o.started < end and isinstance(o.value, int)]
        statuses[label] = {status: answers.count(status) for status in sorted(set(answers))}
    five_hundreds = sum(1 for o in record.outcomes if o.detail.startswith("500"))
    notes = [
        note,
        kinds_note(record),
        "rate-limited endpoint answers by phase (status: count): "
        + "; ".join(f"{label} {counts}" for label, counts in statuses.items()),
        f"{acked:,} paste writes acknowledged, {acked - missing:,} in the database",
    ]
    notes += [f"LOAD DID NOT RUN: {p}" for p in no_load]
    limited_while_down = statuses["down"].get(429, 0) > 0
    return Row(
        "Redis (rate-limit store) down 8 s",
        f"{rate:g} req/s: 5 clients on a limited endpoint + paste writes",
        errors_cell(record),
        recover_cell(record, fault_at),
        f"{missing} pastes; 500s: {five_hundreds}",
        not no_load and five_hundreds == 0 and missing == 0 and limited_while_down,
        notes,
    )
