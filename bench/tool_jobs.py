"""The jobs bench/tools.py times: each through the gateway as a signed-in user, as the bare library call
in this process (what the BFF's job does, without HTTP or a job process), and with the Debian CLI a
self-hoster would otherwise use. The small jobs (a merge of two 100-page PDFs, a 1 MP photo → WebP,
a QR code) are the ones whose fixed cost a user feels: upload, job process, answer."""

from __future__ import annotations

import io
import json
import os
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytesseract
import requests
from PIL import Image, ImageOps

from .result import JsonObject, Params
from .samples import photo_jpeg, printed_page_png, text_pdf
from .users import signed_in_headers

CONVERT = "/usr/bin/convert"  # ImageMagick's (a stand-in may shadow it earlier on PATH)
QR_TEXT = "https://toolkit.example/s/launch-2026?utm_source=poster"
QR_SIZE, QR_MARGIN = 512, 4  # the BFF's defaults (tools/qr_generator/endpoint.py)


class JobFailed(RuntimeError):
    """An HTTP job did not answer what a user would get."""


@dataclass
class Job:
    key: str
    label: str
    http: Callable[[], None]
    library: Callable[[], None]
    clis: dict[str, Callable[[], None]]  # name → run; the first is the baseline
    small: bool = False  # a small job: its fixed cost is what a user feels


class Gateway:
    """Tool requests through the gateway as one signed-in user; counts what was answered."""

    def __init__(self, env: dict[str, str]) -> None:
        self.base, self.headers = env["TOOLKIT_PUBLIC_URL"], signed_in_headers(env)
        self.session, self.done = requests.Session(), 0

    def post(
        self,
        path: str,
        check: Callable[[requests.Response], bool],
        files: Sequence[tuple[str, bytes]] = (),
        json_body: JsonObject | None = None,
        **fields: str | float,
    ) -> None:
        response = self.session.post(
            self.base + path,
            files=[("file", item) for item in files] or None,
            data=fields or None,
            json=json_body,
            headers=self.headers,
            timeout=300,
        )
        if response.status_code != 200 or not check(response):
            raise JobFailed(
                f"POST {path} answered {response.status_code} {response.headers.get('Content-Type')}: "
                f"{response.content[:200]!r}"
            )
        self.done += 1


def cli(*cmd: str, env: dict[str, str] | None = None) -> Callable[[], None]:
    def run() -> None:
        subprocess.run(cmd, check=True, capture_output=True, env={**os.environ, **(env or {})})

    return run


def niced(*cmd: str) -> Callable[[], None]:
    """The same command at the jobs' niceness (10): on a busy machine the jobs yield to everything
    else by design (redirects and the data API first), and this variant shows what that alone costs."""
    return cli("nice", "-n", "10", *cmd)


def webp_job(gateway: Gateway, work: Path, megapixels: float, key: str, small: bool) -> Job:
    jpeg = photo_jpeg(megapixels)
    source = work / f"{key}.jpg"
    source.write_bytes(jpeg)

    def library() -> None:
        image = ImageOps.exif_transpose(Image.open(io.BytesIO(jpeg)))
        image.save(io.BytesIO(), "WEBP", quality=80, method=4)

    cwebp = ("cwebp", "-quiet", "-q", "80", "-m", "4", str(source), "-o", str(work / f"{key}.webp"))
    clis = {
        "cwebp": cli(*cwebp),
        "ImageMagick": cli(CONVERT, str(source), "-quality", "80", str(work / f"{key}-im.webp")),
    }
    if small:
        clis["cwebp at nice 10"] = niced(*cwebp)
    return Job(
        key,
        f"{megapixels:g} MP JPEG → WebP (q 80)",
        lambda: gateway.post(
            "/api/tools/convert", lambda r: r.content[8:12] == b"WEBP", [(source.name, jpeg)], format="webp", quality=80
        ),
        library,
        clis,
        small,
    )


