"""Document jobs (issue 31) through the gateway as a signed-in user, against the CLI a self-hoster
would otherwise run on the same file, in the same run:

- searchable PDF: `POST /api/tools/pdf/searchable` (the whole progress stream, upload to last line)
  against bare `ocrmypdf` with the BFF's options, in back-to-back pairs (target ≤ 1.15×);
- redaction: `POST /api/tools/pdf/redact` of a PDF with the word on every page (so every page is
  redrawn: the worst case) against poppler's `pdftoppm` drawing every page at the same DPI.

    .venv/bin/python -m bench.documents [--smoke] [--scan-pages 4] [--pairs 3] [--redact-pages 50]

The documents are the BFF tests' own (bff/tests/fixtures/documents.py), made the same way."""

from __future__ import annotations

import base64
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import requests

from bff.tests.fixtures.documents import SECRET, scanned_pdf, secret_pdf

from .result import Chart, Params, Result, Table, ratio
from .runner import main_of
from .stack import Stack
from .users import signed_in_headers

NAME = "documents"
TITLE = "Searchable PDF and redaction vs ocrmypdf and pdftoppm"
ABOUT = (
    "Two document jobs through the gateway to the BFF (upload, job, the whole progress stream — what a user "
    "waits for). A scan of A4 pages at 300 DPI made searchable, timed in back-to-back pairs with the bare "
    "ocrmypdf command on the same file with the BFF's options (pairs cancel slow drifts of a shared machine); "
    "and the redaction of a word found on every page of a text PDF, which redraws every page, against "
    "poppler's pdftoppm drawing every page of the same file at the same DPI."
)
FIGURES = ["searchable.http_vs_ocrmypdf_pairs", "redaction.http_vs_pdftoppm"]
PARAMS = {
    "full": {"scan_pages": 4, "pairs": 3, "redact_pages": 50, "repeat": 3, "warmup": True},
    "smoke": {"scan_pages": 1, "pairs": 1, "redact_pages": 3, "repeat": 1, "warmup": False},
}
# Only the BFF's own job cap may refuse a job; the per-IP request limit would count the benchmark.
STACK_ENV = {"TOOLKIT_TOOLS_RATE_LIMIT": "100000 per minute"}
LINES = [
    "Quarterly report for Harbour Street and the river wharf",
    "The invoice number is 48213 and payment is due in thirty days",
    "Five boxing wizards jump quickly over the lazy brown dog",
]
READ_BACK = "Harbour"  # a word of every scanned page the text layer must give back
DPI = 200  # the redaction's default: pages are redrawn at it
OCRMYPDF = [
    sys.executable,
    "-m",
    "ocrmypdf",
    "-q",
    "-l",
    "eng",
    "--mode",
    "skip",
    "--output-type",
    "auto",
    "--pdfa-backend",
    "internal",
    "--tagged-pdf-mode",
    "ignore",
    "--jobs",
    str(os.cpu_count() or 1),
]
OVERHEAD_TARGET = 1.15


class JobFailed(RuntimeError):
    """A job's stream did not end in the file a user would get."""


def page_texts(path: Path, pages: int) -> list[str]:
    """Each page's text as poppler's pdftotext reads it."""
    return [
        subprocess.run(
            ["pdftotext", "-f", str(n), "-l", str(n), str(path), "-"], capture_output=True, check=True, text=True
        ).stdout
        for n in range(1, pages + 1)
    ]


class Gateway:
    """Document jobs through the gateway as one signed-in user; each answer read to its last line."""

    def __init__(self, env: dict[str, str], work: Path) -> None:
        self.base, self.headers, self.work = env["TOOLKIT_PUBLIC_URL"], signed_in_headers(env), work
        self.session = requests.Session()

    def stream(self, path: str, data: bytes, **fields: str | int) -> Path:
        """The whole progress stream; answers where the result's file was written."""
        response = self.session.post(
            self.base + path, files=[("file", ("bench.pdf", data))], data=fields, headers=self.headers, timeout=600
        )
        lines = [line for line in response.content.splitlines() if line.strip()]
        last = json.loads(lines[-1]) if response.status_code == 200 and lines else {}
        if last.get("type") != "result":
            raise JobFailed(f"POST {path} answered {response.status_code}, last line: {response.content[-300:]!r}")
        out = self.work / f"{path.rsplit('/', 1)[-1]}.pdf"
        out.write_bytes(base64.b64decode(last["data"]))
        return out


def timed(job: Callable[[], None]) -> float:
    started = time.perf_counter()
    job()
    return time.perf_counter() - started


