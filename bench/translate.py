"""Translation through the gateway against Apertium APY called directly, in the same run.

    .venv/bin/python -m bench.translate [--smoke] [--chars 1000] [--repeat 10]

One signed-in user (the translator is for signed-in users) translates the same English text into
Spanish through the gateway (nginx → BFF → APY) and then straight from APY's /translate, one request
at a time; medians of --repeat, after one warm-up each (APY starts a pair's pipeline on its first
request). Every answer must be a 200 carrying Spanish ("hermana"). Target: the gateway within 1.2×
of APY direct."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

import requests

from .result import Cell, Chart, Params, Result, Table, ratio
from .runner import main_of
from .stack import Stack
from .users import signed_in_headers

NAME = "translate"
TITLE = "Translation vs Apertium APY direct"
ABOUT = (
    "The translator's engine is Apertium APY, on the same machine. The same English text is translated into "
    "Spanish through the gateway as a signed-in user (nginx, the BFF's checks and job slot, its request to APY) "
    "and straight from APY's `/translate`, one request at a time: the ratio is what Toolkit adds to the engine."
)
FIGURES = ["gateway_vs_apy"]
PARAMS = {"full": {"chars": 1000, "repeat": 10}, "smoke": {"chars": 100, "repeat": 1}}
STACK_ENV = {"TOOLKIT_TOOLS_RATE_LIMIT": "100000 per minute"}
SENTENCE = "My sister lives in a small house near the river, and she reads books in the garden every day. "
TARGET = 1.2


def text(chars: int) -> str:
    return (SENTENCE * (chars // len(SENTENCE) + 1))[:chars]


def timed(call: Callable[[], None], repeat: int) -> list[float]:
    call()  # warm-up: the pair's pipeline starts on its first request
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return times


def run(stack: Stack, params: Params, result: Result) -> None:
    env, source = stack.env, text(params["chars"])
    headers, answered = signed_in_headers(env), {"gateway": 0, "APY": 0}
    session = requests.Session()

    def through_gateway() -> None:
        response = session.post(
            f"{env['TOOLKIT_PUBLIC_URL']}/api/tools/translate",
            headers=headers,
            timeout=60,
            json={"q": source, "source": "en", "target": "es"},
        )
        if response.status_code != 200 or "hermana" not in response.json().get("translatedText", ""):
            raise RuntimeError(f"the translator answered {response.status_code}: {response.text[:200]}")
        answered["gateway"] += 1

    def apy_direct() -> None:
        response = session.post(
            f"{stack.cfg.apertium_url}/translate",
            timeout=60,
            data={"langpair": "eng|spa", "q": source, "markUnknown": "no"},
        )
        if response.status_code != 200 or "hermana" not in response.json()["responseData"]["translatedText"]:
            raise RuntimeError(f"APY answered {response.status_code}: {response.text[:200]}")
        answered["APY"] += 1

    gateway, direct = timed(through_gateway, params["repeat"]), timed(apy_direct, params["repeat"])
    rows: list[list[Cell]] = [
        [name, statistics.median(times), min(times), max(times)]
        for name, times in (("APY direct", direct), ("through the gateway", gateway))
    ]
    result.tables.append(
        Table(
            f"English → Spanish, {params['chars']} characters, {params['repeat']} requests each",
            ["path", "median ms", "min ms", "max ms"],
            rows,
        )
    )
    gateway_ms, direct_ms = statistics.median(gateway), statistics.median(direct)
    value = ratio(gateway_ms, direct_ms)
    result.figure(
        "gateway_vs_apy",
        f"translation of {params['chars']} characters through the gateway vs APY direct",
        value,
        "APY direct",
    )
    result.headline = (
        f"Translating {params['chars']} characters through the gateway takes {value:.2f}× what Apertium "
        f"APY takes when called directly ({gateway_ms:.0f} against {direct_ms:.0f} ms)."
    )
    result.target(f"gateway within {TARGET:g}× of APY direct", value <= TARGET, f"{value:.2f}×")
    result.charts.append(
        Chart(
            f"English → Spanish, {params['chars']} characters",
            "ms per request (median)",
            ["APY direct", "through the gateway"],
            {"median": [direct_ms, gateway_ms]},
            "APY direct",
        )
    )
    result.check(
        "every translation answered 200 in Spanish, through the gateway and from APY",
        answered["gateway"] > 0 and answered["APY"] > 0,
        f"{answered['gateway']} through the gateway, {answered['APY']} from APY",
    )


if __name__ == "__main__":
    main_of(sys.modules[__name__])
