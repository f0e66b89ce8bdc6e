"""File tools: each job through the gateway (what a user's browser does), as the bare library call,
and with the Debian CLI baseline, in the same run.

    .venv/bin/python -m bench.tools [--smoke] [--repeat 5] [--photo-megapixels 12] [--pdf-pages 100] [--ocr-lines 60]

Jobs: a camera JPEG → WebP (q 80); merging two text PDFs; OCR of a printed A4 page at 300 DPI (as a
signed-in user: the converter is for signed-in users). Targets: HTTP overhead ≤ 15 % over the bare
call; merge within 2× of qpdf; OCR within 1.2× of the bare `OMP_THREAD_LIMIT=1 tesseract` CLI."""
from __future__ import annotations

import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pikepdf
import pytesseract
import requests
from PIL import Image, ImageOps

from .result import Chart, Result, Table, ratio
from .runner import main_of
from .samples import photo_jpeg, printed_page_png, text_pdf
from .users import signed_in_headers

NAME = "tools"
TITLE = "File tools vs their CLI baselines"
ABOUT = ("Three file jobs, each timed three ways in the same run: through the gateway to the BFF (upload, "
         "job in a child process, download — what a user waits for), as the bare library call in this process, "
         "and with the Debian command-line tool a self-hoster would otherwise use (process start-up included). "
         "Medians; the OCR job is also timed in back-to-back pairs with its CLI baseline, which cancels slow drifts "
         "of a shared machine.")
FIGURES = ["webp.http_vs_cli", "webp.http_vs_library", "merge.http_vs_cli", "merge.http_vs_library",
           "ocr.http_vs_cli", "ocr.http_vs_cli_pairs"]
PARAMS = {"full": {"repeat": 5, "warmup": True, "pairs": 5, "photo_megapixels": 12.0, "pdf_pages": 100, "ocr_lines": 60},
          "smoke": {"repeat": 1, "warmup": False, "pairs": 1, "photo_megapixels": 0.3, "pdf_pages": 3, "ocr_lines": 1}}
# Only the BFF's own job cap may refuse a job; the per-IP request limit would count the benchmark.
STACK_ENV = {"TOOLKIT_TOOLS_RATE_LIMIT": "100000 per minute"}
CONVERT = "/usr/bin/convert"  # ImageMagick's (a stand-in may shadow it earlier on PATH)
HTTP_OVERHEAD_TARGET, MERGE_TARGET, OCR_TARGET = 0.15, 2.0, 1.2


class JobFailed(RuntimeError):
    """An HTTP job did not answer what a user would get."""


@dataclass
class Job:
    key: str
    label: str
    http: Callable[[], None]
    library: Callable[[], None]
    clis: dict[str, Callable[[], None]]   # name → run; the first is the baseline
    pages: int = 0


class Gateway:
    """Tool requests through the gateway as one signed-in user; counts what was answered."""

    def __init__(self, env: dict[str, str]):
        self.base, self.headers = env["TOOLKIT_PUBLIC_URL"], signed_in_headers(env)
        self.session, self.done = requests.Session(), 0

    def post(self, path: str, files: list[tuple[str, bytes]], check: Callable[[requests.Response], bool], **fields):
        response = self.session.post(self.base + path, files=[("file", item) for item in files], data=fields,
                                     headers=self.headers, timeout=300)
        if response.status_code != 200 or not check(response):
            raise JobFailed(f"POST {path} answered {response.status_code} {response.headers.get('Content-Type')}: "
                            f"{response.content[:200]!r}")
        self.done += 1


def median_time(job: Callable[[], None], repeat: int, warmup: bool = True) -> float:
    if warmup:
        job()  # imports, caches, first-call costs
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        job()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def paired_ratio(job, baseline, pairs: int) -> float:
    """Median over `pairs` of job time / baseline time, each pair timed back to back."""
    ratios = []
    for _ in range(pairs):
        started = time.perf_counter()
        job()
        middle = time.perf_counter()
        baseline()
        ratios.append((middle - started) / (time.perf_counter() - middle))
    return statistics.median(ratios)


def cli(*cmd: str, env: dict | None = None) -> Callable[[], None]:
    return lambda: subprocess.run(cmd, check=True, capture_output=True, env={**os.environ, **(env or {})})


