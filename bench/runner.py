"""Running benchmarks: one on a stack (timed, with the machine's conditions), and the command line
every benchmark module shares when run alone (`python -m bench.<name> [--smoke] [--port-base N]
[--<param> value …]`, its own throw-away stack).

A benchmark module defines NAME, TITLE, ABOUT (what it measures, for the report), FIGURES (the keys
of the figures it promises), PARAMS ({"full": {...}, "smoke": {...}}: smoke is the same code path
on tiny inputs, seconds long), STACK_ENV (what its services need, e.g. a lifted rate limit),
optionally STACK_HELPER (`(cfg, sup) -> env`: something the services must find running, started
before the stack) and run(stack, params, result)."""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from scripts.stack.stack import say
from scripts.stack.supervisor import StackError

from .cpu import Meter
from .result import Params, Result
from .stack import Stack, StackHelper, bench_stack, stop_on_signals


class Benchmark(Protocol):
    """A benchmark module, as the contract above says (read-only members: a module's constants)."""

    @property
    def NAME(self) -> str: ...
    @property
    def TITLE(self) -> str: ...
    @property
    def ABOUT(self) -> str: ...
    @property
    def FIGURES(self) -> Sequence[str]: ...
    @property
    def PARAMS(self) -> Mapping[str, Params]: ...
    @property
    def STACK_ENV(self) -> Mapping[str, str]: ...

    def run(self, stack: Stack, params: Params, result: Result) -> None: ...


def stack_helper(module: Benchmark) -> StackHelper | None:
    """The module's STACK_HELPER, which only some define."""
    helper: StackHelper | None = getattr(module, "STACK_HELPER", None)
    return helper


def run_one(module: Benchmark, stack: Stack, mode: str, overrides: Params | None = None) -> Result:
    params = {**module.PARAMS[mode], **(overrides or {})}
    result = Result(module.NAME, module.TITLE, mode, params, module.ABOUT, promised=list(module.FIGURES))
    say(f"{module.NAME}: {module.TITLE} ({mode})")
    load_before, started = os.getloadavg(), time.monotonic()
    try:
        with Meter(stack.pids) as meter:
            module.run(stack, params, result)
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        result.error = f"{type(exc).__name__}: {exc}"
        traceback.print_exc()
    else:
        result.conditions["cores used by this run"] = round(meter.share.ours, 2)
        result.conditions["cores used by other processes"] = round(meter.share.others, 2)
    result.conditions["seconds"] = round(time.monotonic() - started, 1)
    result.conditions["load average before"] = round(load_before[0], 1)
    result.conditions["load average after"] = round(os.getloadavg()[0], 1)
    return result


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"
    return str(value)


def print_result(result: Result) -> None:
    for table in result.tables:
        print(f"\n{table.title}")
        widths = [
            max(len(str(c)), *(len(_cell(row[i])) for row in table.rows)) if table.rows else len(str(c))
            for i, c in enumerate(table.columns)
        ]
        print(
            "  ".join(
                str(c).ljust(w) if i == 0 else str(c).rjust(w)
                for i, (c, w) in enumerate(zip(table.columns, widths, strict=True))
            )
        )
        for row in table.rows:
            print(
                "  ".join(
                    _cell(v).ljust(w) if i == 0 else _cell(v).rjust(w)
                    for i, (v, w) in enumerate(zip(row, widths, strict=False))
                )
            )
    if result.figures:
        print("\nfigures (against a baseline measured in the same run):")
        for fig in result.figures.values():
            print(f"  {fig.label:<58} {fig.value:>9.3f}{fig.unit}  vs {fig.baseline} ({fig.better} is better)")
    for target in result.targets:
        print(
            f"target {'met   ' if target.met else 'MISSED'} {target.what}"
            + (f": {target.detail}" if target.detail else "")
        )
    for check in result.checks:
        print(
            f"check  {'ok    ' if check.ok else 'FAILED'} {check.what}" + (f": {check.detail}" if check.detail else "")
        )
    for note in result.notes:
        print(f"note: {note}")
    problems = result.problems()
    conditions = ", ".join(f"{k} {v}" for k, v in result.conditions.items())
    print(
        f"\n{result.name}: {'PASS' if not problems else 'FAIL'}"
        + (f" — {'; '.join(problems)}" if problems else " — the load ran as intended and every figure was produced")
        + f"\n  ({conditions})",
        flush=True,
    )


def _param_type(default: object) -> Callable[[str], object]:
    parsers: dict[type, Callable[[str], object]] = {
        bool: lambda s: s.lower() in ("1", "true", "yes"),
        int: int,
        float: float,
    }
    return parsers.get(type(default), str)


def standalone(module: Benchmark) -> int:
    """`python -m bench.<name>`: this benchmark alone on its own throw-away stack."""
    parser = argparse.ArgumentParser(prog=f"python -m bench.{module.NAME}", description=module.TITLE)
    parser.add_argument(
        "--smoke", action="store_true", help="seconds-long run on tiny inputs (what ./scripts/test runs)"
    )
    parser.add_argument(
        "--port-base",
        type=int,
        help="use exactly this block of 100 ports (default: the first free block from BENCH_PORT_BASE, 61000)",
    )
    for name, default in module.PARAMS["full"].items():
        parser.add_argument(
            f"--{name.replace('_', '-')}",
            dest=name,
            type=_param_type(default),
            default=None,
            help=f"default {default} (smoke: {module.PARAMS['smoke'].get(name)})",
        )
    args = parser.parse_args()
    mode = "smoke" if args.smoke else "full"
    overrides = {name: getattr(args, name) for name in module.PARAMS["full"] if getattr(args, name) is not None}
    stop_on_signals()
    try:
        helper = stack_helper(module)
        helpers = (helper,) if helper else ()
        with bench_stack(
            durable=mode == "full", env=module.STACK_ENV, port_base=args.port_base, helpers=helpers
        ) as stack:
            result = run_one(module, stack, mode, overrides)
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    print_result(result)
    return 0 if result.ok else 1


def main_of(module: Benchmark) -> None:
    sys.exit(standalone(module))