def run(stack: Stack, params: Params, result: Result) -> None:
    work = Path(tempfile.mkdtemp(prefix="toolkit-bench-documents-"))
    try:
        gateway = Gateway(stack.env, work)
        scan_pages, redact_pages = params["scan_pages"], params["redact_pages"]
        scan = work / "scan.pdf"
        scan.write_bytes(scanned_pdf([LINES] * scan_pages)[0])
        redactable = work / "secret.pdf"
        redactable.write_bytes(secret_pdf(pages=redact_pages, on_every_page=True))
        outputs: dict[str, Path] = {}

        def http_searchable() -> None:
            outputs["searchable"] = gateway.stream(
                "/api/tools/pdf/searchable", scan.read_bytes(), lang="eng", mode="skip"
            )

        def bare_ocrmypdf() -> None:
            subprocess.run([*OCRMYPDF, str(scan), str(work / "ocrmypdf.pdf")], check=True, capture_output=True)

        def http_redact() -> None:
            outputs["redacted"] = gateway.stream(
                "/api/tools/pdf/redact", redactable.read_bytes(), terms=SECRET, dpi=DPI
            )

        def bare_pdftoppm() -> None:
            subprocess.run(
                ["pdftoppm", "-r", str(DPI), "-png", str(redactable), str(work / "page")],
                check=True,
                capture_output=True,
            )

        if params["warmup"]:  # imports, caches, Tesseract's model in the page cache
            for warm_up in (http_searchable, bare_ocrmypdf, http_redact, bare_pdftoppm):
                warm_up()
        pairs = [(timed(http_searchable), timed(bare_ocrmypdf)) for _ in range(params["pairs"])]
        redaction = statistics.median(timed(http_redact) for _ in range(params["repeat"]))
        drawing = statistics.median(timed(bare_pdftoppm) for _ in range(params["repeat"]))
        check_outputs(result, outputs, work, scan_pages, redact_pages)
        report(result, params, pairs, redaction, drawing)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_outputs(result: Result, outputs: dict[str, Path], work: Path, scan_pages: int, redact_pages: int) -> None:
    """The jobs really ran: their files are what a user asked for, read back by another program."""
    for name, path in (("through the gateway", outputs["searchable"]), ("by bare ocrmypdf", work / "ocrmypdf.pdf")):
        texts = page_texts(path, scan_pages)
        readable = sum(READ_BACK in text for text in texts)
        result.check(
            f"the searchable PDF made {name} has a text layer on every page (pdftotext reads '{READ_BACK}')",
            readable == scan_pages,
            f"{readable} of {scan_pages} pages",
        )
    texts = page_texts(outputs["redacted"], redact_pages)
    leaks = sum(SECRET in text for text in texts)
    kept = sum("opening line stays readable" in text for text in texts)
    result.check(
        f"the redacted PDF no longer contains '{SECRET}' on any page, and keeps the text around it",
        leaks == 0 and kept == redact_pages,
        f"'{SECRET}' on {leaks} of {redact_pages} pages, the opening line on {kept}",
    )
    drawn = len(list(work.glob("page-*.png")))
    result.check("pdftoppm drew every page", drawn == redact_pages, f"{drawn} of {redact_pages} pages")


def report(result: Result, params: Params, pairs: list[tuple[float, float]], redaction: float, drawing: float) -> None:
    scan_pages, redact_pages = params["scan_pages"], params["redact_pages"]
    overhead = statistics.median(h / b for h, b in pairs)
    http_page = statistics.median(h for h, _ in pairs) / scan_pages
    bare_page = statistics.median(b for _, b in pairs) / scan_pages
    result.figure(
        "searchable.http_vs_ocrmypdf_pairs",
        f"searchable PDF of {scan_pages} scanned A4 page(s): gateway vs ocrmypdf, back-to-back pairs",
        overhead,
        "ocrmypdf",
    )
    result.figure(
        "redaction.http_vs_pdftoppm",
        f"redaction of a word on each of {redact_pages} pages: gateway vs pdftoppm -r {DPI}",
        ratio(redaction, drawing),
        f"pdftoppm -r {DPI}",
    )
    result.tables.append(
        Table(
            "seconds (medians)",
            ["job", "variant", "seconds", "seconds per page"],
            [
                ["searchable PDF", "through the gateway", http_page * scan_pages, http_page],
                ["searchable PDF", "bare ocrmypdf", bare_page * scan_pages, bare_page],
                [f"redaction, {redact_pages} pages", "through the gateway", redaction, redaction / redact_pages],
                [f"drawing {redact_pages} pages", f"pdftoppm -r {DPI}", drawing, drawing / redact_pages],
            ],
        )
    )
    result.charts.append(
        Chart(
            f"searchable PDF, {scan_pages} scanned page(s)",
            "seconds per page (median)",
            ["ocrmypdf", "through the gateway"],
            {"median": [bare_page, http_page]},
            "ocrmypdf",
        )
    )
    result.charts.append(
        Chart(
            f"{redact_pages} pages: redaction vs drawing them",
            "seconds (median)",
            [f"pdftoppm -r {DPI}", "redaction through the gateway"],
            {"median": [drawing, redaction]},
            f"pdftoppm -r {DPI}",
        )
    )
    result.target(
        f"searchable PDF within {OVERHEAD_TARGET:g}× of bare ocrmypdf (back-to-back pairs)",
        overhead <= OVERHEAD_TARGET,
        f"{overhead:.2f}×",
    )
    result.headline = (
        f"Through the gateway a scanned page is made searchable in {http_page:.2f} s against "
        f"{bare_page:.2f} s for bare ocrmypdf ({overhead:.2f}×); redacting a word on each of "
        f"{redact_pages} pages takes {redaction:.1f} s, {ratio(redaction, drawing):.2f}× drawing them "
        f"with pdftoppm."
    )


if __name__ == "__main__":
    main_of(sys.modules[__name__])
