"""The Helm chart (deploy/helm/toolkit/) for the tests: helm and kubeconform from .venv/bin (built by
scripts/setup), its values sets (ci/*-values.yaml), rendered manifests, and the Kubernetes API's JSON
schemas that kubernetes-validate ships, made loadable by kubeconform offline."""

from __future__ import annotations

import atexit
import copy
import functools
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import kubernetes_validate
import yaml
from deploy_support import ROOT

CHART = ROOT / "deploy" / "helm" / "toolkit"
HELM = ROOT / ".venv" / "bin" / "helm"
KUBECONFORM = ROOT / ".venv" / "bin" / "kubeconform"
VALUES_SETS = sorted(p.name.removesuffix("-values.yaml") for p in (CHART / "ci").glob("*-values.yaml"))
SCHEMAS = Path(kubernetes_validate.__file__).parent / "kubernetes-json-schema"
RELEASE = "demo"
NAMESPACE = "web"


def declared_kubernetes_version() -> str:
    """The oldest version Chart.yaml's kubeVersion accepts (">=1.30.0-0" → "1.30.0")."""
    constraint = yaml.safe_load((CHART / "Chart.yaml").read_text())["kubeVersion"]
    return re.fullmatch(r">=\s*(\d+\.\d+\.\d+)(-0)?", constraint).group(1)


def newest_schema_version() -> str:
    versions = [re.match(r"v(\d+\.\d+\.\d+)-local-strict$", p.name) for p in SCHEMAS.iterdir()]
    return max((m.group(1) for m in versions if m), key=lambda v: tuple(map(int, v.split("."))))


def _tool_env(home: Path) -> dict[str, str]:
    """helm's caches and settings in a directory of the test's, and no way out to the network: a
    proxy on a closed loopback port answers any fetch with an error at once."""
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "HELM_CACHE_HOME": str(home / "cache"),
        "HELM_CONFIG_HOME": str(home / "config"),
        "HELM_DATA_HOME": str(home / "data"),
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "NO_PROXY": "",
    }


def _scratch(prefix: str) -> Path:
    """A directory removed when the test run ends."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, path, True)
    return path


@functools.cache
def _home() -> Path:
    return _scratch("toolkit-helm-")


def run_helm(*args: str) -> subprocess.CompletedProcess:
    assert HELM.exists(), "helm is missing: run ./scripts/setup"
    return subprocess.run([str(HELM), *args], env=_tool_env(_home()), capture_output=True, text=True, timeout=300)


def values_file(name: str) -> Path:
    return CHART / "ci" / f"{name}-values.yaml"


def template(*args: str, kube_version: str | None = None) -> subprocess.CompletedProcess:
    return run_helm(
        "template",
        RELEASE,
        str(CHART),
        "--namespace",
        NAMESPACE,
        "--kube-version",
        kube_version or declared_kubernetes_version(),
        *args,
    )


@functools.cache
def rendered_text(values_set: str, kube_version: str | None = None) -> str:
    result = template("-f", str(values_file(values_set)), kube_version=kube_version)
    assert result.returncode == 0, result.stderr
    return result.stdout


@functools.cache
def _parsed(values_set: str) -> list[dict]:
    return [doc for doc in yaml.load_all(rendered_text(values_set), Loader=yaml.CSafeLoader) if doc]


def rendered(values_set: str) -> list[dict]:
    """The manifests of a values set, parsed (a fresh copy each time: tests may change them)."""
    return copy.deepcopy(_parsed(values_set))


def find(docs: list[dict], kind: str, component: str) -> dict:
    found = [d for d in docs if d["kind"] == kind and d["metadata"]["name"] == f"{RELEASE}-toolkit-{component}"]
    assert len(found) == 1, f"{kind} {component}: {len(found)} found"
    return found[0]


def pod_spec(docs: list[dict], component: str) -> dict:
    kind = "Job" if component == "migrate" else "Deployment"
    return find(docs, kind, component)["spec"]["template"]["spec"]


def container(docs: list[dict], component: str) -> dict:
    return pod_spec(docs, component)["containers"][0]


def env_of(item: dict) -> dict[str, dict]:
    """A container's env entries by name."""
    return {entry["name"]: entry for entry in item.get("env", [])}


@functools.cache
def loadable_schemas(version: str) -> Path:
    """kubernetes-validate's schemas of one version, as kubeconform can load them from disk: each file
    names itself with an https `$id` and points at `/api/_definitions.json` under it, which kubeconform
    would try to fetch; without the `$id`, the same references resolve to the file beside it."""
    source = SCHEMAS / f"v{version}-local-strict"
    assert source.is_dir(), f"kubernetes-validate has no schemas for Kubernetes {version}"
    target = _scratch("toolkit-k8s-schemas-") / source.name
    target.mkdir()
    for path in source.glob("*.json"):
        schema = json.loads(path.read_text().replace('"/api/_definitions.json#', '"_definitions.json#'))
        schema.pop("$id", None)
        (target / path.name).write_text(json.dumps(schema))
    return target.parent


def kubeconform(manifests: str, version: str) -> dict:
    """kubeconform -strict on the manifests against that version's schemas; its JSON summary and
    the resources it did not find valid."""
    assert KUBECONFORM.exists(), "kubeconform is missing: run ./scripts/setup"
    location = (
        str(loadable_schemas(version)) + "/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/"
        "{{ .ResourceKind }}{{ .KindSuffix }}.json"
    )
    result = subprocess.run(
        [
            str(KUBECONFORM),
            "-strict",
            "-summary",
            "-output",
            "json",
            "-kubernetes-version",
            version,
            "-schema-location",
            location,
            "-",
        ],
        input=manifests,
        env=_tool_env(_home()),
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = json.loads(result.stdout)
    report["exit"] = result.returncode
    return report
