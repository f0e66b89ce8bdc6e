"""Which instance answered each request, from a gateway's access log (scripts/stack/gateway.py logs
the upstream that answered as `upstream=<address>`): the proof that a load balanced over replicas
really ran on each of them, read without changing a single answer."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

# `"GET /s/abc HTTP/1.1" 302 … upstream=unix:/…/redirect.sock`; after a failed try nginx lists every
# upstream it tried ("a, b"): the last one answered.
LINE = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[\d.]+" (?P<status>\d{3}) .* upstream=(?P<upstream>.+)$')


class AccessLog:
    """The lines a gateway appends to its access log from now on."""

    def __init__(self, path: Path):
        self.path = path
        self.offset = path.stat().st_size if path.exists() else 0

    def new_lines(self) -> list[str]:
        with self.path.open("rb") as log:
            log.seek(self.offset)
            return log.read().decode(errors="replace").splitlines()


def answered_by(lines: list[str], path: str, status: int) -> Counter[str]:
    """Requests for `path` answered with `status`, per upstream that answered them."""
    shares: Counter[str] = Counter()
    for line in lines:
        found = LINE.search(line)
        if found and found["path"] == path and int(found["status"]) == status:
            shares[found["upstream"].split(", ")[-1].strip()] += 1
    return shares
