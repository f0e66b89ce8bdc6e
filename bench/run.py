"""./scripts/bench: every benchmark (or those named) on one throw-away stack, then the results file
bench/results/<date>-<host>.json and its report (Markdown with charts) beside it, compared with the
previous results of the same host. Exit status 1 when a benchmark FAILed (its load did not happen
as intended, or a figure is missing); a missed timing target or a regression is reported, not fatal.

    ./scripts/bench [--smoke] [--port-base N] [--out DIR] [NAME ...]"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

from scripts.stack.stack import say
from scripts.stack.supervisor import StackError

from . import report
from .compare import RESULTS_DIR, STAMP, THRESHOLD, compare, host_name, load, previous_file
from .registry import BENCHMARKS, by_name, stack_env, stack_helpers
from .result import JsonObject, Result
from .runner import Benchmark, print_result, run_one
from .stack import Stack, bench_stack, stop_on_signals

ROOT = Path(__file__).resolve().parents[1]


def machine(load_before: list[float]) -> JsonObject:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.machine(),
    )
    memory = int(Path("/proc/meminfo").read_text().split()[1]) / 1024 / 1024
    os_name = next(
        (
            line.split("=", 1)[1].strip('"')
            for line in Path("/etc/os-release").read_text().splitlines()
            if line.startswith("PRETTY_NAME=")
        ),
        platform.system(),
    )
    return {
        "cores": os.cpu_count(),
        "cpu": cpu,
        "memory_gb": round(memory),
        "os": os_name,
        "python": platform.python_version(),
        "load_before": load_before,
        "load_after": list(os.getloadavg()),
    }


def commit() -> str:
    out = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def run_all(stack: Stack, modules: list[Benchmark], mode: str) -> list[Result]:
    results = []
    for module in modules:
        result = run_one(module, stack, mode)
        print_result(result)
        results.append(result)
    return results


def save(
    results: list[Result],
    mode: str,
    out: Path,
    command: str,
    load_before: list[float],
    started: float,
    stamp: str | None = None,
    charts: bool = True,
    note: str = "",
    code: str | None = None,
) -> tuple[Path, JsonObject]:
    """Write the results file and its report; returns the report's path and the document. `code`: the
    commit the benchmarks ran (taken when they started; the worktree may change during a long run)."""
    stamp, host = stamp or time.strftime(STAMP, time.localtime(started)), host_name()
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{stamp}-{host}.json"
    previous = previous_file(out, host, path.name)
    doc: JsonObject = {
        "date": time.strftime("%Y-%m-%d %H:%M", time.localtime(started)),
        "host": host,
        "mode": mode,
        "commit": code or commit(),
        "command": command,
        "note": note,
        "machine": machine(load_before),
        "results": [r.to_json() for r in results],
        "previous": previous.name if previous else None,
    }
    doc["comparison"] = compare(doc, load(previous))
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    return report.write(doc, path, charts), doc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help=", ".join(m.NAME for m in BENCHMARKS))
    parser.add_argument(
        "--smoke", action="store_true", help="seconds-long runs on tiny inputs (./scripts/test's suite)"
    )
    parser.add_argument("--port-base", type=int, help="use exactly this block of 100 ports")
    parser.add_argument(
        "--out",
        type=Path,
        help="where the results and the report go (default bench/results/, "
        "for --smoke bench/results/smoke/, which git ignores)",
    )
    parser.add_argument("--note", default="", help="a sentence for the report's conditions (what else ran, …)")
    args = parser.parse_args(argv)
    modules, mode = by_name(args.names), "smoke" if args.smoke else "full"
    out = args.out or (RESULTS_DIR / "smoke" if args.smoke else RESULTS_DIR)
    stop_on_signals()
    started, load_before, code = time.time(), list(os.getloadavg()), commit()
    try:
        with bench_stack(
            durable=mode == "full", env=stack_env(modules), port_base=args.port_base, helpers=stack_helpers(modules)
        ) as stack:
            results = run_all(stack, modules, mode)
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    command = " ".join(
        [
            "./scripts/bench",
            *(["--smoke"] if args.smoke else []),
            *args.names,
            *([f"--port-base {args.port_base}"] if args.port_base else []),
            *([f"--out {args.out}"] if args.out else []),
        ]
    )
    path, doc = save(results, mode, out, command, load_before, started, note=args.note, code=code)
    print(f"\nreport: {path}")
    for change in doc["comparison"]:
        if change["flagged"]:
            print(
                f"⚠ {change['benchmark']}: {change['label']}: {change['previous']:.3f} → {change['value']:.3f} "
                f"({change['worse_by']:+.0%}, more than {THRESHOLD:.0%} worse than {doc['previous']})"
            )
    failed = [r.name for r in results if not r.ok]
    print(
        f"benchmarks: {len(results) - len(failed)} passed, {len(failed)} failed"
        + (f" ({', '.join(failed)})" if failed else "")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
