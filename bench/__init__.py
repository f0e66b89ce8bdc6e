"""Benchmarks (README.md): ./scripts/bench runs them all on one throw-away stack and writes a report;
`.venv/bin/python -m bench.<name>` runs one on a stack of its own."""

import sys
from pathlib import Path

# The BFF's packages import one another from the bff folder, as gunicorn and pytest.ini see them: the
# benchmarks call its code the same way (the QR generator's library call, a link's password hash).
_BFF = str(Path(__file__).resolve().parent.parent / "bff")
if _BFF not in sys.path:
    sys.path.append(_BFF)
