"""The file tools' limits (ARCHITECTURE.md: 25 MB per file, 50 megapixels, 1000 PDF pages, 60 s
per job; a job's memory, CPU time and total output; pages per OCR or thumbnails request) and the
errors that name them.

How the 60 s job limit is enforced: every job runs in a child process (child_jobs.py) that the worker
kills, with everything it started, when the time is up. Inside the job a `Deadline` still stops
work between steps (per file, per page) and gives subprocesses their remaining time, so a slow job
ends with its own clean error where it can.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from flask import current_app

from ..errors import ApiError


@dataclass(frozen=True)
class Limits:
    max_file_bytes: int
    max_image_pixels: int
    max_pdf_pages: int
    job_timeout: float
    job_memory_bytes: int = 1024 * 2**20
    job_cpu_seconds: int = 60
    max_output_bytes: int = 200 * 2**20
    ocr_max_pages: int = 10
    thumbnails_max_pages: int = 50
    thumbnails_max_bytes: int = 8 * 2**20

    @classmethod
    def current(cls) -> Limits:
        config = current_app.config
        return cls(
            config["TOOLS_MAX_FILE_BYTES"],
            config["TOOLS_MAX_IMAGE_PIXELS"],
            config["TOOLS_MAX_PDF_PAGES"],
            config["TOOLS_JOB_TIMEOUT"],
            config["TOOLS_JOB_MEMORY_BYTES"],
            config["TOOLS_JOB_CPU_SECONDS"],
            config["TOOLS_MAX_OUTPUT_BYTES"],
            config["TOOLS_OCR_MAX_PAGES"],
            config["TOOLS_THUMBNAILS_MAX_PAGES"],
            config["TOOLS_THUMBNAILS_MAX_BYTES"],
        )


def file_too_large(filename: str, limit_bytes: int) -> ApiError:
    return ApiError(
        413, "file_too_large", f"{filename} is larger than the {limit_bytes / 1024 / 1024:g} MB per-file limit"
    )


def image_too_large(pixels: int | None, limit_pixels: int) -> ApiError:
    size = f" ({pixels / 1e6:.1f} megapixels)" if pixels else ""
    return ApiError(422, "image_too_large", f"The image{size} exceeds the {limit_pixels / 1e6:g} megapixel limit")


def too_many_pages(pages: int, limit_pages: int) -> ApiError:
    return ApiError(422, "too_many_pages", f"The PDF has {pages} pages; the limit is {limit_pages} pages")


def output_too_large(limit_bytes: int) -> ApiError:
    return ApiError(
        413, "output_too_large", f"The job's output is larger than the {limit_bytes / 2**20:g} MB output limit per job"
    )


def job_timed_out(limit_seconds: float) -> ApiError:
    return ApiError(422, "job_timeout", f"The job exceeded the {limit_seconds:g} s time limit")


class Deadline:
    """The moment a job must be finished by; check() between steps, remaining() for subprocesses."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.ends_at = time.monotonic() + seconds

    @classmethod
    def for_job(cls) -> Deadline:
        return cls(Limits.current().job_timeout)

    def remaining(self) -> float:
        return self.ends_at - time.monotonic()

    def check(self) -> None:
        if self.remaining() <= 0:
            raise job_timed_out(self.seconds)
