#!/usr/bin/env bash
# Benchmark of the short-link redirect, GET /s/{code}, with wrk (Debian's wrk 4.1, which has no -R).
#
#   bench/redirect.sh [--rate 1000] [--duration 10] [--repeat 1] [--threads 2] [--connections 16]
#                     [--no-fsync]
#
# Starts its own throw-away stack (Postgres, the redirect service, the BFF, the nginx gateway) on
# ports from BENCH_PORT_BASE (default 61300, away from the dev and test stacks), and measures in the
# same run, for each round, paced to --rate requests/s and at saturation:
#   nginx      a separate nginx (same worker count as the gateway) answering `return 302` - the baseline
#   redirect   GET /s/{code} straight to the redirect service (bff/toolkit_redirect)
#   gateway    GET /s/{code} through the gateway nginx to the redirect service (what users hit)
# then, with clients that see every answer: clicks exact after the flush, max_clicks never exceeded
# under 16 concurrent clients, and a Postgres restart in the middle of the load (clicks still exact;
# only JSON 503s while it is away, never a redirect elsewhere). Targets: gateway saturation ≥ 10 % of
# nginx, p99 < 10 ms at 1,000 req/s with zero errors. Exits 1 when a target or a count is missed.
# The redirect service follows REDIRECT_WORKERS (bff/redirect_gunicorn.conf.py), so a setting can be
# tried without editing bff/. The Python side is the module bench.redirect_bench.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="$ROOT/.venv/bin/python"
[ -x "$PY" ] || { echo "redirect.sh: $PY is missing: run ./scripts/setup first" >&2; exit 1; }
command -v wrk >/dev/null || { echo "redirect.sh: wrk not found: apt-get install wrk (scripts/setup installs it)" >&2; exit 1; }
[ -x /usr/sbin/nginx ] || { echo "redirect.sh: /usr/sbin/nginx not found: run ./scripts/setup first" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/toolkit-bench-redirect-XXXXXX")"
chmod 755 "$WORK"  # the postgres OS user must reach the cluster inside it
bench_pid=""

cleanup() {
  trap - INT TERM HUP
  if [ -n "$bench_pid" ] && kill -0 "$bench_pid" 2>/dev/null; then
    kill -TERM "$bench_pid" 2>/dev/null || true
    while kill -0 "$bench_pid" 2>/dev/null; do wait "$bench_pid" 2>/dev/null || true; done
  fi
  # Safety net: if the Python side died without stopping its services, it left their process
  # group ids (each service leads a session of its own) in $WORK/pids; stop exactly those.
  if [ -s "$WORK/pids" ]; then
    local pid alive _
    while read -r pid; do kill -TERM -- "-$pid" 2>/dev/null || true; done < "$WORK/pids"
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      alive=0
      while read -r pid; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done < "$WORK/pids"
      [ "$alive" = 0 ] && break
      sleep 0.5
    done
    while read -r pid; do kill -KILL -- "-$pid" 2>/dev/null || true; done < "$WORK/pids"
  fi
  rm -rf "$WORK"
}
# Ctrl-C reaches Python directly too (same process group); TERM and HUP only reach us: pass them on.
# The Python side stops its services once, however many signals arrive.
forward() { [ -n "$bench_pid" ] && kill -TERM "$bench_pid" 2>/dev/null || true; }
trap cleanup EXIT
trap forward INT TERM HUP

export BENCH_ROOT="$ROOT" BENCH_WORK="$WORK"
(cd "$ROOT" && exec "$PY" -m bench.redirect_bench "$@") &
bench_pid=$!
while kill -0 "$bench_pid" 2>/dev/null; do wait "$bench_pid" 2>/dev/null && status=0 || status=$?; done
wait "$bench_pid" 2>/dev/null && status=0 || status=$?
bench_pid=""
exit "$status"
