"""Benchmarks of the file tools: each job through the HTTP endpoint (a real gunicorn BFF), as the
bare library call, and with the Debian CLI baseline; printed as medians and ratios.

    .venv/bin/python -m bench.tools [--repeat N]
    .venv/bin/python -m bench.tools --lookups [--gateway URL --apertium URL --database-url URL --jwt-secret S]
    .venv/bin/python -m bench.tools --documents [--repeat N --database-url URL]

Jobs: a 12-megapixel JPEG → WebP; merging two 100-page PDFs (200 pages); OCR of one A4 page
rendered at 300 DPI. Targets: HTTP overhead ≤ 15 % over the bare call; merge within 2× of qpdf;
OCR through HTTP within 1.2× of the bare `OMP_THREAD_LIMIT=1 tesseract` CLI.
With --lookups, the outbound tools instead (bench/lookups.py), against a running stack (default:
./scripts/dev's): translation latency per 1,000 characters through the gateway against Apertium APY
called directly, and username-check throughput against a local fake-sites server.
With --documents, the long document jobs instead (bench/documents.py): searchable-PDF seconds per page
against bare `ocrmypdf` on the same file (overhead ratio ≤ 1.15), and the redaction of a 50-page PDF."""
from __future__ import annotations

import argparse
import io
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import jwt
import pikepdf
import pytesseract
import requests
from PIL import Image, ImageDraw, ImageFont, ImageOps

ROOT = Path(__file__).resolve().parents[1]
JWT_SECRET = "x" * 32  # the throw-away BFF's own secret
FONT = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
CONVERT = "/usr/bin/convert"  # ImageMagick's (a stand-in may shadow it earlier on PATH)


def photo_12mp() -> bytes:
    """4000 × 3000 with real texture (noise over gradients), like a camera JPEG."""
    width, height = 4000, 3000
    base = Image.merge("RGB", [Image.linear_gradient("L").resize((width, height)),
                               Image.radial_gradient("L").resize((width, height)),
                               Image.effect_noise((width, height), 40)])
    buffer = io.BytesIO()
    base.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def text_pdf(pages: int, label: str) -> bytes:
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    for number in range(pages):
        page = pdf.add_blank_page(page_size=(595, 842))
        page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        lines = "".join(f"BT /F1 11 Tf 72 {800 - 14 * row} Td ({label} page {number + 1}, line {row}: "
                        f"the quick brown fox jumps over the lazy dog) Tj ET\n" for row in range(50))
        page.obj.Contents = pdf.make_stream(lines.encode())
    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


def a4_page_300dpi() -> Image.Image:
    image = Image.new("L", (2480, 3508), 255)
    draw, font = ImageDraw.Draw(image), ImageFont.truetype(FONT, 42)
    words = "The quick brown fox jumps over the lazy dog while five boxing wizards jump quickly".split()
    for row in range(60):
        line = " ".join(words[(row + i) % len(words)] for i in range(9))
        draw.text((200, 200 + row * 52), line, fill=0, font=font)
    return image


def median_time(job, repeat: int) -> float:
    job()  # warm-up: imports, caches, first-call costs
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_bff() -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": "1",
           "GUNICORN_THREADS": "4", "TOOLKIT_DATABASE_URL": "postgresql://bench@127.0.0.1:9/none",
           "TOOLKIT_JWT_SECRET": JWT_SECRET}
    process = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", "gunicorn.conf.py", "--access-logfile",
                                "/dev/null", "wsgi:app"], cwd=ROOT / "bff", env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            requests.get(base + "/api/tools/ocr/languages", timeout=5)
            return process, base
        except requests.RequestException:  # not listening yet, or slow to answer on a busy machine
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the BFF did not start")


def signed_in() -> dict[str, str]:
    """The converter is for signed-in users: a user's token, as Auth would issue it."""
    now = int(time.time())
    claims = {"sub": "bench", "aud": "authenticated", "role": "authenticated", "iat": now, "exp": now + 3600}
    return {"Authorization": f"Bearer {jwt.encode(claims, JWT_SECRET, algorithm='HS256')}"}


def post(base: str, path: str, files: list[tuple[str, bytes]], **fields) -> requests.Response:
    response = requests.post(base + path, files=[("file", item) for item in files], data=fields, timeout=120,
                             headers=signed_in())
    response.raise_for_status()
    return response


