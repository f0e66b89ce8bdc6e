"""Every benchmark ./scripts/bench runs and ./scripts/test smoke-tests, in the order they run on
one shared stack. Adding a benchmark is one entry here (its module follows bench/runner.py's
contract). The redirect benchmark restarts Postgres, so it runs last."""

from __future__ import annotations

from . import auth, documents, lighthouse, realtime, redirect, redirect_under_ocr, replicas, tools, translate, usernames
from .runner import Benchmark, stack_helper
from .stack import StackHelper

BENCHMARKS: list[Benchmark] = [
    lighthouse,
    tools,
    documents,
    translate,
    usernames,
    auth,
    realtime,
    replicas,
    redirect_under_ocr,
    redirect,
]


def by_name(names: list[str]) -> list[Benchmark]:
    known = {module.NAME: module for module in BENCHMARKS}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SystemExit(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(known)}")
    return [module for module in BENCHMARKS if not names or module.NAME in names]


def stack_helpers(modules: list[Benchmark]) -> tuple[StackHelper, ...]:
    """What these benchmarks need running before the stack starts (STACK_HELPER, optional)."""
    return tuple(helper for module in modules if (helper := stack_helper(module)))


def stack_env(modules: list[Benchmark]) -> dict[str, str]:
    """What the services of one stack shared by these benchmarks need."""
    env: dict[str, str] = {}
    for module in modules:
        env |= module.STACK_ENV
    return env
