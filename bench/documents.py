"""Benchmarks of the document jobs (issue 31), through a real gunicorn BFF and its job slots:

- searchable PDF: seconds per page of `POST /api/tools/pdf/searchable` (the whole progress stream,
  upload to last line) against bare `ocrmypdf` with the same options on the same file; the
  overhead ratio is the median of back-to-back pairs (target ≤ 1.15);
- redaction: seconds to redact a 50-page PDF where a word is on every page (so every page is
  redrawn: the worst case), whole stream.

    .venv/bin/python -m bench.documents [--smoke] [--repeat N] [--database-url URL]

The BFF reads the disabled-pages setting before each job, so it needs a database: by default the
one `./scripts/dev` runs (or TOOLKIT_DATABASE_URL). `--smoke` runs one small case of each (a
one-page scan, a five-page redaction) to check the path works; `measure()` returns the figures."""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bff" / "tests"))  # the documents the BFF's tests use, made the same way
from fixtures.documents import scanned_pdf, secret_pdf  # noqa: E402

from bench.tools import free_port  # noqa: E402

DEV_DATABASE = "postgresql://authenticator:postgres@127.0.0.1:54322/postgres"
OCRMYPDF = [str(ROOT / ".venv/bin/ocrmypdf"), "-q", "-l", "eng", "--mode", "skip", "--output-type", "auto",
            "--pdfa-backend", "internal", "--tagged-pdf-mode", "ignore", "--jobs", str(os.cpu_count() or 1)]
LINES = ["Quarterly report for Harbour Street and the river wharf",
         "The invoice number is 48213 and payment is due in thirty days",
         "Five boxing wizards jump quickly over the lazy brown dog"]


def start_bff(database_url: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": "1", "GUNICORN_THREADS": "4",
           "TOOLKIT_DATABASE_URL": database_url, "TOOLKIT_JWT_SECRET": "x" * 32}
    process = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", "gunicorn.conf.py", "--access-logfile",
                                "/dev/null", "wsgi:app"], cwd=ROOT / "bff", env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            if requests.get(base + "/api/pages", timeout=5).status_code == 200:
                return process, base
        except requests.RequestException:
            pass
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)
    raise SystemExit(f"the BFF did not start, or cannot read the database at {database_url}")


def stream_job(base: str, path: str, data: bytes, **fields) -> dict:
    """The whole progress stream; answers its result line (without the file)."""
    response = requests.post(base + path, files=[("file", ("bench.pdf", data))], data=fields, timeout=300)
    response.raise_for_status()
    last = json.loads(response.content.splitlines()[-1])
    if last.get("type") != "result":
        raise SystemExit(f"{path} failed: {last}")
    last.pop("data")
    return last


def timed(job) -> float:
    started = time.perf_counter()
    job()
    return time.perf_counter() - started


def measure(*, smoke: bool = False, repeat: int = 3, database_url: str | None = None) -> dict[str, float]:
    scan_pages = 1 if smoke else 4
    redact_pages = 5 if smoke else 50
    repeat = 1 if smoke else repeat
    scan, _ = scanned_pdf([LINES] * scan_pages)
    redactable = secret_pdf(pages=redact_pages, on_every_page=True)
    work = Path(tempfile.mkdtemp(prefix="toolkit-bench-documents-"))
    (work / "scan.pdf").write_bytes(scan)
    process, base = start_bff(database_url or os.environ.get("TOOLKIT_DATABASE_URL") or DEV_DATABASE)
    try:
        def http():
            stream_job(base, "/api/tools/pdf/searchable", scan, lang="eng", mode="skip")

        def bare():
            subprocess.run([*OCRMYPDF, str(work / "scan.pdf"), str(work / "out.pdf")], check=True,
                           capture_output=True)

        http(), bare()  # warm-up: imports, caches, Tesseract's model in the page cache
        pairs = [(timed(http), timed(bare)) for _ in range(repeat)]
        stream_job(base, "/api/tools/pdf/redact", redactable, terms="Zanzibar")  # warm-up
        redaction = statistics.median(timed(lambda: stream_job(base, "/api/tools/pdf/redact", redactable,
                                                               terms="Zanzibar")) for _ in range(repeat))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
    return {
        "searchable_pages": scan_pages,
        "searchable_http_seconds_per_page": statistics.median(h for h, _ in pairs) / scan_pages,
        "searchable_ocrmypdf_seconds_per_page": statistics.median(b for _, b in pairs) / scan_pages,
        "searchable_overhead_ratio": statistics.median(h / b for h, b in pairs),
        "redaction_pages": redact_pages,
        "redaction_seconds": redaction,
    }


def report(figures: dict[str, float]) -> None:
    print(f"searchable PDF ({figures['searchable_pages']} scanned A4 pages at 300 dpi):")
    print(f"  through the BFF   {figures['searchable_http_seconds_per_page']:.2f} s per page")
    print(f"  bare ocrmypdf     {figures['searchable_ocrmypdf_seconds_per_page']:.2f} s per page")
    print(f"  overhead ratio    {figures['searchable_overhead_ratio']:.2f}× (median of back-to-back pairs; target ≤ 1.15)")
    print(f"redaction of a {figures['redaction_pages']}-page PDF, a word on every page (every page redrawn):")
    print(f"  {figures['redaction_seconds']:.1f} s ({figures['redaction_seconds'] / figures['redaction_pages']:.2f} s per page)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="one small case of each, to check the path works")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    report(measure(smoke=args.smoke, repeat=args.repeat, database_url=args.database_url))
