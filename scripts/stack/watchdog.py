"""The test runner's watchdog: what stops the run's processes when the runner cannot (killed
outright, SIGKILL included).

    python -m stack.watchdog MARK [DIRECTORY]

Started by the runner in a session of its own, it reads "session LEADER START" lines on stdin as the
runner starts children. Its stdin ends when the runner ends, however it ends: after a "done" line all
is well; without one, it stops every process of the run (leftovers.find) and removes DIRECTORY."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import leftovers
from .lifetime import Session


class Watchdog:
    """The runner's side: start it, tell it of each session, say "done" at the very end."""

    def __init__(self, mark: str, directory: Path):
        env = {name: value for name, value in os.environ.items() if name != mark}  # not one of the run's own
        self.process = subprocess.Popen(
            [sys.executable, "-m", "stack.watchdog", mark, str(directory)],
            stdin=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
            cwd=Path(__file__).resolve().parents[1],
        )
        assert self.process.stdin is not None  # stdin=PIPE: Popen always opens it
        self.stdin = self.process.stdin

    def tell(self, session: Session) -> None:
        self._write(f"session {session.leader} {session.started}\n")

    def done(self) -> None:
        self._write("done\n")
        self.stdin.close()
        self.process.wait()

    def _write(self, line: str) -> None:
        try:
            self.stdin.write(line)
            self.stdin.flush()
        except (BrokenPipeError, ValueError):  # it died: the runner's own check still runs
            pass


def main(argv: list[str]) -> int:
    mark, directory = argv[0], Path(argv[1]) if len(argv) > 1 else None
    sessions, done = set(), False
    for line in sys.stdin:
        kind, *values = line.split()
        if kind == "session":
            sessions.add(Session(int(values[0]), int(values[1])))
        done = kind == "done"
    if done:
        return 0
    left = leftovers.find(mark, sessions)
    leftovers.stop(left)
    if directory is not None:
        shutil.rmtree(directory, ignore_errors=True)
    names = ", ".join(str(process) for process in left) or "nothing was left running"
    print(
        f"\033[1;34m[toolkit]\033[0m watchdog: the test run was killed; stopped {len(left)} of its processes "
        f"({names}) and removed {directory}",
        file=sys.stderr,
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
