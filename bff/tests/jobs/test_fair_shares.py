"""Fair shares on the running stack (gunicorn, nginx, Redis): username checks fill every job slot,
and the data API and /s/ keep answering meanwhile; the checks beyond the slots are refused at once
(503 busy, 429 for a client over its share) with Retry-After instead of queueing for a thread.

The checks are held by the fake sites (HoldSite keeps names starting with `hold` waiting until the
test releases them), so "still running" is a fact the test controls, not a race with a clock."""

from __future__ import annotations

import json
import os
import threading
import uuid
from typing import Any

import pytest
import requests

from toolkit_bff.config import Config

CHECKS = 16


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the suites through ./scripts/test")
    return value


class Check:
    """One streamed username check from one client address, read in a thread."""

    def __init__(self, bff: str, client_ip: str):
        self.status: int | None = None
        self.headers: dict[str, str] = {}
        self.lines: list[dict[str, Any]] = []  # the streamed lines, decoded
        self.answered = threading.Event()  # status known (and the start line read, if streaming)
        self.thread = threading.Thread(target=self._run, args=(bff, client_ip), daemon=True)
        self.thread.start()

    def _run(self, bff: str, client_ip: str) -> None:
        try:
            with requests.get(
                f"{bff}/api/tools/username/hold-{uuid.uuid4().hex[:8]}?sites=HoldSite",
                headers={"X-Forwarded-For": client_ip},
                stream=True,
                timeout=60,
            ) as response:
                self.status, self.headers = response.status_code, dict(response.headers)
                if response.status_code != 200:
                    self.lines.append(response.json())
                    return
                for raw in response.iter_lines():
                    self.lines.append(json.loads(raw))
                    if self.lines[-1]["type"] == "start":
                        self.answered.set()
        finally:
            self.answered.set()

    @property
    def done(self) -> bool:
        return any(line.get("type") == "done" for line in self.lines)


@pytest.fixture
def holds():
    sites = _env("TOOLKIT_FAKE_SITES_URL")
    requests.post(f"{sites}/__holds/arm", timeout=5).raise_for_status()
    yield
    requests.post(f"{sites}/__holds/release", timeout=5).raise_for_status()


@pytest.fixture
def published(client, make_user, admin_db):
    """A public paste and a short link, made through the data API."""
    user = make_user("fair-shares")
    content = f"fair shares {uuid.uuid4().hex}"
    paste = client.post("/api/pastes", json={"content": content}, headers=user.headers)
    link = client.post("/api/links", json={"url": "https://fair-shares.example/ok"}, headers=user.headers)
    assert paste.status_code == 201 and link.status_code == 201, (paste.data, link.data)
    yield paste.get_json()["id"], link.get_json()["short_code"], content
    admin_db.execute("delete from public.pastes where content = %s", (content,))


def unique_client() -> str:
    return f"2001:db8:{uuid.uuid4().int % 0xFFFF:x}:{uuid.uuid4().int % 0xFFFF:x}::1"  # a /64 of its own


def slots() -> int:
    """Every job slot of the running BFF: its workers (the test stack fixes them) × each one's slots."""
    return int(_env("TOOLKIT_TEST_BFF_WORKERS")) * Config.TOOLS_MAX_JOBS_PER_WORKER


def answered(check: Check) -> Check:
    """The check, once it holds a slot (200, streaming) or was told busy (503 with Retry-After); anything else fails."""
    assert check.answered.wait(30)
    if check.status != 200:
        assert check.status == 503 and check.lines[0]["error"]["code"] == "busy", (check.status, check.lines)
        assert int(check.headers["Retry-After"]) >= 5  # ours, or the rate limit window's reset when later
    return check


def test_sixteen_checks_at_once_fill_every_slot_and_the_rest_are_told_busy_while_the_data_api_answers(holds, published):
    bff, gateway = _env("TOOLKIT_BFF_URL"), _env("TOOLKIT_PUBLIC_URL")
    paste_id, code, content = published
    checks = [answered(check) for check in [Check(bff, unique_client()) for _ in range(CHECKS)]]
    running = [check for check in checks if check.status == 200]
    assert 1 <= len(running) <= slots() and len(checks) - len(running) >= CHECKS - slots()
    # The kernel gives each connection to whichever worker accepts it first, so one worker may have
    # taken more of the sixteen than it has slots while a slot of the other stayed free: one check at
    # a time, each again a slot or busy, until every slot is held.
    for _ in range(32):
        if len(running) == slots():
            break
        check = answered(Check(bff, unique_client()))
        running += [check] if check.status == 200 else []
    assert len(running) == slots()
    # Every slot is held: every further check is told busy, on every worker.
    assert all(answered(Check(bff, unique_client())).status == 503 for _ in range(2 * slots()))

    pages = requests.get(f"{gateway}/api/pages", timeout=30)
    paste = requests.get(f"{gateway}/api/pastes/{paste_id}", timeout=30)
    short = requests.get(f"{gateway}/s/{code}", allow_redirects=False, timeout=30)
    assert pages.status_code == 200 and isinstance(pages.json(), (list, dict))
    assert paste.status_code == 200 and paste.json()["content"] == content
    assert short.status_code in (301, 302, 307, 308) and short.headers["Location"] == "https://fair-shares.example/ok"
    # Answered while every admitted check was still running: they held their slots, not every thread.
    assert not any(check.done for check in running)

    requests.post(f"{_env('TOOLKIT_FAKE_SITES_URL')}/__holds/release", timeout=5).raise_for_status()
    for check in running:
        check.thread.join(60)
        assert check.done
        hold = next(line for line in check.lines if line.get("site") == "HoldSite")
        assert hold["status"] == "taken"


def test_one_client_gets_its_share_and_no_more(holds):
    bff, client_ip = _env("TOOLKIT_BFF_URL"), unique_client()
    checks = [Check(bff, client_ip) for _ in range(3)]
    for check in checks:
        assert check.answered.wait(30)
    # TOOLKIT_TOOLS_MAX_JOBS_PER_CLIENT (2), counted in Redis across the workers.
    assert sorted(check.status or 0 for check in checks) == [200, 200, 429]  # (0: no status, never here)
    over = next(check for check in checks if check.status == 429)
    assert over.lines[0]["error"]["code"] == "too_many_jobs" and int(over.headers["Retry-After"]) >= 5
