"""What goes wrong between replicas is noticed, with a log line that says what it means (issue 41):
the shared store unreachable from the start, a replica started with another JWT secret or against a
database without its migrations, one instance of an upstream down behind the gateway."""

from __future__ import annotations

import subprocess
from urllib.parse import urlsplit

import pytest
import requests

from fixtures.gunicorn_bff import running_bff
from fixtures.redirect_support import free_port, refusing_port, until
from fixtures.replica_stack import fixture_replicas  # noqa: F401 (the replicas fixture)
from stack.gateway import write_nginx_conf
from stack.keys import make_api_key

OTHER_SECRET = "another-jwt-secret-than-the-deployments-own-32+"


def health(url: str) -> requests.Response:
    return requests.get(f"{url}/api/health", timeout=10)


def test_a_replica_whose_redis_is_unreachable_says_so_and_keeps_serving(tmp_path):
    with refusing_port() as port:
        store = f"redis://127.0.0.1:{port}/0"  # nothing listens there
        with running_bff(
            tmp_path, TOOLKIT_RATE_LIMIT_ENABLED="true", TOOLKIT_RATE_LIMIT_STORAGE_URI=store, TOOLKIT_REPLICAS="2"
        ) as bff:
            assert until(lambda: f"rate-limit store {store} unreachable" in bff.output(), within=10), bff.output()
            assert "allows 1/2 of every limit" in bff.output()  # one worker (the fixture's) of two replicas
            answer = health(bff.url)
            # Counting alone at its share is no reason to leave the balancer.
            assert answer.status_code == 200 and answer.json()["checks"]["rate_limit_store"] == "unreachable"


@pytest.mark.parametrize("keys_from", ["its own secret", "the deployment's secret"])
def test_a_replica_started_with_another_jwt_secret_fails_its_health_check(tmp_path, stack_env, keys_from):
    secret = OTHER_SECRET if keys_from == "its own secret" else stack_env["TOOLKIT_JWT_SECRET"]
    with running_bff(
        tmp_path,
        TOOLKIT_JWT_SECRET=OTHER_SECRET,
        TOOLKIT_SERVICE_ROLE_KEY=make_api_key(secret, "service_role"),
        TOOLKIT_ANON_KEY=make_api_key(secret, "anon"),
    ) as bff:
        expected = (
            "refuses this replica's service-role key"
            if keys_from == "its own secret"
            else "TOOLKIT_JWT_SECRET did not sign TOOLKIT_SERVICE_ROLE_KEY"
        )
        assert until(lambda: expected in bff.output(), within=10), bff.output()
        answer = health(bff.url)
        assert answer.status_code == 503 and answer.json()["checks"]["jwt_secret"] == "mismatch"


def test_the_stacks_replicas_share_the_deployments_secret_and_schema(replicas):
    for instance in replicas.bff:
        checks = health(instance).json()["checks"]
        assert checks["jwt_secret"] == "ok" and checks["migrations"] == "ok"


def test_a_replica_expecting_migrations_the_database_lacks_fails_its_health_check(tmp_path):
    with running_bff(tmp_path, TOOLKIT_SCHEMA_LEVEL="29991231000000") as bff:
        expected = "but this replica expects 29991231000000: run the migrations"
        assert until(lambda: expected in bff.output(), within=10), bff.output()
        answer = health(bff.url)
        assert answer.status_code == 503 and answer.json()["checks"]["migrations"] == "behind"
    # A replica of older code on a newer database (migrations run first in an upgrade) is fine.
    with running_bff(tmp_path, TOOLKIT_SCHEMA_LEVEL="20200101000000") as bff:
        answer = health(bff.url)
        assert answer.status_code == 200 and answer.json()["checks"]["migrations"] == "ok"


def test_with_one_instance_down_the_gateway_answers_from_the_other_and_logs_which(tmp_path, replicas, stack_env):
    with refusing_port() as down:  # an instance that is down: its port refuses connections
        up = urlsplit(replicas.bff[0]).port
        port = free_port()
        conf = write_nginx_conf(
            tmp_path / "run",
            tmp_path / "logs",
            port=port,
            bff_port=[up, down],
            redirect_port=[urlsplit(url).port for url in replicas.redirect],
            auth_port=[urlsplit(url).port for url in replicas.auth],
            realtime_port=free_port(),
            anon_key="anon",
            service_key="service",
        )
        nginx = subprocess.Popen(
            ["/usr/sbin/nginx", "-c", str(conf), "-p", str(conf.parent), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            gateway = f"http://127.0.0.1:{port}"
            assert until(lambda: _answers(gateway), within=10)
            assert [health(gateway).status_code for _ in range(4)] == [200] * 4
            made = [
                requests.post(f"{gateway}/api/tools/qr", json={"text": "one down"}, timeout=30).status_code
                for _ in range(4)
            ]
            assert made == [200] * 4  # a POST too: the refused connection never carried it
            log = (tmp_path / "logs" / "nginx-error.log").read_text()
            assert "connect() failed (111: Connection refused) while connecting to upstream" in log
            assert f"127.0.0.1:{down}" in log
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)


def _answers(url: str) -> bool:
    try:
        return health(url).status_code == 200
    except requests.RequestException:
        return False
