"""Are redirects still fast while tool jobs run? `/s/{code}` latency alone, then while clients keep
OCR jobs (a printed A4 page at 300 DPI each) going, in the same run on the same stack.

    .venv/bin/python -m bench.redirect_under_ocr [--smoke] [--duration 30] [--rate 50] [--clients 8]

Redirects go straight to the redirect service on one keep-alive connection, paced at --rate per
second; each latency is measured from the request's scheduled time, so a stalled answer also delays
(and counts against) the ones queued behind it. The OCR clients are one signed-in user sending from
--clients addresses (X-Forwarded-For; the BFF trusts one proxy); a refusal by the BFF's job slots
(429 too_many_jobs for a client over its share, 503 busy for a full worker) is retried after
Retry-After, so jobs run at the cap all the time. Anything else than a 200 with the page's words, or
one of those two refusals, is a failed job: the run then FAILs, whatever the latencies.
Target: p99 < 50 ms under load."""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import threading
import time

import requests

from .links import create_link
from .result import Chart, Params, Result, Table, ratio
from .runner import main_of
from .samples import printed_page_png
from .stack import Stack
from .users import signed_in_headers

NAME = "redirect_under_ocr"
TITLE = "Redirects while OCR jobs run"
ABOUT = (
    "`GET /s/{code}` straight to the redirect service at a paced rate, first alone, then while OCR clients keep "
    "the BFF's job slots full (a refusal by the job slots, 429 or 503 busy, is retried after `Retry-After`). The baseline is the same "
    "redirects alone, measured minutes earlier in the same run: the ratio shows how much the tool jobs, which "
    "run in other processes, slow the redirects down."
)
FIGURES = ["p99_loaded_vs_alone", "p50_loaded_vs_alone"]
PARAMS = {
    "full": {"duration": 30.0, "rate": 50, "clients": 8, "ocr_lines": 60, "settle": 3.0},
    "smoke": {"duration": 1.0, "rate": 20, "clients": 2, "ocr_lines": 1, "settle": 0.5},
}
STACK_ENV = {"TOOLKIT_TOOLS_RATE_LIMIT": "100000 per minute"}  # only the job cap may refuse a job
TARGET_P99_MS = 50.0


