"""A visitor's first page, as Lighthouse sees it on a phone: every route a visitor can open, through the
gateway of the bench stack, beside a static page with the app's own stylesheet served by nginx.

    .venv/bin/python -m bench.lighthouse [--smoke] [--routes all|/,/login] [--repeat 3]

Lighthouse 12 (pinned in bench/node, installed by scripts/setup) drives Debian's Chromium with its
mobile defaults: simulated slow 4G (150 ms, 1.6 Mbit/s) and a 4× slower CPU, a fresh profile per run,
so no HTTP cache and no service worker. Each route runs --repeat times; every figure is the median of
its runs. Per route: the four category scores, LCP, TBT, CLS, the JavaScript transferred and how much of it
went unused. The routes are the issue's: home, /all-tools, every tool of the registry
(app/src/tools/<slug>/index.ts), /login and /help.

The baseline, in the same run: the app's index.html and stylesheet with the scripts taken out and a
heading in place of the app, from a second nginx — the first paint this machine and network model
allow. Targets (reported, never a failure): performance ≥ 95 on every route, LCP ≤ 2.0 s, TBT ≤ 150 ms,
accessibility, best practices and SEO 100, ≤ 100 KB of JavaScript. The run FAILs only when a page did
not load: Lighthouse reported an error, the document did not answer 200, or no script was fetched."""

from __future__ import annotations

import re
import signal
import statistics
import sys
from collections.abc import Callable
from typing import TypedDict

from scripts.stack.services import build_app

from . import lighthouse_run as lh
from .result import Cell, Chart, Params, Result, Table, ratio
from .runner import main_of
from .stack import Stack

NAME = "lighthouse"
TITLE = "First visit on a phone (Lighthouse)"
ABOUT = (
    "Lighthouse 12 with Debian's Chromium, mobile defaults (simulated slow 4G, 4× CPU slowdown, a fresh "
    "profile: a first visit), on every route a visitor can open through the gateway; medians of each route's "
    "runs. The baseline is the app's own page shell with its scripts taken out, from a second nginx: the "
    "fastest first paint this machine and network model give."
)
FIGURES = ["performance_worst", "lcp_worst_vs_static", "tbt_worst", "js_kb_worst"]
PARAMS = {"full": {"routes": "all", "repeat": 3}, "smoke": {"routes": "/", "repeat": 1}}
STACK_ENV: dict[str, str] = {}
TOOLS = lh.ROOT / "app" / "src" / "tools"
STATIC = "static page (baseline)"
SCORE_TARGET, LCP_TARGET_MS, TBT_TARGET_MS, JS_TARGET_KB = 95, 2000, 150, 100


def tool_paths() -> list[str]:
    """The registry's tool pages, in the order of their folders."""
    found = []
    for index in sorted(TOOLS.glob("*/index.ts")):
        match = re.search(r"\bpath:\s*'(/[a-z0-9-]+)'", index.read_text())
        if match:
            found.append(match.group(1))
    return found


def routes(choice: str) -> list[str]:
    if choice != "all":
        return [route.strip() for route in choice.split(",") if route.strip()]
    return ["/", "/all-tools", *tool_paths(), "/login", "/help"]


class PageMedians(TypedDict):
    """One page's figures, each the median of its runs."""

    scores: dict[str, float]  # category → 0…100
    lcp: float
    fcp: float
    tbt: float
    cls: float
    js_kb: float
    unused_kb: float
    failed: dict[str, list[str]]  # category → audit titles below 1 (of the middle run)
    why: list[str]  # the middle run's worst audits


