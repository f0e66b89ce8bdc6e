"""Load loops for bench.auth: closed loop (N clients back to back) and open loop (a fixed request
schedule). A scenario is `make(index) -> request`, where request() returns True when answered as
expected; a client whose request raised (a dropped connection) is made again."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

# A client's request: True when answered as expected; a scenario makes one client per index.
Request = Callable[[], bool]
MakeClient = Callable[[int], Request]
# What a load loop measured: rates, latencies (ms) and counts by name.
Summary = dict[str, float]
Meter = Callable[[], float]  # CPU seconds used so far


def _summary(latencies: list[float], errors: int, seconds: float, total: int) -> Summary:
    ordered = sorted(latencies)
    seconds = max(seconds, 1e-9)

    def pct(p: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")

    return {
        "rps": len(ordered) / seconds,
        "p50": pct(0.50),
        "p99": pct(0.99),
        "errors": errors,
        "count": len(ordered),
        "total": total,
    }  # total: every answered request, warm-up included (for CPU per request)


def _clients(make: MakeClient, count: int) -> list[Request]:
    return [make(index) for index in range(count)]


def _attempt(request: Request, make: MakeClient, index: int) -> tuple[bool, Request]:
    """One request: (answered as expected, the client to use next — a new one after a failure)."""
    try:
        return request(), request
    except Exception:
        return False, make(index)


class _Client:
    """One worker thread's client and what it measured: every answer, and the latency of each
    request in the measured window (from `since`: its start, or its scheduled time)."""

    def __init__(self, make: MakeClient, index: int, request: Request) -> None:
        self.make, self.index, self.request = make, index, request
        self.latencies: list[float] = []
        self.errors = self.answered = 0

    def send(self, since: float, counted: bool) -> None:
        ok, self.request = _attempt(self.request, self.make, self.index)
        self.answered += ok
        if counted:
            if ok:
                self.latencies.append(time.perf_counter() - since)
            else:
                self.errors += 1


class _Tally:
    """What the worker threads measured, merged once per thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.errors = self.total = 0

    def add(self, client: _Client) -> None:
        with self.lock:
            self.latencies.extend(client.latencies)
            self.errors += client.errors
            self.total += client.answered


def _run(worker: Callable[[int], None], count: int) -> None:
    # Daemon threads: an interrupted run must not wait for its clients before it exits.
    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def closed_loop(
    make: MakeClient, clients: int, duration: float, meter: Meter | None = None, warmup: float = 2.0, at_least: int = 1
) -> Summary:
    """`clients` threads each send a request as soon as the previous one is answered; requests
    started in the first `warmup` seconds are not counted. A client goes on past `duration` until
    it has `at_least` counted answers, so a slow machine makes a longer run, never an empty one."""
    requests = _clients(make, clients)
    cpu_before = meter() if meter else 0.0  # after the clients' set-up (sign-ins)
    tally, finished = _Tally(), [0.0]
    start = time.perf_counter() + 0.1  # every client starts at once
    measure_from, end = start + warmup, start + warmup + duration

    def worker(index: int) -> None:
        client = _Client(make, index, requests[index])
        time.sleep(max(0.0, start - time.perf_counter()))
        while (began := time.perf_counter()) < end or len(client.latencies) + client.errors < at_least:
            client.send(began, counted=began >= measure_from)
        tally.add(client)
        with tally.lock:
            finished[0] = max(finished[0], time.perf_counter())

    _run(worker, clients)
    return _summary(tally.latencies, tally.errors, finished[0] - measure_from, tally.total) | {
        "cpu": (meter() if meter else 0.0) - cpu_before
    }


def paced(
    make: MakeClient, rate: int, duration: float, workers: int = 50, meter: Meter | None = None, warmup: float = 2.0
) -> Summary:
    """Requests at `rate` per second on a fixed schedule, served by `workers` clients. Latency is
    counted from each request's scheduled time, so a request that had to wait for a free client
    (the server was slow) is counted with its wait."""
    requests = _clients(make, workers)
    cpu_before = meter() if meter else 0.0
    tally, slot, finished = _Tally(), [0], [0.0]
    start = time.perf_counter() + 0.1
    measure_from, end = start + warmup, start + warmup + duration

    def worker(index: int) -> None:
        client = _Client(make, index, requests[index])
        while True:
            with tally.lock:
                scheduled = start + slot[0] / rate
                slot[0] += 1
            if scheduled >= end:
                break
            time.sleep(max(0.0, scheduled - time.perf_counter()))
            client.send(scheduled, counted=scheduled >= measure_from)
        tally.add(client)
        with tally.lock:
            finished[0] = max(finished[0], time.perf_counter())

    _run(worker, workers)
    # The achieved rate: what was answered, over the time it took (longer than planned if the
    # server fell behind the schedule).
    return _summary(tally.latencies, tally.errors, max(duration, finished[0] - measure_from), tally.total) | {
        "cpu": (meter() if meter else 0.0) - cpu_before
    }
