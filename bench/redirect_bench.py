"""The benchmark behind bench/redirect.sh: stack, baseline nginx, wrk runs, exact checks, report."""
from __future__ import annotations

import argparse
import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from scripts.stack import postgres
from scripts.stack.config import test_config
from scripts.stack.stack import say, start_stack
from scripts.stack.supervisor import StackError, Supervisor

from .redirect_checks import run_clients, settled, under_restart
from .redirect_report import report
from .redirect_wrk import TARGET, WRK_SCRIPT, baseline_conf, wrk

ROOT, WORK = Path(os.environ["BENCH_ROOT"]), Path(os.environ["BENCH_WORK"])
PORT_BASE = int(os.environ.get("BENCH_PORT_BASE", "61300"))
os.environ["TOOLKIT_TEST_PORT_BASE"] = str(PORT_BASE)  # test_config() offsets every port from it

# name → (label, the service whose workers serve it)
SCENARIOS = {"nginx": ("nginx return 302", "baseline-nginx"), "redirect": ("redirect service", "redirect"),
             "gateway": ("gateway → redirect", "redirect")}

_stopping = False


def on_signal(signum, frame):
    """The first SIGINT/SIGTERM/SIGHUP stops the run; later ones must not interrupt the clean-up."""
    global _stopping
    if _stopping:
        return
    _stopping = True
    raise KeyboardInterrupt(signal.Signals(signum).name)


class RecordingSupervisor(Supervisor):
    """Keeps $WORK/pids current (each service leads a session of its own), so bench/redirect.sh can
    stop them even if this process is killed before its `finally`."""

    def start(self, *args, **kwargs):
        try:
            return super().start(*args, **kwargs)
        finally:
            (WORK / "pids").write_text("".join(f"{s.process.pid}\n" for s in self.services))


def start_baseline(sup: Supervisor, port: int) -> None:
    run = WORK / "baseline"
    run.mkdir()
    conf = run / "nginx.conf"
    conf.write_text(baseline_conf(run, port))
    sup.start("baseline-nginx", ["/usr/sbin/nginx", "-c", str(conf), "-p", str(run), "-g", "daemon off;"],
              port=port, stop_signal=signal.SIGQUIT)


def create_link(cfg, max_clicks: int | None = None) -> str:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute("select (public.create_short_link(%s, null, null, %s)).short_code",
                            (TARGET, max_clicks)).fetchone()[0]


def clicks(cfg, code: str) -> int:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute("select clicks from public.shortened_urls where short_code = %s",
                            (code,)).fetchone()[0]


