"""What job processes import is imported with the BFF, never first in a request.

The warm pool forks job processes while the worker's request threads run. A spare forked during a
thread's first import of a module inherits that module's import lock, held by a thread the spare
does not have, and its job hangs on the same import until the time limit: OCR jobs did, on
pytesseract, when the image-to-text page's language list was the worker's first use of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BFF = Path(__file__).resolve().parents[2]


def test_the_ocr_libraries_are_loaded_with_the_bff_modules():
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, toolkit_bff.jobs.ocr_languages, toolkit_bff.jobs.searchable;"
            "print(*sorted(name for name in ('pytesseract', 'ocrmypdf') if name in sys.modules))",
        ],
        cwd=BFF,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert loaded == ["ocrmypdf", "pytesseract"]