def paced_redirects(port: int, path: str, rate: float, seconds: float) -> tuple[list[float], int]:
    """Latencies (ms) of GET path at `rate` per second, each from its scheduled start; and how many
    answers were not a 302."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    latencies: list[float] = []
    wrong, interval = 0, 1 / rate
    started = time.perf_counter()
    for n in range(max(1, int(rate * seconds))):
        scheduled = started + n * interval
        time.sleep(max(0.0, scheduled - time.perf_counter()))
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        wrong += response.status != 302
        latencies.append((time.perf_counter() - scheduled) * 1000)
    conn.close()
    return latencies, wrong


# The BFF's job slots refuse with Retry-After: a client over its share, or a worker already full.
SLOT_REFUSALS = {(429, "too_many_jobs"), (503, "busy")}


def error_code(response: requests.Response) -> str | None:
    try:
        code = json.loads(response.content)["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return None
    return code if isinstance(code, str) else None


class OcrLoad:
    def __init__(self, base: str, headers: dict[str, str], png: bytes, clients: int) -> None:
        self.base, self.headers, self.png, self.stop = base, headers, png, threading.Event()
        self.done = self.refused = 0
        self.failures: list[str] = []
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.client, args=(n,), daemon=True) for n in range(clients)]

    def client(self, n: int) -> None:
        headers = self.headers | {"X-Forwarded-For": f"198.51.100.{n + 1}"}
        while not self.stop.is_set():
            retry_after = "1"
            try:
                response = requests.post(
                    self.base + "/api/tools/ocr",
                    files=[("file", ("page.png", self.png))],
                    data={"lang": "eng"},
                    headers=headers,
                    timeout=300,
                )
                outcome = self.outcome(response)
                retry_after = response.headers.get("Retry-After", "1")
            except requests.RequestException as exc:
                outcome = f"{type(exc).__name__}"
            with self.lock:
                if outcome == "done":
                    self.done += 1
                elif outcome == "refused":
                    self.refused += 1
                else:
                    self.failures.append(outcome)
            if outcome == "refused":
                self.stop.wait(float(retry_after))
            elif outcome != "done":
                self.stop.wait(0.2)  # do not spin on errors

    @staticmethod
    def outcome(response: requests.Response) -> str:
        if (response.status_code, error_code(response)) in SLOT_REFUSALS:
            return "refused"
        if response.status_code == 200 and "quick" in json.loads(response.content).get("text", ""):
            return "done"
        return f"{response.status_code} {response.content[:120]!r}"

    def __enter__(self) -> OcrLoad:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=310)  # the jobs under way finish and are counted


def summary(latencies: list[float]) -> dict[str, float]:
    ordered = sorted(latencies)
    return {
        "p50": statistics.median(ordered),
        "p99": ordered[max(0, int(len(ordered) * 0.99) - 1)],
        "max": ordered[-1],
        "count": len(ordered),
    }


def run(stack: Stack, params: Params, result: Result) -> None:
    cfg = stack.cfg
    path, rate, duration = f"/s/{create_link(cfg)}", params["rate"], params["duration"]
    png = printed_page_png(params["ocr_lines"])
    headers = signed_in_headers(stack.env)
    paced_redirects(cfg.redirect_port, path, rate, min(2.0, duration))  # warm-up
    latencies, wrong_alone = paced_redirects(cfg.redirect_port, path, rate, duration)
    alone = summary(latencies)
    with OcrLoad(stack.env["TOOLKIT_BFF_URL"], headers, png, params["clients"]) as load:
        time.sleep(params["settle"])  # jobs under way
        latencies, wrong_loaded = paced_redirects(cfg.redirect_port, path, rate, duration)
    loaded = summary(latencies)
    scenario = f"/s/ + {params['clients']} OCR clients"
    result.tables.append(
        Table(
            f"/s/ at {rate:g}/s for {duration:g} s per scenario",
            ["scenario", "p50 ms", "p99 ms", "max ms", "redirects"],
            [
                ["/s/ alone", alone["p50"], alone["p99"], alone["max"], alone["count"]],
                [scenario, loaded["p50"], loaded["p99"], loaded["max"], loaded["count"]],
            ],
        )
    )
    result.figure(
        "p99_loaded_vs_alone", "p99 of /s/ while OCR jobs run vs alone", ratio(loaded["p99"], alone["p99"]), "/s/ alone"
    )
    result.figure(
        "p50_loaded_vs_alone", "p50 of /s/ while OCR jobs run vs alone", ratio(loaded["p50"], alone["p50"]), "/s/ alone"
    )
    result.headline = (
        f"While {params['clients']} clients keep OCR jobs running, the p99 of `/s/` is "
        f"{ratio(loaded['p99'], alone['p99']):.2f}× what it is alone ({alone['p99']:.0f} → {loaded['p99']:.0f} ms)."
    )
    result.target(f"p99 < {TARGET_P99_MS:g} ms under load", loaded["p99"] < TARGET_P99_MS, f"{loaded['p99']:.1f} ms")
    result.charts.append(
        Chart(
            f"/s/ latency at {rate:g} requests/s",
            "ms from the scheduled time",
            ["/s/ alone", scenario],
            {"p50": [alone["p50"], loaded["p50"]], "p99": [alone["p99"], loaded["p99"]]},
            "/s/ alone",
        )
    )
    wrong = wrong_alone + wrong_loaded
    result.check("every redirect answered 302", wrong == 0, f"{wrong} of {alone['count'] + loaded['count']} were not")
    result.check(
        "OCR jobs finished while the redirects ran",
        load.done > 0,
        f"{load.done} finished, {load.refused} refused by the job slots (429 or 503 busy, retried)",
    )
    failures = sorted(set(load.failures))
    result.check(
        "no OCR job failed",
        not load.failures,
        f"{len(load.failures)} failed: {'; '.join(failures[:3])}" if failures else "",
    )


if __name__ == "__main__":
    main_of(sys.modules[__name__])