def merge_job(gateway: Gateway, work: Path, pages: int) -> Job:
    first, second = text_pdf(pages, "First"), text_pdf(pages, "Second")
    (work / "a.pdf").write_bytes(first)
    (work / "b.pdf").write_bytes(second)

    def merged_pages(response: requests.Response) -> bool:
        return len(pikepdf.open(io.BytesIO(response.content)).pages) == 2 * pages

    def library() -> None:
        merged = pikepdf.new()
        for data in (first, second):
            merged.pages.extend(pikepdf.open(io.BytesIO(data)).pages)
        merged.save(io.BytesIO())

    qpdf = ("qpdf", "--empty", "--pages", str(work / "a.pdf"), str(work / "b.pdf"), "--", str(work / "merged.pdf"))
    return Job(
        "merge",
        f"merge 2 × {pages}-page PDFs",
        lambda: gateway.post("/api/tools/pdf/merge", merged_pages, [("a.pdf", first), ("b.pdf", second)]),
        library,
        {"qpdf": cli(*qpdf), "qpdf at nice 10": niced(*qpdf)},
        small=True,
    )


def qr_job(gateway: Gateway, work: Path) -> Job:
    """A URL's QR code as a 512 px PNG. The library call is the BFF generator's own (libqrencode's
    modules, drawn whole pixels per module with Pillow); qrencode draws the same modules at the same
    module size and margin."""
    from toolkit_bff.tools.qr_generator.endpoint import qr_matrix, render_png

    black, white = (0, 0, 0, 255), (255, 255, 255, 255)
    box = QR_SIZE // len(qr_matrix(QR_TEXT, "m", QR_MARGIN))

    def library() -> None:
        render_png(qr_matrix(QR_TEXT, "m", QR_MARGIN), QR_SIZE, black, white)

    qrencode = ("qrencode", "-o", str(work / "qr.png"), "-s", str(box), "-m", str(QR_MARGIN), "-l", "M", QR_TEXT)
    return Job(
        "qr",
        f"QR code of a URL ({QR_SIZE} px PNG)",
        lambda: gateway.post(
            "/api/tools/qr",
            lambda r: r.content[:8] == b"\x89PNG\r\n\x1a\n",
            json_body={"type": "url", "url": QR_TEXT, "size": QR_SIZE},
        ),
        library,
        {"qrencode": cli(*qrencode), "qrencode at nice 10": niced(*qrencode)},
        small=True,
    )


def ocr_job(gateway: Gateway, work: Path, lines: int) -> Job:
    """The baseline is Tesseract with one OpenMP thread, as the BFF's jobs run it (its threads only
    fight each other on a small machine); the default CLI is shown beside it."""
    png = printed_page_png(lines)
    (work / "page.png").write_bytes(png)

    def library() -> None:
        image = ImageOps.autocontrast(Image.open(io.BytesIO(png)).convert("L"), cutoff=1)
        pytesseract.image_to_data(image, lang="eng", config="--psm 3", output_type=pytesseract.Output.DICT)

    def read_text(response: requests.Response) -> bool:
        return "quick" in json.loads(response.content).get("text", "")

    tesseract = ["tesseract", str(work / "page.png"), str(work / "ocr"), "--psm", "3", "-l", "eng", "tsv"]
    return Job(
        "ocr",
        "OCR of a printed A4 page at 300 DPI" + ("" if lines >= 60 else f" (a strip: {lines} of its 60 lines)"),
        lambda: gateway.post("/api/tools/ocr", read_text, [("page.png", png)], lang="eng"),
        library,
        {"tesseract OMP=1": cli(*tesseract, env={"OMP_THREAD_LIMIT": "1"}), "tesseract": cli(*tesseract)},
    )


def jobs(gateway: Gateway, work: Path, params: Params) -> list[Job]:
    return [
        merge_job(gateway, work, params["pdf_pages"]),
        webp_job(gateway, work, params["small_photo_megapixels"], "webp_1mp", small=True),
        qr_job(gateway, work),
        webp_job(gateway, work, params["photo_megapixels"], "webp", small=False),
        ocr_job(gateway, work, params["ocr_lines"]),
    ]