def check_redirect(port: int, path: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", path)
    response = conn.getresponse()
    location = response.getheader("Location")
    conn.close()
    if response.status != 302 or location != TARGET:
        raise StackError(f"GET {path} on {port} answered {response.status} to {location!r}, not 302 to {TARGET}")


def restart_postgres(cfg, sup: Supervisor, durable: bool) -> float:
    """Stop Postgres (fast shutdown, as a restart does) and start it again; the seconds it was away."""
    service = next(s for s in sup.services if s.name == "postgres")
    started = time.monotonic()
    service.process.send_signal(signal.SIGINT)
    service.process.wait(timeout=60)
    sup.services.remove(service)
    postgres.start_postgres(cfg, sup, durable=durable)
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(prog="bench/redirect.sh", description="Benchmark of GET /s/{code}.")
    parser.add_argument("--rate", type=int, default=1000, help="paced rate in requests/s (default 1000)")
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run (default 10)")
    parser.add_argument("--repeat", type=int, default=1, help="rounds of every wrk run (default 1)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections (default 16)")
    parser.add_argument("--no-fsync", action="store_true",
                        help="run Postgres with fsync and synchronous_commit off, as scripts/test does")
    args = parser.parse_args()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_signal)

    cfg = test_config(WORK)
    baseline_port = PORT_BASE + 90
    script = WORK / "redirect.lua"
    script.write_text(WRK_SCRIPT)
    sup = RecordingSupervisor(cfg.log_dir)
    durable = not args.no_fsync
    try:
        start_stack(cfg, sup, durable=durable)
        start_baseline(sup, baseline_port)
        say(f"baseline nginx ready on {baseline_port}")
        code = create_link(cfg)
        ports = {"nginx": baseline_port, "redirect": cfg.redirect_port, "gateway": cfg.gateway_port}
        names = ["nginx", "redirect", "gateway"]
        for name in names:
            check_redirect(ports[name], f"/s/{code}")
        pids = {service.name: service.process.pid for service in sup.services}
        load = dict(script=script, threads=args.threads, connections=args.connections)

        workers = os.environ.get("REDIRECT_WORKERS", str(os.cpu_count()))
        setup_line = (f"{os.cpu_count()} cores · wrk -t{args.threads} -c{args.connections}, {args.duration:g} s per run"
                      f" · redirect service {workers} workers"
                      f" · Postgres fsync {'off' if args.no_fsync else 'on'} · gateway and baseline nginx 1 worker")
        say(setup_line)
        say("warming up (3 s per scenario, not reported)")
        for name in names:
            wrk(f"http://127.0.0.1:{ports[name]}/s/{code}", rate=args.rate, seconds=3, **load)

        rounds: list[dict] = []
        click_checks = []  # (scenario, mode, clicks delta, ok responses, requests sent)
        modes = [(f"@{args.rate}/s", args.rate), ("max", 0)]
        for number in range(1, args.repeat + 1):
            results = {}
            for mode, rate in modes:
                for name in names:
                    before = clicks(cfg, code)
                    result = wrk(f"http://127.0.0.1:{ports[name]}/s/{code}", rate=rate, seconds=args.duration,
                                 services=pids, worker_of=SCENARIOS[name][1], **load)
                    if name != "nginx":
                        delta = settled(lambda: clicks(cfg, code), before + result["ok"]) - before
                        click_checks.append((name, mode, delta, result["ok"], result["sent"]))
                    results[(name, mode)] = result
                    say(f"round {number}: {name:<8} {mode:<7} {result['rps']:>6.0f} req/s  p50 {result['p50']:.2f} ms"
                        f"  p99 {result['p99']:.2f} ms  max {result['max']:.1f} ms  errors {result['errors']}"
                        f"  · CPU {result['cpu_ms']:.3f} ms/req, busiest worker {result['hot_worker']:.2f} cores,"
                        f" others {result['other']:.2f} cores")
                    time.sleep(1)
            rounds.append(results)

        exact = []  # (what, expected clicks, clicks, outcomes)
        say("exact clicks: 16 clients × 500 redirects through the gateway")
        code_exact = create_link(cfg)
        tally = run_clients(cfg.gateway_port, f"/s/{code_exact}", clients=16, each=500)
        exact.append(("16 clients × 500 through the gateway", tally["target"],
                      settled(lambda: clicks(cfg, code_exact), tally["target"]), tally))
        say("max_clicks: a link limited to 1000 clicks, 16 clients × 100 requests")
        limited = create_link(cfg, max_clicks=1000)
        tally = run_clients(cfg.gateway_port, f"/s/{limited}", clients=16, each=100)
        exact.append(("max_clicks 1000, 16 clients × 100", 1000, settled(lambda: clicks(cfg, limited), 1000), tally))
        say("Postgres restart under load: 8 clients through the gateway")
        code_restart = create_link(cfg)
        tally, down = under_restart(cfg.gateway_port, f"/s/{code_restart}", lambda: restart_postgres(cfg, sup, durable))
        exact.append((f"Postgres restart ({down:.1f} s away), 8 clients", tally["target"],
                      settled(lambda: clicks(cfg, code_restart), tally["target"]), tally))
        return report(rounds, click_checks, exact, modes, names, SCENARIOS, args, setup_line)
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    except subprocess.CalledProcessError as exc:
        say(f"error: {' '.join(exc.cmd)} failed ({exc.returncode}):\n{exc.stdout}{exc.stderr}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        if sup.services:
            say("stopping the stack")
        sup.stop_all()
        (WORK / "pids").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
