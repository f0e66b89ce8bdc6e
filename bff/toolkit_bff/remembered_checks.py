"""A health check's answer, remembered briefly by each worker (in its app). Kubernetes probes every pod
every few seconds and a balancer may too; a check that costs a round trip to another service (Auth's
admin API for the JWT secret) is asked at most once per window, and a change is seen once it ends."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from flask import Flask

T = TypeVar("T")

clock: Callable[[], float] = time.monotonic  # the tests move time on without waiting
_lock = threading.Lock()


def remembered(app: Flask, name: str, seconds: float, check: Callable[[], T]) -> T:
    """check()'s answer, reused for `seconds` after it was asked. Two threads finding it stale may both
    ask (one extra round trip), which is cheaper than making requests wait on each other."""
    answers: dict[str, tuple[float, T]] = app.extensions.setdefault("remembered_checks", {})
    with _lock:
        kept = answers.get(name)
    if kept is not None and clock() - kept[0] < seconds:
        return kept[1]
    asked = clock()
    answer = check()
    with _lock:
        answers[name] = (asked, answer)
    return answer
