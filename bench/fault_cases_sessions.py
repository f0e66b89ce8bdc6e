"""Fault cases of signed-in users and open tabs: the local Auth restarted (or killed) while users
refresh their sessions, and the local Realtime restarted under an open tab that an admin's page
switch must still reach."""

from __future__ import annotations

import asyncio
import json
import signal
import time
import uuid
from pathlib import Path

from .fault_browser import Browser
from .fault_load import Answer, Attempt, Pool, Record, timed
from .fault_stack import FaultStack
from .fault_table import Row, errors_cell, kinds_note, load_problems, recover_cell
from .result import JsonObject

PAGE_KEY, PAGE_PATH = "pdf-editor", "/pdf-editor"
PAGE_READY = "Choose files"  # the PDF editor's button: the page is usable
# Realtime's answer to a channel's join (supabase-js reports SUBSCRIBED on it, and the app re-checks).
JOINED = ('"phx_reply"', '"status":"ok"', '"postgres_changes"')


class SignedIn:
    """One user's session, kept the way supabase-js keeps it: the access token is used, the refresh
    token exchanged for a new pair now and then (rotation: each is good once, plus Auth's reuse
    interval for a retry)."""

    def __init__(self, pool: Pool, session: JsonObject, keys: dict[str, str]) -> None:
        self.pool, self.session, self.anon = pool, session, keys["TOOLKIT_ANON_KEY"]

    async def get_user(self) -> Attempt:
        answer = await self.pool.request(
            "GET", "/auth/v1/user", {"apikey": self.anon, "Authorization": f"Bearer {self.session['access_token']}"}
        )
        return answer.status == 200, str(answer.status) if answer.status == 200 else _auth_error(answer), None

    async def refresh(self) -> Attempt:
        body = json.dumps({"refresh_token": self.session["refresh_token"]}).encode()
        answer = await self.pool.request(
            "POST",
            "/auth/v1/token?grant_type=refresh_token",
            {"apikey": self.anon, "Content-Type": "application/json"},
            body,
        )
        if answer.status == 200:
            self.session = answer.json()
            return True, "200", None
        return False, _auth_error(answer), None


def _auth_error(answer: Answer) -> str:
    data = answer.json() or {}
    if isinstance(data.get("error"), dict):  # the gateway's own JSON (Auth not reachable)
        return answer.error_code()
    return f"{answer.status} {data.get('error_code') or data.get('code') or data.get('error') or ''}".strip()


async def _session_loop(record: Record, user: SignedIn, stop: asyncio.Event) -> None:
    rounds = 0
    while not stop.is_set():
        await timed(record, "get user", user.get_user)
        if rounds % 3 == 2:
            await timed(record, "refresh", user.refresh)
        rounds += 1
        await asyncio.sleep(1.0)


async def auth_restart(stack: FaultStack, sessions: list[JsonObject], crash: bool) -> Row:
    """Users keep their sessions across a restart of Auth (SIGTERM, as a deploy does) or a crash
    (SIGKILL in the middle of whatever it was answering)."""
    record, stop = Record(), asyncio.Event()
    # Each user from an address of its own: Auth limits refreshes per address, as for real users.
    users = [
        SignedIn(Pool(stack.cfg.gateway_port, f"127.0.1.{n + 1}"), session, stack.env)
        for n, session in enumerate(sessions)
    ]
    loops = [asyncio.ensure_future(_session_loop(record, user, stop)) for user in users]
    await asyncio.sleep(4)
    fault_at = time.monotonic()
    down = await asyncio.to_thread(stack.stop_service, "auth", signal.SIGKILL if crash else signal.SIGTERM)
    back = await asyncio.to_thread(stack.start_service, "auth")
    fault_end = time.monotonic()
    await asyncio.sleep(8)
    stop.set()
    await asyncio.gather(*loops)
    # Afterwards every user refreshes once and asks who they are: a session that did not survive fails here.
    after, lost = Record(), 0
    for user in users:
        refreshed = await timed(after, "refresh after", user.refresh)
        known = await timed(after, "get user after", user.get_user)
        lost += not (refreshed.ok and known.ok)
    how = "killed (SIGKILL)" if crash else "restarted (SIGTERM)"
    notes = [
        f"Auth stopped in {down:.1f} s, ready {back:.1f} s after start",
        kinds_note(record),
        f"after the restart: {len(after.of()) - len(after.errors())} of {len(after.of())} refreshes and "
        f"user reads succeeded ({kinds_note(after)})",
    ]
    # Auth answers nothing while it is down: the load must have run before and after.
    no_load = load_problems(record, ["get user", "refresh"], fault_at, fault_end, during=False)
    notes += [f"LOAD DID NOT RUN: {p}" for p in no_load]
    return Row(
        f"Local Auth {how}",
        f"{len(users)} signed-in users: get-user every 1 s, refresh every 3 s",
        errors_cell(record),
        recover_cell(record, fault_at),
        f"{lost} of {len(users)} sessions",
        not no_load and lost == 0,
        notes,
    )


