"""The two outbound tools, timed: translation latency per 1,000 characters through the gateway
against Apertium APY called directly (the overhead ratio), and username-check throughput in sites
per second against a local fake-sites server. Called by bench/tools.py (`--lookups`); each function
takes the URLs of a running stack, so a caller that starts its own stack passes its own."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import jwt
import requests

ROOT = Path(__file__).resolve().parents[1]
SENTENCE = "My sister lives in a small house near the river, and she reads books in the garden every day. "
TEXT_1000 = (SENTENCE * (1000 // len(SENTENCE) + 1))[:1000]


def user_headers(jwt_secret: str) -> dict[str, str]:
    """A signed-in user's token as Auth issues it (HS256 with the stack's secret): the translator needs one."""
    now = int(time.time())
    claims = {"sub": "00000000-0000-4000-8000-00000000bench", "aud": "authenticated", "role": "authenticated",
              "iat": now, "exp": now + 3600}
    return {"Authorization": f"Bearer {jwt.encode(claims, jwt_secret, algorithm='HS256')}"}


def _median_ms(call, repeat: int) -> float:
    call()  # warm: the engine starts the pair's pipeline on its first request
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def translation_latency(gateway: str, apertium: str, jwt_secret: str, repeat: int = 5) -> dict[str, float]:
    """Milliseconds per 1,000 characters (English → Spanish), through the gateway and APY directly."""
    headers = user_headers(jwt_secret)

    def through_gateway():
        response = requests.post(f"{gateway}/api/tools/translate", headers=headers, timeout=60,
                                 json={"q": TEXT_1000, "source": "en", "target": "es"})
        response.raise_for_status()
        assert "hermana" in response.json()["translatedText"]

    def direct():
        response = requests.post(f"{apertium}/translate", timeout=60,
                                 data={"langpair": "eng|spa", "q": TEXT_1000, "markUnknown": "no"})
        response.raise_for_status()

    gateway_ms, direct_ms = _median_ms(through_gateway, repeat), _median_ms(direct, repeat)
    return {"gateway ms/1000 chars": gateway_ms, "APY ms/1000 chars": direct_ms, "overhead ratio": gateway_ms / direct_ms}


def username_throughput(database_url: str, sites: int = 400, repeat: int = 3) -> dict[str, float]:
    """Sites per second for one check of `sites` fake sites (all on one local server), through a
    throw-away BFF (the test stack's entry point, which alone may reach loopback sites) on the
    stack's database (the page gate reads page_settings)."""
    sys.path.insert(0, str(ROOT / "bff" / "tests"))
    from tools_servers import fake_sites

    with fake_sites.running() as (base, _), tempfile.TemporaryDirectory() as work:
        listing = {f"Site{index:03d}": {"errorType": "status_code", "url": f"{base}/status/{{}}-{index}",
                                        "urlMain": base, "username_claimed": "taken"} for index in range(sites)}
        (Path(work) / "sites.json").write_text(json.dumps(listing))
        port = _free_port()
        env = {**os.environ, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": "1",
               "TOOLKIT_DATABASE_URL": database_url, "TOOLKIT_JWT_SECRET": "x" * 32, "TOOLKIT_JWKS_URL": "",
               "TOOLKIT_USERNAME_SITES_FILE": str(Path(work) / "sites.json"),
               "TOOLKIT_USERNAME_INTERNET_PROBE": fake_sites.probe_of(base), "TOOLKIT_RATE_LIMIT_ENABLED": "false"}
        process = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", "gunicorn.conf.py", "test_stack_wsgi:app"],
                                   cwd=ROOT / "bff", env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            bff = f"http://127.0.0.1:{port}"
            _wait_for(f"{bff}/api/health")
            rates = []
            for _ in range(repeat):
                started = time.perf_counter()
                lines = requests.get(f"{bff}/api/tools/username/bench", timeout=120).text.splitlines()
                seconds = time.perf_counter() - started
                done = json.loads(lines[-1])
                assert done["type"] == "done" and sum(done["counts"].values()) == sites + 1, done
                rates.append(sites / seconds)
            return {"sites": sites, "sites per second": statistics.median(rates)}
        finally:
            process.terminate()
            process.wait(timeout=15)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str) -> None:
    for _ in range(300):
        try:
            if requests.get(url, timeout=2).status_code in (200, 503):
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url} did not answer")


def report(translation: dict[str, float], usernames: dict[str, float]) -> None:
    print(f"translation (English → Spanish, 1,000 characters): through the gateway "
          f"{translation['gateway ms/1000 chars']:.0f} ms, APY directly {translation['APY ms/1000 chars']:.0f} ms, "
          f"overhead ratio {translation['overhead ratio']:.2f}×")
    print(f"username check: {usernames['sites']} fake sites at {usernames['sites per second']:.0f} sites/s")
