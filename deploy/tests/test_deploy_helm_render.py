"""deploy/helm/toolkit/ passes `helm lint` and renders, for every values set in its ci/ folder, manifests
that the Kubernetes API's schemas accept (kubeconform -strict) for the oldest version the chart
declares and for the newest kubernetes-validate ships; missing secrets stop the rendering."""

import pytest
import yaml
from helm_support import (
    CHART,
    VALUES_SETS,
    declared_kubernetes_version,
    kubeconform,
    newest_schema_version,
    rendered,
    rendered_text,
    run_helm,
    template,
    values_file,
)

VERSIONS = [declared_kubernetes_version(), newest_schema_version()]


def test_the_values_sets_cover_the_ways_to_run_it():
    assert {"defaults", "external-redis", "hpa-off", "existing-secret", "hosted-supabase"} <= set(VALUES_SETS)


@pytest.mark.parametrize("values_set", VALUES_SETS)
def test_helm_lint_passes_strictly(values_set):
    result = run_helm(
        "lint",
        "--strict",
        "--kube-version",
        declared_kubernetes_version(),
        "-f",
        str(values_file(values_set)),
        str(CHART),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 chart(s) failed" in result.stdout


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("values_set", VALUES_SETS)
def test_every_rendered_manifest_is_valid_for_the_kubernetes_version(values_set, version):
    manifests = rendered_text(values_set, version)
    count = len([doc for doc in yaml.safe_load_all(manifests) if doc])
    report = kubeconform(manifests, version)
    assert report["exit"] == 0, [f"{r['kind']} {r['name']}: {r['msg']}" for r in report["resources"]]
    # Every manifest was checked: none skipped for want of a schema.
    assert report["summary"] == {"valid": count, "invalid": 0, "errors": 0, "skipped": 0}


def test_the_schema_check_rejects_what_the_api_server_would():
    version = declared_kubernetes_version()
    docs = rendered("defaults")
    bff = next(d for d in docs if d["kind"] == "Deployment" and d["metadata"]["name"].endswith("-bff"))
    probe = bff["spec"]["template"]["spec"]["containers"][0]
    probe["readinesProbe"] = probe.pop("readinessProbe")  # a misspelt field
    pdb = next(d for d in docs if d["kind"] == "PodDisruptionBudget")
    pdb["spec"]["maxUnavailable"] = True  # a wrong type
    report = kubeconform(yaml.safe_dump_all(docs), version)
    assert report["exit"] != 0
    assert report["summary"]["invalid"] == 2
    messages = " ".join(r["msg"] for r in report["resources"])
    assert "readinesProbe" in messages and "maxUnavailable" in messages


def test_an_api_the_declared_version_does_not_serve_is_refused():
    docs = rendered("defaults")
    hpa = next(d for d in docs if d["kind"] == "HorizontalPodAutoscaler")
    hpa["apiVersion"] = "autoscaling/v2beta2"  # removed in Kubernetes 1.26
    report = kubeconform(yaml.safe_dump_all([hpa]), declared_kubernetes_version())
    assert report["exit"] != 0 and report["summary"]["errors"] == 1


def test_the_chart_refuses_a_kubernetes_older_than_it_declares():
    result = template("-f", str(values_file("defaults")), kube_version="1.29.9")
    assert result.returncode != 0
    assert "requires kubeVersion: >=1.30.0-0" in result.stderr


@pytest.mark.parametrize(
    "missing, message",
    [
        ("secrets.databasePassword", "secrets.databasePassword (authenticator's password) is required"),
        ("secrets.jwtSecret", "secrets.jwtSecret is required"),
        ("secrets.serviceRoleKey", "secrets.serviceRoleKey is required"),
        ("secrets.migrationPassword", "secrets.migrationPassword is required for the migration Job"),
    ],
)
def test_a_missing_secret_stops_the_rendering_with_its_name(missing, message):
    result = template("-f", str(values_file("defaults")), "--set", f"{missing}=")
    assert result.returncode != 0
    assert message in result.stderr


def test_a_short_jwt_secret_is_refused_as_the_bff_would():
    result = template("-f", str(values_file("defaults")), "--set", "secrets.jwtSecret=too-short")
    assert result.returncode != 0
    assert "secrets.jwtSecret must be at least 32 characters" in result.stderr


def test_an_external_redis_needs_its_url():
    result = template("-f", str(values_file("defaults")), "--set", "redis.enabled=false")
    assert result.returncode != 0
    assert "secrets.redisUrl is required with redis.enabled: false" in result.stderr
