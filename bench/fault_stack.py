"""The fault run's own stack, started by scripts/stack like the test stack, and the few things the
cases do to it: restart a service the way it was started, find the processes to kill (only ever
among those this run started), make users, ask the database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import psycopg

from scripts.stack import postgres
from scripts.stack.config import StackConfig
from scripts.stack.supervisor import Service, StackError, Supervisor

from .result import JsonObject

PASSWORD = "fault-run-password-1"


class RecordingSupervisor(Supervisor):
    """Remembers how each service was started, so a case can start it again the same way."""

    def __init__(self, log_dir: Path) -> None:
        super().__init__(log_dir)
        # Supervisor.start's arguments after the name, as given: passed on unchanged.
        self.how: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    def start(self, name: str, *args: Any, **kwargs: Any) -> Service:
        self.how[name] = (args, kwargs)
        return super().start(name, *args, **kwargs)


def parent_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return int(stat.read().rpartition(b")")[2].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def children_of(pid: int) -> list[int]:
    """Every child, whichever thread forked it (/proc lists children per thread)."""
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as children:
                found += [int(child) for child in children.read().split()]
    except OSError:
        pass
    return found


class FaultStack:
    def __init__(self, cfg: StackConfig, sup: RecordingSupervisor):
        self.cfg, self.sup = cfg, sup
        self.env = cfg.service_env()

    # ── processes ───────────────────────────────────────────────────────────────────────────────
    def service(self, name: str) -> Service:
        return next(s for s in self.sup.services if s.name == name)

    def ours(self, pid: int) -> bool:
        """True when pid is one of the services this run started, or descends from one."""
        roots = {s.process.pid for s in self.sup.services}
        current: int | None = pid
        seen = 0
        while current and current not in roots and seen < 64:
            current, seen = parent_of(current), seen + 1
        return bool(current) and current in roots

    def kill(self, pid: int, signum: int = signal.SIGKILL) -> None:
        if not self.ours(pid):
            raise StackError(f"refusing to signal process {pid}: this run did not start it")
        os.kill(pid, signum)

    def workers(self, name: str) -> list[int]:
        return children_of(self.service(name).process.pid)

    def stop_service(self, name: str, signum: int = signal.SIGTERM) -> float:
        """Stop one service: its main process gets `signum`, or with SIGKILL every process of the
        service at once (a crash or an OOM kill of its container); the seconds it took."""
        service = self.service(name)
        started = time.monotonic()
        if signum == signal.SIGKILL:
            os.killpg(service.process.pid, signal.SIGKILL)  # it leads a session of its own
        else:
            service.process.send_signal(signum)
        try:
            service.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(service.process.pid, signal.SIGKILL)
            service.process.wait()
        self.sup.services.remove(service)
        return time.monotonic() - started

    def start_service(self, name: str, env: dict[str, str] | None = None) -> float:
        """Start a stopped service again as it was started (with `env` on top of its environment,
        if given); the seconds until it was ready."""
        args, kwargs = self.sup.how[name]
        if env is not None:
            kwargs = {**kwargs, "env": {**(kwargs.get("env") or {}), **env}}
        started = time.monotonic()
        deadline = started + 30
        while True:  # its port may stay busy a moment after it stopped
            try:
                Supervisor.start(self.sup, name, *args, **kwargs)  # keeps the first way it was started
                return time.monotonic() - started
            except StackError as exc:
                if "already in use" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def all_running(self) -> list[str]:
        """Services that have exited (a fault must not take others down with it)."""
        return [s.name for s in self.sup.services if s.process.poll() is not None]

    # ── data ────────────────────────────────────────────────────────────────────────────────────
    def sql(self, query: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        for attempt in range(100):  # right after a restart, Postgres may still be recovering
            try:
                with postgres.superuser_connection(self.cfg) as conn:
                    cursor = conn.execute(query, params)
                    return cursor.fetchall() if cursor.description else []
            except psycopg.OperationalError:
                if attempt == 99:
                    raise
                time.sleep(0.2)
        return []

    def create_link(self, target: str) -> str:
        code: str = self.sql("select (public.create_short_link(%s, null, null, null)).short_code", (target,))[0][0]
        return code

    def clicks(self, code: str) -> int:
        count: int = self.sql("select clicks from public.shortened_urls where short_code = %s", (code,))[0][0]
        return count

    def settled_clicks(self, code: str, expected: int, within: float = 15.0) -> int:
        """The click count once the flushes caught up with `expected`, read again a moment later
        (an overcount arriving late shows too)."""
        deadline = time.monotonic() + within
        while self.clicks(code) < expected and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)
        return self.clicks(code)

    # ── users ───────────────────────────────────────────────────────────────────────────────────
    def _auth(self, method: str, path: str, body: JsonObject, key: str, client: str) -> JsonObject:
        """Auth itself, not through the gateway: setting up users is not the load being measured,
        and each user comes from an address of its own, as real users do (Auth limits per address)."""
        request = urllib.request.Request(
            f"{self.cfg.auth_url}{path}",
            method=method,
            data=json.dumps(body).encode(),
            headers={
                "apikey": key,
                "Content-Type": "application/json",
                "Authorization": f"Bearer {key}",
                "X-Forwarded-For": client,
            },
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            answer: JsonObject = json.loads(response.read())
            return answer

    def create_user(self, *, admin: bool = False) -> tuple[str, JsonObject]:
        """A confirmed user made through Auth's admin API, signed in: (email, session)."""
        email = f"fault-{uuid.uuid4().hex[:12]}@example.com"
        client = f"198.18.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"
        user = self._auth(
            "POST",
            "/admin/users",
            {"email": email, "password": PASSWORD, "email_confirm": True},
            self.env["TOOLKIT_SERVICE_ROLE_KEY"],
            client,
        )
        if admin:  # as an operator makes the first admin
            self.sql("insert into public.user_roles (user_id) values (%s)", (user["id"],))
        return email, self._auth(
            "POST",
            "/token?grant_type=password",
            {"email": email, "password": PASSWORD},
            self.env["TOOLKIT_ANON_KEY"],
            client,
        )