async def _set_page(pool: Pool, token: str, disabled: bool, reason: str | None) -> str:
    body = json.dumps({"is_disabled": disabled, "disable_reason": reason}).encode()
    answer = await pool.request(
        "PUT",
        f"/api/admin/pages/{PAGE_KEY}",
        {"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        body,
    )
    if answer.status != 200:
        raise RuntimeError(f"PUT /api/admin/pages/{PAGE_KEY}: {answer.error_code()}")
    return answer.error_code()


async def realtime_restart(stack: FaultStack, admin_token: str, workdir: Path) -> Row:
    """A visitor's tab on the PDF editor while Realtime restarts: the admin disables the page while
    Realtime is down (the tab must catch up once it resubscribes), then enables it again once it is
    back (the change must arrive through Realtime). Focus and visibility events are kept from the
    app, so only Realtime — or the 30 s poll — can tell the tab."""
    browser, pool = Browser(workdir), Pool(stack.cfg.gateway_port)
    reason = f"Fault run {uuid.uuid4().hex[:8]}"
    try:
        await browser.start()
        tab = await browser.open(stack.cfg.gateway_url + PAGE_PATH)
        if await tab.wait_for_text(PAGE_READY, 60) is None:
            raise RuntimeError(f"{PAGE_PATH} did not load in the browser")
        await tab.evaluate(
            "(() => { const s = e => e.stopImmediatePropagation();"
            " window.addEventListener('focus', s, true);"
            " document.addEventListener('visibilitychange', s, true); return true })()"
        )
        opened = time.monotonic() - 120
        for _ in range(600):  # the page's channel is subscribed
            if tab.frames(opened, *JOINED):
                break
            await asyncio.sleep(0.1)
        else:
            raise RuntimeError("the page never subscribed to Realtime")
        fault_at = time.monotonic()
        down = await asyncio.to_thread(stack.stop_service, "realtime", signal.SIGTERM)
        await _set_page(pool, admin_token, True, reason)  # while Realtime is away
        await asyncio.to_thread(stack.start_service, "realtime")
        back_at = time.monotonic()
        caught_up = await tab.wait_for_text(reason, 60)
        rejoined = tab.frames(fault_at, *JOINED)
        # Reconnection attempts start while Realtime is still away; the one that works may begin
        # before it reports ready, so the evidence is looked for from the fault on.
        refetched = [r for r in tab.requests(fault_at, "/api/pages") if rejoined and r.at >= rejoined[0].at]
        via_resubscribe = bool(tab.sockets_opened(fault_at) and rejoined and refetched and caught_up)
        switched_at = time.monotonic()
        await _set_page(pool, admin_token, False, None)
        live = await tab.wait_for_text_gone(reason, 60) if caught_up else None
        via_realtime = bool(tab.frames(switched_at, "postgres_changes", "page_settings", "UPDATE"))
    finally:
        browser.stop()
    catch_up = f"{caught_up - back_at:.1f} s after Realtime was back" if caught_up else "never (60 s)"
    live_note = f"{live - switched_at:.2f} s" if live else "never (60 s)"
    notes = [
        f"Realtime stopped in {down:.1f} s; the page switched off while it was down reached the tab {catch_up}"
        + (" — through the app's re-check when its channel was joined again" if via_resubscribe else ""),
        f"switched on again after the restart: on the tab after {live_note}"
        + (", delivered as a Realtime message" if via_realtime else ", NOT through Realtime"),
    ]
    held = bool(caught_up and via_resubscribe and live and via_realtime)
    return Row(
        "Local Realtime restart",
        "1 visitor's open tab; the admin switches the page during and after",
        "—",
        f"{caught_up - fault_at:.1f} s (tab up to date)" if caught_up else "never",
        "0 page switches" if held else "a page switch did not reach the tab",
        held,
        notes,
    )
