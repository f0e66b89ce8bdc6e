"""Benchmark of the local Auth service: password sign-in, refresh and get-user, each beside a
baseline measured in the same run. Not part of the test suites; see bench/README.md.

    .venv/bin/python -m bench.auth                 # starts its own throw-away stack
    .venv/bin/python -m bench.auth --running       # the stack whose TOOLKIT_* variables are set

Closed loop (--clients concurrent clients, each waiting for its answer before the next request):
    bcrypt      bare bcrypt.checkpw of a $2a$10$ hash, in --clients threads: sign-in's floor
    sign-in     POST /token?grant_type=password (one user per client)
    refresh     POST /token?grant_type=refresh_token (each client follows its own rotation)
    get-user    GET /user with the client's access token
    health      the BFF's GET /api/health: the baseline for refresh and get-user
Open loop (--rate requests/s on a fixed schedule, latency counted from the scheduled time, so a
stall is not hidden by the client waiting): refresh, get-user and health.
Each Auth scenario runs straight to Auth's port ("direct") and through the nginx gateway."""
from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import bcrypt

from .auth_load import closed_loop, cpu_seconds, paced

PASSWORD = "bench-password-1"
SIGN_IN_TARGET, PACED_P99_TARGET_MS = 1.5, 25.0


class Target:
    """One HTTP origin and the headers every request to it carries."""

    def __init__(self, name: str, base: str, headers: dict | None = None):
        self.name, self.headers = name, headers or {}
        parts = urlsplit(base)
        self.host, self.port, self.prefix = parts.hostname, parts.port, parts.path.rstrip("/")

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=30)

    def call(self, conn, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        all_headers = self.headers | (headers or {}) | ({"Content-Type": "application/json"} if data else {})
        conn.request(method, self.prefix + path, body=data, headers=all_headers)
        response = conn.getresponse()
        payload = response.read()
        return response.status, payload


def admin_create_users(direct: Target, service_key: str, count: int) -> list[str]:
    conn, emails = direct.connect(), []
    for _ in range(count):
        email = f"bench-{uuid.uuid4().hex[:12]}@example.com"
        status, body = direct.call(conn, "POST", "/admin/users", {"email": email, "password": PASSWORD,
                                                                  "email_confirm": True},
                                   {"Authorization": f"Bearer {service_key}"})
        if status != 200:
            raise SystemExit(f"POST /admin/users answered {status}: {body[:200]!r}")
        emails.append(email)
    conn.close()
    return emails


def sign_in(target: Target, conn, email: str) -> dict:
    status, body = target.call(conn, "POST", "/token?grant_type=password", {"email": email, "password": PASSWORD})
    if status != 200:
        raise RuntimeError(f"sign-in {status}: {body[:200]!r}")
    return json.loads(body)


def scenarios(auth: Target, bff: Target, emails: list[str]):
    """Per-client setup and request functions for each scenario (a request returns True when ok)."""
    hashed = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(10)).replace(b"$2b$", b"$2a$", 1)

    def bcrypt_client(index):
        return lambda: bcrypt.checkpw(PASSWORD.encode(), hashed)

    def sign_in_client(index):
        conn = auth.connect()
        return lambda: auth.call(conn, "POST", "/token?grant_type=password",
                                 {"email": emails[index], "password": PASSWORD})[0] == 200

    def refresh_client(index):
        conn = auth.connect()
        state = {"token": sign_in(auth, conn, emails[index])["refresh_token"]}

        def request():
            status, body = auth.call(conn, "POST", "/token?grant_type=refresh_token",
                                     {"refresh_token": state["token"]})
            if status == 200:
                state["token"] = json.loads(body)["refresh_token"]
            return status == 200
        return request

    def get_user_client(index):
        conn = auth.connect()
        token = sign_in(auth, conn, emails[index])["access_token"]
        return lambda: auth.call(conn, "GET", "/user", headers={"Authorization": f"Bearer {token}"})[0] == 200

    def health_client(index):
        conn = bff.connect()
        return lambda: bff.call(conn, "GET", "/api/health")[0] == 200

    return {"bcrypt": bcrypt_client, "sign-in": sign_in_client, "refresh": refresh_client,
            "get-user": get_user_client, "health": health_client}


def row(label: str, path: str, load: str, result: dict) -> str:
    return (f"{label:<28}{path:<9}{load:<11}{result['rps']:>9.1f}{result['p50']:>9.2f}{result['p99']:>9.2f}"
            f"{result['errors']:>8}{result['cpu_ms']:>11.2f}")


def measured(loop, port: int | None, *args) -> dict:
    """Run a load loop; add the CPU the server on `port` (or, without a port, this process) spent
    per answered request: unlike latency, it hardly depends on what else the machine runs."""
    result = loop(*args, meter=(lambda: cpu_seconds(port)) if port else time.process_time)
    return result | {"cpu_ms": 1000 * result["cpu"] / max(result["total"], 1)}


