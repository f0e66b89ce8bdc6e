"""Clicks written ahead to a file before each redirect is sent: a killed worker loses none.

A worker keeps its clicks in memory and flushes them every 0.1 s (clicks.py); a SIGKILL, an OOM kill
or a crash would lose what was counted since. So each counted click is also appended to the worker's
journal before its redirect goes out. The journal file is mapped into memory (a shared mapping), so
appending a click is a copy of a few bytes, not a system call: the pages belong to the kernel's copy
of the file, which it keeps and writes out when the process that wrote them dies, exactly as it
would keep a write() (only a crash of the whole machine loses what it had not yet put on disk). A
write() per click cost as much as the rest of a cached redirect's Python (bench/README.md). Each
file's space is reserved before it is mapped (posix_fallocate), so a full disk is an error when a
file is made (the journal then stops, as a failed write stopped it), never a SIGBUS on a click.
The journal directory holds, per worker (its flusher id, a UUID per process):

    <flusher>.lock          locked (flock) for the worker's life: the kernel unlocks it when it dies
    <flusher>.<n>.clicks    one line per click of batch n, then zeros up to the reserved size; the
                            highest n is the one being filled

A batch's file is closed when the batch is made and removed once Postgres confirmed it. Any worker
that can lock another worker's lock file (that worker is gone) replays its files as *that* worker's
batches, same flusher id and numbers, so record_short_link_clicks applies each exactly once: a batch
the dead worker had sent already is skipped there. A clean stop whose last flush succeeded leaves
nothing behind; one whose last flush failed leaves its files to the next worker.
"""

from __future__ import annotations

import fcntl
import logging
import mmap
import os
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

log = logging.getLogger("toolkit_redirect.journal")

LOCK = ".lock"
CLICKS = ".clicks"
NEW = ".new"  # a lock file being made: renamed into place only once locked
SEGMENT_BYTES = 1 << 18  # reserved per batch file (~30,000 clicks); a busier batch grows it by as much again

Apply = Callable[[uuid.UUID, int, dict[str, int]], Awaitable[int]]  # → the clicks Postgres added


def segment_name(flusher: uuid.UUID, number: int) -> str:
    return f"{flusher}.{number}{CLICKS}"


class ClickJournal:
    """The worker's own journal. Every method is synchronous and quick: it runs on the event loop."""

    def __init__(self, directory: Path, flusher: uuid.UUID):
        self.directory, self.flusher = directory, flusher
        self._lock_fd: int | None = None
        self._fd: int | None = None
        self._map: mmap.mmap | None = None
        self._used = 0  # bytes of clicks in the mapped file
        self._number = 0
        self.broken = False  # a write failed: clicks are still counted, in memory only

    def open(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        making = self.directory / f".{self.flusher}{LOCK}{NEW}"
        fd = os.open(making, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        # Locked before it gets the name other workers look for, so none can take it for an orphan.
        os.rename(making, self.directory / f"{self.flusher}{LOCK}")
        self._lock_fd = fd
        self._start_segment(1)

    def _start_segment(self, number: int) -> None:
        self._number = number
        fd = os.open(self.directory / segment_name(self.flusher, number), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            os.posix_fallocate(fd, 0, SEGMENT_BYTES)
            self._map = mmap.mmap(fd, SEGMENT_BYTES)
        except OSError:
            os.close(fd)
            raise
        self._fd, self._used = fd, 0

    def record(self, key: str) -> None:
        """One click, written before its redirect is sent."""
        if self._map is None or self._fd is None:  # not open (the two are set together)
            return
        line = key.encode() + b"\n"
        end = self._used + len(line)
        if end > len(self._map):
            try:
                os.posix_fallocate(self._fd, 0, len(self._map) + SEGMENT_BYTES)
                self._map.resize(len(self._map) + SEGMENT_BYTES)
            except OSError as exc:
                self._break(exc)
                return
        self._map[self._used : end] = line
        self._used = end

    def _close_segment(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def seal(self, number: int) -> None:
        """The clicks written so far are batch `number`; the next ones go to a new file."""
        if self._map is None:
            return
        assert number == self._number, (number, self._number)
        self._close_segment()
        try:
            self._start_segment(number + 1)
        except OSError as exc:
            self._break(exc)

    def confirmed(self, number: int) -> None:
        """Postgres has batch `number`: its file goes."""
        if self._lock_fd is not None:
            (self.directory / segment_name(self.flusher, number)).unlink(missing_ok=True)

    def close(self, *, everything_flushed: bool) -> None:
        """At a stop. With clicks still unflushed, the files stay (and the lock goes with the
        process): the next worker replays them."""
        self._close_segment()
        if self._lock_fd is None:
            return
        if everything_flushed:
            (self.directory / segment_name(self.flusher, self._number)).unlink(missing_ok=True)
            (self.directory / f"{self.flusher}{LOCK}").unlink(missing_ok=True)
        os.close(self._lock_fd)
        self._lock_fd = None

    def _break(self, exc: OSError) -> None:
        if not self.broken:
            log.error(
                "click journal not writable, counting in memory only (a killed worker would "
                "lose its unflushed clicks): %s",
                exc,
            )
        self.broken = True
        self._close_segment()


def read_counts(path: Path) -> dict[str, int]:
    """The clicks in one journal file. The reserved space after them is zeros; a last line without
    its newline (or with zeros in it) was never completed."""
    lines = path.read_bytes().rstrip(b"\0").split(b"\n")[:-1]
    return dict(Counter(line.decode() for line in lines if line and b"\0" not in line))


async def recover_orphans(directory: Path, apply: Apply) -> int:
    """Replay the journals of workers that are gone; returns the clicks Postgres took from them.
    Stops at the first failure (Postgres away): the files stay for the next attempt."""
    recovered = 0
    if not directory.is_dir():
        return 0
    for lock_path in sorted(directory.iterdir()):
        name = lock_path.name
        if name.startswith(".") and name.endswith(NEW):
            _remove_if_unlocked(lock_path)
            continue
        if not name.endswith(LOCK):
            continue
        try:
            flusher = uuid.UUID(name[: -len(LOCK)])
            fd = os.open(lock_path, os.O_RDWR)
        except (ValueError, FileNotFoundError):
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # its worker is alive
            os.close(fd)
            continue
        try:
            if os.fstat(fd).st_nlink == 0:  # another worker recovered it meanwhile
                continue
            recovered += await _replay(directory, flusher, apply)
            lock_path.unlink(missing_ok=True)
        finally:
            os.close(fd)
    return recovered


async def _replay(directory: Path, flusher: uuid.UUID, apply: Apply) -> int:
    segments = []
    for path in directory.glob(f"{flusher}.*{CLICKS}"):
        number = path.name[len(str(flusher)) + 1 : -len(CLICKS)]
        if number.isdigit():
            segments.append((int(number), path))
    taken = 0
    for batch, path in sorted(segments):
        counts = read_counts(path)
        if counts:  # raises while Postgres is away: this file and the rest wait
            taken += await apply(flusher, batch, counts)
        path.unlink(missing_ok=True)
    if taken:
        log.warning("recovered %d clicks from the journal of stopped worker %s", taken, flusher)
    return taken


def _remove_if_unlocked(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        path.unlink(missing_ok=True)
    except BlockingIOError:
        pass
    finally:
        os.close(fd)
