"""Running the Tesseract CLI on one image, word data as TSV.

Called directly rather than through pytesseract's image_to_data: the image goes to Tesseract as an
uncompressed PNM (writing a 300 DPI A4 page as PNG costs a tenth of the recognition itself) and
runs under run_program (the job's deadline, its process group, its session)."""

from __future__ import annotations

import csv
import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from ...errors import ApiError
from ...jobs.limits import Deadline
from ...jobs.processes import run_program

TSV_INTS = ("level", "page_num", "block_num", "par_num", "line_num", "word_num", "left", "top", "width", "height")


@dataclass
class TsvColumns:
    """Tesseract's TSV by column (like pytesseract's Output.DICT), one entry per row in each."""

    numbers: dict[str, list[int]] = field(default_factory=lambda: {name: [] for name in TSV_INTS})
    conf: list[float] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


def image_to_data(image: Image.Image, lang: str, psm: int, deadline: Deadline) -> TsvColumns:
    """Tesseract's TSV as columns (like pytesseract's Output.DICT): text, conf, boxes, line keys."""
    handle, name = tempfile.mkstemp(suffix=".pnm")  # in the job's own scratch directory
    os.close(handle)
    path = Path(name)
    try:
        image.save(path, "PPM")  # PGM for greyscale, PPM for colour
        completed = run_program(
            ["tesseract", str(path), "stdout", "--psm", str(psm), "-l", lang, "tsv"], deadline, cwd=path.parent
        )
    finally:
        path.unlink(missing_ok=True)
    if completed.returncode != 0:
        raise ApiError(422, "ocr_failed", "Tesseract could not read this image")
    return parse_tsv(completed.stdout.decode("utf-8", errors="replace"))


def parse_tsv(text: str) -> TsvColumns:
    rows = list(csv.DictReader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE))
    columns = TsvColumns()
    for row in rows:
        for name in TSV_INTS:
            columns.numbers[name].append(int(row[name]))
        columns.conf.append(float(row["conf"]))
        columns.text.append(row.get("text") or "")
    return columns