def run(env: dict, args) -> int:
    anon = env["TOOLKIT_ANON_KEY"]
    direct = Target("direct", env["TOOLKIT_AUTH_URL"])
    gateway = Target("gateway", env["TOOLKIT_PUBLIC_URL"] + "/auth/v1", {"apikey": anon})
    bff_direct = Target("direct", env["TOOLKIT_BFF_URL"])
    bff_gateway = Target("gateway", env["TOOLKIT_PUBLIC_URL"])
    emails = admin_create_users(direct, env["TOOLKIT_SERVICE_ROLE_KEY"], args.clients)
    print(f"created {len(emails)} users; {args.clients} clients, {args.duration:g} s per closed-loop run, "
          f"{args.rate} req/s for {args.duration:g} s per paced run; {os.cpu_count()} cores", flush=True)
    paths = [("direct", direct, bff_direct), ("gateway", gateway, bff_gateway)]
    if args.running:
        # Through the gateway Auth sees every request from 127.0.0.1 (X-Forwarded-For), so its
        # per-client /token limit (burst 30) would answer 429s; the bench's own stack lifts it.
        print("note: --running measures straight to Auth only (the gateway path needs the bench's own stack)")
        paths = paths[:1]
    closed, open_ = {}, {}
    lines = [f"{'scenario':<28}{'path':<9}{'load':<11}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}"
             f"{'CPU ms/req':>11}"]
    closed["bcrypt"] = measured(closed_loop, None, scenarios(direct, bff_direct, emails)["bcrypt"], args.clients,
                                args.duration)
    lines.append(row("bcrypt.checkpw $2a$10$", "-", f"{args.clients} clients", closed["bcrypt"]))
    for path, auth, bff in paths:
        make = scenarios(auth, bff, emails)
        for name in ("sign-in", "refresh", "get-user", "health"):
            port = bff_direct.port if name == "health" else direct.port
            closed[(name, path)] = result = measured(closed_loop, port, make[name], args.clients, args.duration)
            label = "BFF /api/health" if name == "health" else name
            lines.append(row(label, path, f"{args.clients} clients", result))
            print(lines[-1], flush=True)
        for name in ("refresh", "get-user", "health"):
            port = bff_direct.port if name == "health" else direct.port
            open_[(name, path)] = result = measured(paced, port, make[name], args.rate, args.duration, args.clients)
            label = "BFF /api/health" if name == "health" else name
            lines.append(row(label, path, f"@{args.rate}/s", result))
            print(lines[-1], flush=True)

    print("\n" + "\n".join(lines))
    print(f"\nbare bcrypt: {closed['bcrypt']['rps']:.1f} checks/s with {args.clients} threads "
          f"({1000 / closed['bcrypt']['rps']:.1f} ms of the whole machine per check)")
    verdicts = []
    print(f"CPU per sign-in in Auth: {closed[('sign-in', 'direct')]['cpu_ms']:.1f} ms against "
          f"{closed['bcrypt']['cpu_ms']:.1f} ms per bare check "
          f"({closed[('sign-in', 'direct')]['cpu_ms'] / closed['bcrypt']['cpu_ms']:.2f}×)")
    for path, *_ in paths:
        ratio = closed["bcrypt"]["rps"] / closed[("sign-in", path)]["rps"]
        ok = ratio <= SIGN_IN_TARGET
        verdicts.append(ok)
        print(f"sign-in  {path:<8} cost per sign-in {ratio:.2f}× the bare bcrypt check "
              f"(target ≤ {SIGN_IN_TARGET}×): {'PASS' if ok else 'FAIL'}")
        for name in ("refresh", "get-user"):
            print(f"{name:<9}{path:<8} throughput {closed[(name, path)]['rps'] / closed[('health', path)]['rps']:.2f}× "
                  f"the BFF's /api/health, p99 {closed[(name, path)]['p99'] / closed[('health', path)]['p99']:.2f}×")
        for name in ("refresh", "get-user"):
            result = open_[(name, path)]
            ok = result["p99"] < PACED_P99_TARGET_MS and result["errors"] == 0
            verdicts.append(ok)
            print(f"{name:<9}{path:<8} @{args.rate}/s p99 {result['p99']:.2f} ms (health {open_[('health', path)]['p99']:.2f}"
                  f" ms; target < {PACED_P99_TARGET_MS:g} ms, 0 errors): {'PASS' if ok else 'FAIL'}")
    return 0 if all(verdicts) else 1


def own_stack(args) -> int:
    os.environ["TOOLKIT_TEST_PORT_BASE"] = str(args.port_base)
    from scripts.stack import auth as stack_auth
    from scripts.stack.config import test_config
    from scripts.stack.stack import say, start_stack
    from scripts.stack.supervisor import StackError, Supervisor, raise_on_termination_signals

    plain_env = stack_auth.auth_env
    # Every request through the gateway comes from 127.0.0.1: lift the per-client /token limit,
    # or the run would measure 429s after the first 30 sign-ins.
    stack_auth.auth_env = lambda cfg: plain_env(cfg) | {"GOTRUE_RATE_LIMIT_TOKEN_REFRESH": "100000000"}
    work = Path(tempfile.mkdtemp(prefix="toolkit-bench-auth-"))
    work.chmod(0o755)  # the postgres OS user must reach the cluster inside it
    cfg = test_config(work)
    raise_on_termination_signals()
    sup = Supervisor(cfg.log_dir)
    try:
        start_stack(cfg, sup, durable=True)
        return run(cfg.service_env(), args)
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        sup.stop_all()
        import shutil
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--running", action="store_true", help="use the stack named by TOOLKIT_* variables")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rate", type=int, default=200)
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--port-base", type=int, default=int(os.environ.get("BENCH_PORT_BASE", "61700")))
    arguments = parser.parse_args()
    if arguments.running:
        sys.exit(run(dict(os.environ), arguments))
    sys.exit(own_stack(arguments))
