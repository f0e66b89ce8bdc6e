"""The app in a real browser for the fault run: Debian's Chromium, headless, driven over the Chrome
DevTools Protocol (one WebSocket, `websockets` as bench/realtime.py uses it), so the fault run needs
no Node. It also records the page's WebSocket frames and requests: what reached the tab, and how."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from .result import JsonObject

FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--remote-debugging-port=0",
]


@dataclass
class Event:
    at: float  # time.monotonic()
    method: str
    params: JsonObject = field(default_factory=dict)


class Browser:
    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None
        self.events: list[Event] = []
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[JsonObject]] = {}

    async def start(self) -> None:
        executable = shutil.which("chromium") or shutil.which("chromium-browser")
        if not executable:
            raise RuntimeError("Debian's chromium is not installed (scripts/setup installs it)")
        profile = self.workdir / "chromium-profile"
        profile.mkdir(parents=True, exist_ok=True)
        # Its own session: stopped as a whole, by its process id, however the run ends.
        with open(self.workdir / "chromium.log", "wb") as log:
            self.process = subprocess.Popen(
                [executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        active = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (active.exists() and len(active.read_text().split()) == 2):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"chromium did not start (see {self.workdir / 'chromium.log'})")
            await asyncio.sleep(0.1)
        port, path = active.read_text().split()
        self.socket = await websockets.connect(f"ws://127.0.0.1:{port}{path}", max_size=None, ping_interval=None)
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for raw in self.socket:
            message = json.loads(raw)
            if "id" in message:
                future = self._waiting.pop(message["id"], None)
                if future and not future.done():
                    future.set_result(message)
            else:
                self.events.append(Event(time.monotonic(), message["method"], message.get("params", {})))

    async def send(self, method: str, params: JsonObject | None = None, session: str | None = None) -> JsonObject:
        number = next(self._ids)
        future: asyncio.Future[JsonObject] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        message: JsonObject = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        await self.socket.send(json.dumps(message))
        reply = await asyncio.wait_for(future, 30)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        result: JsonObject = reply["result"]
        return result

    async def open(self, url: str) -> Tab:
        target = await self.send("Target.createTarget", {"url": "about:blank"})
        session = (await self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}))[
            "sessionId"
        ]
        tab = Tab(self, session)
        for domain in ("Page", "Runtime", "Network"):
            await self.send(f"{domain}.enable", session=session)
        await self.send("Page.navigate", {"url": url}, session=session)
        return tab

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


class Tab:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser, self.session = browser, session

    async def evaluate(self, expression: str) -> Any:  # the expression's value, as JSON gives it
        result = await self.browser.send(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=self.session
        )
        return result["result"].get("value")

    async def shows(self, text: str) -> bool:
        return bool(await self.evaluate(f"document.body && document.body.innerText.includes({json.dumps(text)})"))

    async def wait_for_text(self, text: str, within: float) -> float | None:
        """The moment the page shows `text` (None if it did not within the time)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if await self.shows(text):
                return time.monotonic()
            await asyncio.sleep(0.05)
        return None

    async def wait_for_text_gone(self, text: str, within: float) -> float | None:
        """The moment the page no longer shows `text` (None if it still did after the time)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if not await self.shows(text):
                return time.monotonic()
            await asyncio.sleep(0.05)
        return None

    def frames(self, since: float, *containing: str) -> list[Event]:
        """WebSocket frames the page received after `since` whose text contains each of `containing`."""
        return [
            e
            for e in self.browser.events
            if e.at >= since
            and e.method == "Network.webSocketFrameReceived"
            and all(part in e.params.get("response", {}).get("payloadData", "") for part in containing)
        ]

    def sockets_opened(self, since: float) -> list[Event]:
        return [e for e in self.browser.events if e.at >= since and e.method == "Network.webSocketCreated"]

    def requests(self, since: float, url_part: str) -> list[Event]:
        return [
            e
            for e in self.browser.events
            if e.at >= since
            and e.method == "Network.requestWillBeSent"
            and url_part in e.params.get("request", {}).get("url", "")
        ]