def median_run(runs: list[lh.PageRun]) -> PageMedians:
    """Every figure of one page as the median of its runs (the middle run's audits for the why)."""
    middle = sorted(runs, key=lambda run: run.scores["performance"])[len(runs) // 2]

    def med(get: Callable[[lh.PageRun], float]) -> float:
        return statistics.median(get(run) for run in runs)

    return {
        "scores": {name: statistics.median(run.scores[name] for run in runs) for name in lh.CATEGORIES},
        "lcp": med(lambda run: run.lcp_ms),
        "fcp": med(lambda run: run.fcp_ms),
        "tbt": med(lambda run: run.tbt_ms),
        "cls": med(lambda run: run.cls),
        "js_kb": med(lambda run: run.js_bytes) / 1000,
        "unused_kb": med(lambda run: run.unused_js_bytes) / 1000,
        "failed": middle.failed_audits,
        "why": middle.why,
    }


def start_static(stack: Stack) -> str:
    port = stack.spare_port(94)
    run = stack.work / "lighthouse-static"
    lh.write_static_page(lh.ROOT / "app" / "dist", run / "html")
    (run / "nginx.conf").write_text(lh.static_conf(run, run / "html", port))
    stack.sup.start(
        "lighthouse-static",
        ["/usr/sbin/nginx", "-c", str(run / "nginx.conf"), "-p", str(run), "-g", "daemon off;"],
        port=port,
        stop_signal=signal.SIGQUIT,
    )
    return f"http://127.0.0.1:{port}/"


def measure(stack: Stack, params: Params, result: Result) -> tuple[dict[str, PageMedians], list[str]]:
    """Each page --repeat times; the problems of pages that did not load."""
    if not lh.installed():
        raise RuntimeError(f"Lighthouse is not installed at {lh.CLI}: run ./scripts/setup")
    gateway = stack.env["TOOLKIT_PUBLIC_URL"].rstrip("/")
    pages = {STATIC: start_static(stack)} | {route: gateway + route for route in routes(params["routes"])}
    out = stack.work / "lighthouse-reports"
    out.mkdir(exist_ok=True)
    medians: dict[str, PageMedians] = {}
    problems: list[str] = []
    for name, url in pages.items():
        runs = []
        for attempt in range(params["repeat"]):
            run = lh.run_page(url, out / f"{len(medians):02d}-{attempt}.json")
            if run.status != 200:
                problems.append(f"{name} answered {run.status}")
            if name != STATIC and run.requested_scripts == 0:
                problems.append(f"{name} fetched no script")
            runs.append(run)
        medians[name] = median_run(runs)
        print(
            f"  {name}: performance {medians[name]['scores']['performance']:.0f}, LCP {medians[name]['lcp']:.0f} ms, "
            f"TBT {medians[name]['tbt']:.0f} ms, CLS {medians[name]['cls']:.3f}, JS {medians[name]['js_kb']:.1f} KB",
            flush=True,
        )
    return medians, problems


def report(medians: dict[str, PageMedians], result: Result, repeat: int) -> None:
    static, pages = medians[STATIC], {name: m for name, m in medians.items() if name != STATIC}
    rows: list[list[Cell]] = [
        [
            name,
            *(round(m["scores"][c]) for c in lh.CATEGORIES),
            round(m["fcp"]),
            round(m["lcp"]),
            round(m["tbt"]),
            round(m["cls"], 3),
            round(m["js_kb"], 1),
            round(m["unused_kb"], 1),
        ]
        for name, m in medians.items()
    ]
    result.tables.append(
        Table(
            f"Median of {repeat} run(s) per page (Lighthouse mobile defaults)",
            [
                "page",
                "performance",
                "accessibility",
                "best practices",
                "SEO",
                "FCP ms",
                "LCP ms",
                "TBT ms",
                "CLS",
                "JS KB",
                "unused JS KB",
            ],
            rows,
        )
    )
    slow: list[list[Cell]] = [
        [name, round(m["scores"]["performance"]), "; ".join(m["why"]) or "–"]
        for name, m in pages.items()
        if m["scores"]["performance"] < SCORE_TARGET
    ]
    if slow:
        result.tables.append(
            Table(f"Why: the audits of each page under {SCORE_TARGET}", ["page", "performance", "audits"], slow)
        )
    lacking: list[list[Cell]] = [
        [name, category, "; ".join(titles)]
        for name, m in pages.items()
        for category, titles in m["failed"].items()
        if titles
    ]
    if lacking:
        result.tables.append(
            Table(
                "Audits below full marks (accessibility, best practices, SEO)", ["page", "category", "audits"], lacking
            )
        )
    worst = min(pages, key=lambda name: pages[name]["scores"]["performance"])
    worst_lcp = max(pages.values(), key=lambda m: m["lcp"])["lcp"]
    worst_tbt = max(m["tbt"] for m in pages.values())
    worst_js = max(m["js_kb"] for m in pages.values())
    result.figure(
        "performance_worst",
        f"lowest performance score of {len(pages)} route(s) ({worst})",
        pages[worst]["scores"]["performance"],
        f"static page {static['scores']['performance']:.0f}",
        better="higher",
        unit=" points",
    )
    result.figure(
        "lcp_worst_vs_static",
        "slowest route's LCP vs the static page's",
        ratio(worst_lcp, static["lcp"]),
        f"static page {static['lcp']:.0f} ms",
    )
    result.figure(
        "tbt_worst",
        "longest total blocking time of a route",
        worst_tbt,
        f"static page {static['tbt']:.0f} ms",
        unit=" ms",
    )
    result.figure("js_kb_worst", "most JavaScript a route transfers", worst_js, "static page 0 KB", unit=" KB")
    below = [name for name, m in pages.items() if m["scores"]["performance"] < SCORE_TARGET]
    result.target(f"performance ≥ {SCORE_TARGET} on every route", not below, ", ".join(below) or "all")
    result.target(
        f"LCP ≤ {LCP_TARGET_MS / 1000:g} s on every route", worst_lcp <= LCP_TARGET_MS, f"worst {worst_lcp:.0f} ms"
    )
    result.target(f"TBT ≤ {TBT_TARGET_MS} ms on every route", worst_tbt <= TBT_TARGET_MS, f"worst {worst_tbt:.0f} ms")
    others = [
        f"{name} {c} {m['scores'][c]:.0f}"
        for name, m in pages.items()
        for c in lh.CATEGORIES[1:]
        if m["scores"][c] < 100
    ]
    result.target("accessibility, best practices and SEO 100 on every route", not others, ", ".join(others) or "all")
    result.target(
        f"≤ {JS_TARGET_KB} KB of JavaScript on every route", worst_js <= JS_TARGET_KB, f"worst {worst_js:.1f} KB"
    )
    result.headline = (
        f"Lowest mobile performance score {pages[worst]['scores']['performance']:.0f} ({worst}); slowest "
        f"LCP {worst_lcp / 1000:.1f} s ({ratio(worst_lcp, static['lcp']):.2f}× the static page's), "
        f"longest TBT {worst_tbt:.0f} ms, at most {worst_js:.0f} KB of JavaScript."
    )
    names = list(medians)
    result.charts.append(
        Chart(
            "Performance score (median)",
            "points",
            names,
            {"performance": [medians[n]["scores"]["performance"] for n in names]},
            STATIC,
        )
    )
    result.charts.append(
        Chart(
            "Largest contentful paint and total blocking time (median)",
            "ms",
            names,
            {"LCP": [medians[n]["lcp"] for n in names], "TBT": [medians[n]["tbt"] for n in names]},
            STATIC,
        )
    )
    result.charts.append(
        Chart(
            "JavaScript transferred on the first page (median)",
            "KB",
            names,
            {"transferred": [medians[n]["js_kb"] for n in names], "unused": [medians[n]["unused_kb"] for n in names]},
            STATIC,
        )
    )


def run(stack: Stack, params: Params, result: Result) -> None:
    build_app()  # the gateway serves app/dist: measure the app as it is in this tree
    medians, problems = measure(stack, params, result)
    loaded = [name for name in medians if name != STATIC]
    result.check(
        "every page loaded: Lighthouse reported no error, the document answered 200 and the app fetched its scripts",
        not problems and bool(loaded),
        "; ".join(problems) or f"{len(loaded)} route(s) and the static page, {params['repeat']} run(s) each",
    )
    report(medians, result, params["repeat"])


if __name__ == "__main__":
    main_of(sys.modules[__name__])
