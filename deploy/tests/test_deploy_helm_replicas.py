"""What the chart tells each BFF pod about the others (issue 41): how many may run at once
(TOOLKIT_REPLICAS: while Redis is away each worker allows limit ÷ (GUNICORN_WORKERS × that), so the
most pods together must stay within each limit) and the migration level its code needs
(TOOLKIT_SCHEMA_LEVEL: the image carries no migrations, so /api/health could not check it otherwise)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from deploy_support import ROOT
from helm_support import container, env_of, find, rendered, template, values_file

from toolkit_bff.limit_shares import share_of


def _bff_env(docs: list[dict[str, Any]]) -> dict[str, str]:
    return {name: entry.get("value", "") for name, entry in env_of(container(docs, "bff")).items()}


def _most_pods(docs: list[dict[str, Any]]) -> int:
    """The most BFF pods the manifests let run at once: the autoscaler's maximum (else the fixed
    count) and the pods a rolling update starts beyond it."""
    deployment = find(docs, "Deployment", "bff")["spec"]
    autoscalers = [d for d in docs if d["kind"] == "HorizontalPodAutoscaler" and d["metadata"]["name"].endswith("-bff")]
    wanted = autoscalers[0]["spec"]["maxReplicas"] if autoscalers else deployment["replicas"]
    surge = deployment["strategy"]["rollingUpdate"]["maxSurge"]
    assert isinstance(surge, int), "a percentage surge would make the count depend on the rounding"
    return int(wanted) + surge


def _rendered_with(*overrides: str) -> list[dict[str, Any]]:
    result = template("-f", str(values_file("defaults")), *overrides)
    assert result.returncode == 0, result.stderr
    return [doc for doc in yaml.safe_load_all(result.stdout) if doc]


# defaults: an autoscaler up to 10 pods, one more while a version rolls out; hpa-off: 3 fixed pods and one.
@pytest.mark.parametrize("values_set, most", [("defaults", "11"), ("hpa-off", "4")])
def test_each_bff_pod_is_told_the_most_pods_that_may_run(values_set: str, most: str) -> None:
    docs = rendered(values_set)
    assert _bff_env(docs)["TOOLKIT_REPLICAS"] == most == str(_most_pods(docs))


def test_the_count_follows_the_autoscalers_maximum() -> None:
    docs = _rendered_with("--set", "bff.autoscaling.maxReplicas=25")
    assert _bff_env(docs)["TOOLKIT_REPLICAS"] == "26" == str(_most_pods(docs))


def test_every_pod_at_its_share_stays_within_a_limit_while_redis_is_away() -> None:
    """A limit of 100 a minute: the most pods, each worker allowing its share, allow 100 at most."""
    docs = rendered("defaults")
    env = _bff_env(docs)
    workers, replicas = int(env["GUNICORN_WORKERS"]), int(env["TOOLKIT_REPLICAS"])
    per_worker = share_of(100, {"WORKERS": workers, "REPLICAS": replicas})
    assert per_worker * workers * _most_pods(docs) <= 100


def test_each_bff_pod_expects_the_newest_migration_the_chart_applies() -> None:
    docs = rendered("defaults")
    newest = max(path.name.split("_", 1)[0] for path in (ROOT / "supabase" / "migrations").glob("*.sql"))
    applied = find(docs, "ConfigMap", "migrate-files")["data"]  # what the chart's migration Job runs
    assert _bff_env(docs)["TOOLKIT_SCHEMA_LEVEL"] == newest == max(name.split("_", 1)[0] for name in applied)
