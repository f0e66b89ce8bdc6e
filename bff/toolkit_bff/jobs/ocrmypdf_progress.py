"""An OCRmyPDF plugin (loaded by module name, searchable.py) that hands OCRmyPDF's progress bars
to the job's progress stream (progress.py): "OCR, page 3 of 10" reaches the browser as it happens.

OCRmyPDF creates and updates its progress bars in the thread that called it, which has the job's
app context, so report_progress can be called directly."""

from __future__ import annotations

from types import TracebackType
from typing import Literal

from ocrmypdf import hookimpl

from .progress import report_progress


class StreamedProgress:
    def __init__(
        self,
        *,
        total: float | None = None,
        desc: str | None = None,
        unit: str | None = None,
        disable: bool = False,
        **_ignored: object,
    ) -> None:
        self.total, self.stage, self.unit, self.disable = total, desc or "Working", unit or "page", disable
        self.completed = 0.0
        self.reported = -1

    def __enter__(self) -> StreamedProgress:
        self._send()
        return self

    def __exit__(
        self, _type: type[BaseException] | None, _value: BaseException | None, _traceback: TracebackType | None
    ) -> Literal[False]:
        return False

    def update(self, n: float | None = 1, *, completed: float | None = None) -> None:
        self.completed = float(completed) if completed is not None else self.completed + float(n or 0)
        self._send()

    def _send(self) -> None:
        done = int(self.completed)  # OCRmyPDF counts a page in halves (read, then grafted)
        if self.disable or done == self.reported:
            return
        self.reported = done
        total = int(self.total) if isinstance(self.total, (int, float)) else None
        report_progress(stage=self.stage, done=done, total=total, unit=self.unit)


@hookimpl
def get_progressbar_class() -> type[StreamedProgress]:
    return StreamedProgress