def jobs(gateway: Gateway, work: Path, params: dict) -> list[Job]:
    jpeg = photo_jpeg(params["photo_megapixels"])
    (work / "photo.jpg").write_bytes(jpeg)

    def webp_library():
        image = ImageOps.exif_transpose(Image.open(io.BytesIO(jpeg)))
        image.save(io.BytesIO(), "WEBP", quality=80, method=4)

    pages = params["pdf_pages"]
    first, second = text_pdf(pages, "First"), text_pdf(pages, "Second")
    (work / "a.pdf").write_bytes(first)
    (work / "b.pdf").write_bytes(second)

    def merged_pages(response) -> bool:
        return len(pikepdf.open(io.BytesIO(response.content)).pages) == 2 * pages

    def merge_library():
        merged = pikepdf.new()
        for data in (first, second):
            merged.pages.extend(pikepdf.open(io.BytesIO(data)).pages)
        merged.save(io.BytesIO())

    png = printed_page_png(params["ocr_lines"])
    (work / "page.png").write_bytes(png)

    def ocr_library():
        image = ImageOps.autocontrast(Image.open(io.BytesIO(png)).convert("L"), cutoff=1)
        pytesseract.image_to_data(image, lang="eng", config="--psm 3", output_type=pytesseract.Output.DICT)

    def read_text(response) -> bool:
        return "quick" in json.loads(response.content).get("text", "")

    tesseract = ["tesseract", str(work / "page.png"), str(work / "ocr"), "--psm", "3", "-l", "eng", "tsv"]
    mp = params["photo_megapixels"]
    return [
        Job("webp", f"{mp:g} MP JPEG → WebP (q 80)",
            lambda: gateway.post("/api/tools/convert", [("photo.jpg", jpeg)], lambda r: r.content[8:12] == b"WEBP",
                                 format="webp", quality=80),
            webp_library,
            {"cwebp": cli("cwebp", "-quiet", "-q", "80", "-m", "4", str(work / "photo.jpg"), "-o", str(work / "o.webp")),
             "ImageMagick": cli(CONVERT, str(work / "photo.jpg"), "-quality", "80", str(work / "im.webp"))}),
        Job("merge", f"merge 2 × {pages}-page PDFs",
            lambda: gateway.post("/api/tools/pdf/merge", [("a.pdf", first), ("b.pdf", second)], merged_pages),
            merge_library,
            {"qpdf": cli("qpdf", "--empty", "--pages", str(work / "a.pdf"), str(work / "b.pdf"), "--",
                         str(work / "merged.pdf"))}),
        # The baseline for OCR is Tesseract with one OpenMP thread, as the BFF's jobs run it (its
        # threads only fight each other on a small machine); the default CLI is shown beside it.
        Job("ocr", "OCR of a printed A4 page at 300 DPI" + ("" if params["ocr_lines"] >= 60 else
                                                            f" (a strip: {params['ocr_lines']} of its 60 lines)"),
            lambda: gateway.post("/api/tools/ocr", [("page.png", png)], read_text, lang="eng"),
            ocr_library,
            {"tesseract OMP=1": cli(*tesseract, env={"OMP_THREAD_LIMIT": "1"}), "tesseract": cli(*tesseract)}),
    ]


def run(stack, params: dict, result: Result) -> None:
    work = Path(tempfile.mkdtemp(prefix="toolkit-bench-tools-"))
    try:
        gateway = Gateway(stack.env)
        measured = []
        for job in jobs(gateway, work, params):
            repeat = max(1, params["repeat"] // 2) if job.key == "ocr" else params["repeat"]
            warm = params["warmup"]
            times = {"through the gateway": median_time(job.http, repeat, warm),
                     "library call": median_time(job.library, repeat, warm)}
            times |= {name: median_time(run_cli, repeat, warm) for name, run_cli in job.clis.items()}
            baseline_name = next(iter(job.clis))
            baseline = times[baseline_name]
            result.figure(f"{job.key}.http_vs_cli", f"{job.label}: gateway vs {baseline_name}",
                          ratio(times["through the gateway"], baseline), baseline_name)
            result.figure(f"{job.key}.http_vs_library", f"{job.label}: gateway vs the library call",
                          ratio(times["through the gateway"], times["library call"]), "library call")
            if job.key == "ocr":
                pairs = paired_ratio(job.http, job.clis[baseline_name], params["pairs"])
                result.figure("ocr.http_vs_cli_pairs", f"{job.label}: gateway vs {baseline_name}, back-to-back pairs",
                              pairs, baseline_name)
            measured.append((job, times, baseline_name))
        report(result, measured, gateway.done)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def report(result: Result, measured, jobs_done: int) -> None:
    rows = [[job.label, name, seconds, ratio(seconds, times[baseline_name])]
            for job, times, baseline_name in measured for name, seconds in times.items()]
    result.tables.append(Table("median seconds per job (× = against the CLI baseline)",
                               ["job", "variant", "median s", "× baseline"], rows))
    for job, times, baseline_name in measured:
        others = [name for name in times if name != baseline_name]
        result.charts.append(Chart(job.label, "seconds per job (median)", [baseline_name, *others],
                                   {"median": [times[baseline_name], *(times[n] for n in others)]}, baseline_name))
    result.check("every job through the gateway answered 200 with the right output (WebP bytes, every merged "
                 "page, the page's words)", jobs_done > 0, f"{jobs_done} jobs")
    figures = result.figures
    result.headline = (f"Through the gateway, {measured[0][0].label} takes {figures['webp.http_vs_cli'].value:.2f}× "
                       f"cwebp, {measured[1][0].label} {figures['merge.http_vs_cli'].value:.2f}× qpdf, and the OCR of a "
                       f"page {figures['ocr.http_vs_cli_pairs'].value:.2f}× one-thread tesseract (back-to-back pairs).")
    for key in ("webp", "merge", "ocr"):
        overhead = figures[f"{key}.http_vs_library"].value - 1
        result.target(f"{key}: HTTP overhead ≤ {HTTP_OVERHEAD_TARGET:.0%} over the library call",
                      overhead <= HTTP_OVERHEAD_TARGET, f"{overhead:+.1%}")
    result.target(f"merge within {MERGE_TARGET:g}× of qpdf", figures["merge.http_vs_cli"].value <= MERGE_TARGET,
                  f"{figures['merge.http_vs_cli'].value:.2f}×")
    result.target(f"OCR within {OCR_TARGET:g}× of OMP_THREAD_LIMIT=1 tesseract (back-to-back pairs)",
                  figures["ocr.http_vs_cli_pairs"].value <= OCR_TARGET, f"{figures['ocr.http_vs_cli_pairs'].value:.2f}×")


if __name__ == "__main__":
    main_of(sys.modules[__name__])