def run(repeat: int) -> list[tuple[str, dict[str, float]]]:
    work = Path(tempfile.mkdtemp(prefix="toolkit-bench-"))
    process, base = start_bff()
    results = []
    try:
        jpeg = photo_12mp()
        (work / "photo.jpg").write_bytes(jpeg)

        def webp_library():
            image = Image.open(io.BytesIO(jpeg))
            image = ImageOps.exif_transpose(image)
            buffer = io.BytesIO()
            image.save(buffer, "WEBP", quality=80, method=4)
        results.append(("12 MP JPEG → WebP", {
            "http": median_time(lambda: post(base, "/api/tools/convert", [("photo.jpg", jpeg)], format="webp",
                                             quality=80), repeat),
            "library": median_time(webp_library, repeat),
            "cwebp": median_time(lambda: subprocess.run(["cwebp", "-quiet", "-q", "80", "-m", "4", str(work / "photo.jpg"),
                                                         "-o", str(work / "out.webp")], check=True), repeat),
            "imagemagick": median_time(lambda: subprocess.run([CONVERT, str(work / "photo.jpg"), "-quality", "80",
                                                               str(work / "out-im.webp")], check=True), repeat),
        }))

        first, second = text_pdf(100, "First"), text_pdf(100, "Second")
        (work / "a.pdf").write_bytes(first)
        (work / "b.pdf").write_bytes(second)

        def merge_library():
            documents = [pikepdf.open(io.BytesIO(data)) for data in (first, second)]
            merged = pikepdf.new()
            for document in documents:
                merged.pages.extend(document.pages)
            merged.save(io.BytesIO())
        results.append(("merge 2 × 100-page PDFs", {
            "http": median_time(lambda: post(base, "/api/tools/pdf/merge", [("a.pdf", first), ("b.pdf", second)]),
                                repeat),
            "library": median_time(merge_library, repeat),
            "qpdf": median_time(lambda: subprocess.run(["qpdf", "--empty", "--pages", str(work / "a.pdf"),
                                                        str(work / "b.pdf"), "--", str(work / "merged.pdf")],
                                                       check=True), repeat),
        }))

        page = a4_page_300dpi()
        page.save(work / "page.png")
        png = (work / "page.png").read_bytes()

        def ocr_library():
            image = ImageOps.autocontrast(Image.open(io.BytesIO(png)).convert("L"), cutoff=1)
            pytesseract.image_to_data(image, lang="eng", config="--psm 3", output_type=pytesseract.Output.DICT)
        ocr_repeat = max(1, repeat // 2)
        results.append(("OCR A4 page at 300 DPI", {
            "http": median_time(lambda: post(base, "/api/tools/ocr", [("page.png", png)], lang="eng"), ocr_repeat),
            "library": median_time(ocr_library, ocr_repeat),
            "tesseract": median_time(lambda: tesseract_cli(work, {}), ocr_repeat),
            # The baseline for OCR: Tesseract alone with one OpenMP thread, as the BFF's jobs run it.
            "tess OMP=1": median_time(lambda: tesseract_cli(work, {"OMP_THREAD_LIMIT": "1"}), ocr_repeat),
            # On a shared machine the load drifts between variants: HTTP and the OMP=1 CLI are also
            # timed in alternation, and the median of the pairs' ratios is reported.
            "pair ratio": paired_ratio(lambda: post(base, "/api/tools/ocr", [("page.png", png)], lang="eng"),
                                       lambda: tesseract_cli(work, {"OMP_THREAD_LIMIT": "1"}), max(3, repeat)),
        }))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=15)
        shutil.rmtree(work, ignore_errors=True)
    return results


def tesseract_cli(work: Path, env: dict[str, str]) -> None:
    subprocess.run(["tesseract", str(work / "page.png"), str(work / "ocr"), "--psm", "3", "-l", "eng", "tsv"],
                   check=True, capture_output=True, env={**os.environ, **env})


def report(results) -> None:
    print(f"{'job':<26}{'variant':<13}{'median s':>10}{'vs library':>12}")
    for job, timings in results:
        pair_ratio = timings.pop("pair ratio", None)
        for variant, seconds in timings.items():
            print(f"{job:<26}{variant:<13}{seconds:>10.3f}{seconds / timings['library']:>11.2f}×")
        http_overhead = (timings["http"] / timings["library"] - 1) * 100
        print(f"{'':<26}HTTP overhead over the bare call: {http_overhead:+.1f} % (target ≤ 15 %)")
        if "qpdf" in timings:
            print(f"{'':<26}HTTP merge vs qpdf: {timings['http'] / timings['qpdf']:.2f}× (target ≤ 2×)")
        if "tess OMP=1" in timings:
            print(f"{'':<26}HTTP OCR vs OMP_THREAD_LIMIT=1 tesseract: "
                  f"{timings['http'] / timings['tess OMP=1']:.2f}× of the medians, "
                  f"{pair_ratio:.2f}× median of back-to-back pairs (target ≤ 1.2×)")
        print()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--lookups", action="store_true", help="time the translator and the username checker")
    parser.add_argument("--documents", action="store_true", help="time searchable PDFs and redaction")
    parser.add_argument("--gateway", default="http://localhost:8000")
    parser.add_argument("--apertium", default="http://127.0.0.1:2737")
    parser.add_argument("--database-url", default="postgresql://authenticator:postgres@127.0.0.1:54322/postgres")
    parser.add_argument("--jwt-secret", default="super-secret-jwt-token-with-at-least-32-characters-long")
    args = parser.parse_args()
    if args.lookups:
        from bench import lookups

        lookups.report(lookups.translation_latency(args.gateway, args.apertium, args.jwt_secret, args.repeat),
                       lookups.username_throughput(args.database_url))
    elif args.documents:
        from bench import documents

        documents.report(documents.measure(repeat=args.repeat, database_url=args.database_url))
    else:
        report(run(args.repeat))
    sys.exit(0)
