"""One Lighthouse run for bench.lighthouse: the pinned CLI (bench/node, installed by scripts/setup) with
Debian's Chromium, its JSON report reduced to the figures the benchmark keeps, and the static page
its baseline nginx serves.

Lighthouse's defaults are kept: mobile, simulated slow 4G and a 4× slower CPU (Lantern), a fresh
Chromium profile per run, so every run is a visitor's first page (no HTTP cache, no service worker)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .result import JsonObject

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "bench" / "node" / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = "/usr/bin/chromium"
# As the machine's notes start Chromium: without the background-networking flags its connections to
# the outside are refused by the closed network, many at a time.
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking "
    "--disable-component-update --disable-sync --disable-dev-shm-usage"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# The audits that explain a slow page, read for routes that miss the target.
WHY_AUDITS = (
    "render-blocking-resources",
    "unused-javascript",
    "bootup-time",
    "mainthread-work-breakdown",
    "critical-request-chains",
    "largest-contentful-paint-element",
    "lcp-lazy-loaded",
    "long-tasks",
    "font-display",
    "uses-rel-preload",
    "third-party-summary",
    "legacy-javascript",
)


@dataclass
class PageRun:
    """What one Lighthouse run of one page says."""

    url: str
    scores: dict[str, float]  # category → 0…100
    lcp_ms: float
    fcp_ms: float
    tbt_ms: float
    cls: float  # cumulative layout shift (unitless; Lighthouse's "good" is ≤ 0.1)
    js_bytes: int  # transferred (gzip as served) by every script request
    unused_js_bytes: int
    requested_scripts: int
    final_url: str
    status: int | None
    failed_audits: dict[str, list[str]] = field(default_factory=dict)  # category → audit titles below 1
    why: list[str] = field(default_factory=list)  # the slow page's worst audits


def installed() -> bool:
    return CLI.is_file()


def _failed(lhr: JsonObject, category: str) -> list[str]:
    refs = lhr["categories"][category]["auditRefs"]
    return [
        lhr["audits"][ref["id"]]["title"]
        for ref in refs
        if ref.get("weight", 0) > 0
        and lhr["audits"][ref["id"]].get("score") is not None
        and lhr["audits"][ref["id"]]["score"] < 1
    ]


def _why(audits: JsonObject) -> list[str]:
    found = []
    for key in WHY_AUDITS:
        audit = audits.get(key) or {}
        if audit.get("score") is not None and audit["score"] < 0.9 and audit.get("scoreDisplayMode") != "informative":
            found.append(f"{audit['title']}" + (f" ({audit['displayValue']})" if audit.get("displayValue") else ""))
    return found


def reduce(lhr: JsonObject) -> PageRun:
    """The figures kept from one report (Lighthouse's own JSON, `lhr`)."""
    if lhr.get("runtimeError"):
        raise RuntimeError(f"Lighthouse could not load {lhr.get('requestedUrl')}: {lhr['runtimeError'].get('message')}")
    audits = lhr["audits"]
    requests = (audits.get("network-requests", {}).get("details") or {}).get("items", [])
    scripts = [r for r in requests if r.get("resourceType") == "Script"]
    document: JsonObject = next((r for r in requests if r.get("resourceType") == "Document"), {})
    unused = (audits.get("unused-javascript", {}).get("details") or {}).get("items", [])
    scores = {name: round((lhr["categories"][name]["score"] or 0) * 100, 1) for name in CATEGORIES}
    return PageRun(
        url=lhr["requestedUrl"],
        scores=scores,
        lcp_ms=audits["largest-contentful-paint"]["numericValue"],
        fcp_ms=audits["first-contentful-paint"]["numericValue"],
        tbt_ms=audits["total-blocking-time"]["numericValue"],
        cls=audits["cumulative-layout-shift"]["numericValue"],
        js_bytes=int(sum(r.get("transferSize", 0) for r in scripts)),
        unused_js_bytes=int(sum(item.get("wastedBytes", 0) for item in unused)),
        requested_scripts=len(scripts),
        final_url=lhr.get("finalDisplayedUrl") or lhr.get("finalUrl", ""),
        status=document.get("statusCode"),
        failed_audits={name: _failed(lhr, name) for name in CATEGORIES if name != "performance"},
        why=_why(audits),
    )


def run_page(url: str, out: Path, timeout: float = 180) -> PageRun:
    """Lighthouse on `url` once; its JSON report is kept in `out`."""
    command = [
        "node",
        str(CLI),
        url,
        "--output=json",
        f"--output-path={out}",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--disable-full-page-screenshot",
        "--max-wait-for-load=60000",
    ]
    # Its own session, so a time-out stops Chromium with it.
    process = subprocess.Popen(
        command,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        text=True,
    )
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise RuntimeError(f"Lighthouse on {url} took over {timeout:.0f} s") from None
    except BaseException:  # Ctrl-C or SIGTERM (bench/stack.py): Lighthouse and its Chromium stop too
        # Chromium runs in a process group of its own (chrome-launcher detaches it); Lighthouse's
        # own SIGINT handler closes it, so it is asked first.
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
        raise
    if process.returncode != 0 or not out.is_file():
        raise RuntimeError(f"Lighthouse on {url} exited {process.returncode}: {output[-600:]}")
    return reduce(json.loads(out.read_text()))


STATIC_BODY = (
    '<main style="max-width:40rem;margin:0 auto;padding:1.5rem"><h1 style="font-size:1.875rem">'
    "Small, fast utilities</h1><p>Convert files, clean text, make QR codes and short links.</p></main>"
)


def write_static_page(dist: Path, into: Path) -> None:
    """The baseline: the app's own index.html and stylesheet with its scripts taken out and a heading
    and a paragraph in place of the app — what this machine and network model give a page that
    needs no JavaScript."""
    into.mkdir(parents=True, exist_ok=True)
    html = (dist / "index.html").read_text()
    html = re.sub(r"<script\b[^>]*>.*?</script>", "", html, flags=re.S)
    html = re.sub(r'<link rel="(modulepreload|manifest)"[^>]*>', "", html)
    html = html.replace('<div id="root"></div>', STATIC_BODY)
    (into / "index.html").write_text(html)
    (into / "assets").mkdir(exist_ok=True)
    for css in (dist / "assets").glob("*.css"):
        (into / "assets" / css.name).write_bytes(css.read_bytes())
    for name in ("favicon.svg", "robots.txt"):
        if (dist / name).is_file():
            (into / name).write_bytes((dist / name).read_bytes())


STATIC_CONF = """\
{user_directive}
worker_processes 1;
pid {run}/nginx.pid;
error_log {run}/error.log warn;
events {{ worker_connections 256; }}
http {{
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path {run}/body;
  proxy_temp_path {run}/proxy;
  fastcgi_temp_path {run}/fastcgi;
  uwsgi_temp_path {run}/uwsgi;
  scgi_temp_path {run}/scgi;
  gzip on;
  gzip_types text/css application/javascript image/svg+xml;
  server {{
    listen 127.0.0.1:{port};
    root {root};
    location / {{ try_files $uri /index.html; }}
  }}
}}
"""


def static_conf(run: Path, root: Path, port: int) -> str:
    return STATIC_CONF.format(user_directive="user root;" if os.geteuid() == 0 else "", run=run, root=root, port=port)
