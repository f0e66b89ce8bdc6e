"""How the shared part of the pytest suite (pytest_layout.py) is spread over the xdist workers: whole
files, so a file's module fixtures and its tests' order hold, except the files listed in SPREAD whose
tests are each a unit of their own. The fuzz file has one test per operation and phase, each
independent of the others, and about a third of the suite's time: as one unit it kept one worker busy
long after the other had finished.

Units go out largest first (the fuzz operations before any file, then files by their number of
tests), so what is left at the end to even the two workers out is small.

Loaded by the shared part only (`-p stack.pytest_spread` with `-n`)."""

from __future__ import annotations

from collections import OrderedDict

import pytest
from xdist.remote import Producer
from xdist.scheduler import LoadFileScheduling
from xdist.workermanage import WorkerController

# A file whose tests share no state through their order or the file's fixtures that another worker
# could not hold as well → why.
SPREAD: dict[str, str] = {
    "bff/tests/api/test_api_fuzz.py": (
        "each operation's fuzzing stands alone; its module fixtures (a session, a user) are made once per"
        " worker, from addresses of that worker's own (fixtures/gateway_clients.py)"
    ),
}


def unit(nodeid: str) -> str:
    """The unit a test is sent to a worker in: its file, or itself in a spread file."""
    file = nodeid.split("::", 1)[0]
    return nodeid if file in SPREAD else file


def largest_first(units: dict[str, dict[str, bool]]) -> OrderedDict[str, dict[str, bool]]:
    """The spread tests first (in the file's order), then the files with the most tests first."""
    return OrderedDict(sorted(units.items(), key=lambda item: (item[0].split("::", 1)[0] not in SPREAD, -len(item[1]))))


# (xdist ships no type hints: its class is Any to mypy)
class SpreadScheduling(LoadFileScheduling):  # type: ignore[misc]
    workqueue: OrderedDict[str, dict[str, bool]]  # unit → {test: done}, xdist's own
    ordered = False

    def _split_scope(self, nodeid: str) -> str:
        return unit(nodeid)

    def _assign_work_unit(self, node: WorkerController) -> None:
        if not self.ordered:  # the queue is complete by the first assignment
            self.workqueue = largest_first(self.workqueue)
            self.ordered = True
        super()._assign_work_unit(node)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Producer) -> SpreadScheduling:
    return SpreadScheduling(config, log)
