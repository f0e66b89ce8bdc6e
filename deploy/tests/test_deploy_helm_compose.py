"""The chart runs what docker-compose.yml runs: the same variables for the BFF, the redirect service and
the app, the same images and commands, probes on the compose healthchecks, and the migration step
with the compose runner over exactly supabase/migrations."""

import re
from urllib.parse import urlsplit

import pytest
from deploy_support import ROOT, services
from helm_support import container, env_of, find, pod_spec, rendered

# The .env variables that hold secrets (.env.example's first section): where compose writes one into a
# service's variable, the chart must read that variable from a Secret.
_ENV_EXAMPLE = (ROOT / ".env.example").read_text()
SECRET_VARIABLES = set(re.findall(r"^([A-Z_]+)=", _ENV_EXAMPLE.split("############ Public addresses")[0], re.M))
WHOLE_DEFAULT = re.compile(r"^\$\{[A-Z_]+:-(.*)\}$")  # "${BFF_WORKERS:-2}": the chart's default is "2"


def compose_env(service: str) -> dict[str, str]:
    return {name: str(value) for name, value in services()[service]["environment"].items()}


def compose_address(value: str) -> tuple | None:
    """(service, scheme, port, path) of a URL naming another compose service (http://auth:9999/…)."""
    url = urlsplit(value)
    return (url.hostname, url.scheme, url.port, url.path) if url.scheme and url.hostname in services() else None


def from_secret(entry: dict, env: dict[str, dict]) -> bool:
    """Read from a Secret, or assembled ($(NAME)) from a variable that is."""
    if "secretKeyRef" in entry.get("valueFrom", {}):
        return True
    names = re.findall(r"\$\((\w+)\)", entry.get("value", ""))
    return bool(names) and all(from_secret(env[name], env) for name in names)


@pytest.mark.parametrize("service, component", [("bff", "bff"), ("redirect", "redirect"), ("app", "app")])
def test_every_variable_compose_gives_a_service_is_set_the_same_way(service, component):
    docs = rendered("defaults")
    env = env_of(container(docs, component))
    for name, value in compose_env(service).items():
        assert name in env, f"{component}: {name} is missing"
        entry = env[name]
        if "${" not in value and compose_address(value):
            # Another service, at its name in the cluster: the same scheme, port and path.
            chart = urlsplit(entry.get("value", ""))
            assert (chart.scheme, chart.port, chart.path) == compose_address(value)[1:], f"{name}: {entry}"
        elif "${" not in value:
            assert entry.get("value") == value, f"{name}: {entry} in the chart, {value!r} in compose"
        elif set(re.findall(r"\$\{(\w+)", value)) & SECRET_VARIABLES:
            assert from_secret(entry, env), f"{name} holds a secret: read it from a Secret"
        elif WHOLE_DEFAULT.match(value) and not from_secret(entry, env):  # (an API key kept in the Secret)
            assert entry.get("value") == WHOLE_DEFAULT.match(value).group(1), f"{name}: default differs"


def test_the_database_url_is_authenticators_with_the_password_from_the_secret():
    env_list = container(rendered("defaults"), "bff")["env"]
    names = [entry["name"] for entry in env_list]
    url = env_of({"env": env_list})["TOOLKIT_DATABASE_URL"]["value"]
    assert (
        url
        == "postgresql://authenticator:$(TOOLKIT_DATABASE_PASSWORD)@supabase-supabase-db.web.svc.cluster.local:5432/postgres"
    )
    # Kubernetes expands $(NAME) only from variables defined before it in the list.
    assert names.index("TOOLKIT_DATABASE_PASSWORD") < names.index("TOOLKIT_DATABASE_URL")
    hosted = env_of(container(rendered("hosted-supabase"), "redirect"))["TOOLKIT_DATABASE_URL"]["value"]
    assert hosted == (
        "postgresql://authenticator.abcdefghijklmnop:$(TOOLKIT_DATABASE_PASSWORD)"
        "@aws-0-eu-central-1.pooler.supabase.com:5432/postgres?sslmode=require"
    )


def test_the_redirect_service_runs_the_bff_image_with_the_compose_command():
    docs = rendered("existing-secret")
    assert (
        container(docs, "redirect")["image"]
        == container(docs, "bff")["image"]
        == "registry.example.com/toolkit/bff:2026.11.28"
    )
    assert container(docs, "redirect")["command"] == services()["redirect"]["command"]
    assert "command" not in container(docs, "bff")  # the image's own, as in compose


def test_the_click_journal_is_a_volume_where_the_service_writes_it():
    spec = pod_spec(rendered("defaults"), "redirect")
    journal = env_of(spec["containers"][0])["TOOLKIT_REDIRECT_JOURNAL_DIR"]["value"]
    mounts = {m["mountPath"]: m["name"] for m in spec["containers"][0]["volumeMounts"]}
    assert mounts[journal] in {v["name"] for v in spec["volumes"]}


@pytest.mark.parametrize(
    "compose_name, component", [("redis", "redis"), ("translate", "libretranslate"), ("migrate", "migrate")]
)
def test_the_third_party_images_are_the_compose_files(compose_name, component):
    assert (
        container(rendered("external-redis" if component == "libretranslate" else "defaults"), component)["image"]
        == services()[compose_name]["image"]
    )


def test_redis_runs_with_the_compose_flags():
    assert container(rendered("defaults"), "redis")["args"] == services()["redis"]["command"]


def test_libretranslate_loads_the_compose_languages():
    default = WHOLE_DEFAULT.match(services()["translate"]["environment"]["LT_LOAD_ONLY"]).group(1)
    assert env_of(container(rendered("external-redis"), "libretranslate"))["LT_LOAD_ONLY"]["value"] == default


def _compose_test(service: str) -> list[str]:
    return services()[service]["healthcheck"]["test"]


def _port(item: dict, name: str) -> int:
    return next(p["containerPort"] for p in item["ports"] if p["name"] == name)


def test_the_http_readiness_probes_ask_what_the_compose_healthchecks_ask():
    docs = rendered("defaults")
    for service in ("bff", "app"):
        port, path = re.search(r"http://127\.0\.0\.1:(\d+)(/[\w/.-]*)", " ".join(_compose_test(service))).groups()
        probe = container(docs, service)["readinessProbe"]["httpGet"]
        assert probe["path"] == path
        assert _port(container(docs, service), probe["port"]) == int(port)


@pytest.mark.parametrize(
    "service, component", [("redirect", "redirect"), ("redis", "redis"), ("translate", "libretranslate")]
)
def test_the_exec_readiness_probes_run_the_compose_healthcheck(service, component):
    test = _compose_test(service)
    expected = test[1:] if test[0] == "CMD" else ["sh", "-c", test[1]]
    docs = rendered("external-redis" if component == "libretranslate" else "defaults")
    assert container(docs, component)["readinessProbe"]["exec"]["command"] == expected


def test_the_migration_job_is_the_compose_migrate_service():
    docs = rendered("defaults")
    job = container(docs, "migrate")
    migrate = services()["migrate"]
    assert job["command"] == migrate["entrypoint"]
    assert set(env_of(job)) == set(migrate["environment"])
    assert env_of(job)["PGUSER"]["value"] == migrate["environment"]["PGUSER"] == "postgres"
    assert "secretKeyRef" in env_of(job)["PGPASSWORD"]["valueFrom"]
    mounts = {m["mountPath"]: m["name"] for m in job["volumeMounts"]}
    compose_mounts = dict(v.split(":")[:2][::-1] for v in migrate["volumes"])
    assert set(compose_mounts) <= set(mounts)  # /migrations and /deploy, where compose mounts them
    assert env_of(job)["MIGRATIONS_DIR"]["value"] == "/migrations" and mounts["/migrations"] == "migrations"


def test_the_migration_job_carries_exactly_the_repositorys_migrations_and_runner():
    docs = rendered("defaults")
    files = find(docs, "ConfigMap", "migrate-files")["data"]
    expected = {p.name: p.read_text() for p in (ROOT / "supabase" / "migrations").glob("*.sql")}
    assert files == expected
    runner = find(docs, "ConfigMap", "migrate-runner")["data"]
    assert runner == {p.name: p.read_text() for p in (ROOT / "deploy" / "migrate").iterdir()}
    volumes = {v["name"]: v["configMap"]["name"] for v in pod_spec(docs, "migrate")["volumes"] if "configMap" in v}
    assert volumes == {"migrations": "demo-toolkit-migrate-files", "runner": "demo-toolkit-migrate-runner"}


def test_the_migrations_run_after_install_and_before_every_upgrade_ahead_of_the_job():
    docs = rendered("defaults")
    job = find(docs, "Job", "migrate")["metadata"]["annotations"]
    assert job["helm.sh/hook"] == "post-install,pre-upgrade"
    for name in ("migrate-files", "migrate-runner"):
        annotations = find(docs, "ConfigMap", name)["metadata"]["annotations"]
        assert annotations["helm.sh/hook"] == job["helm.sh/hook"]
        assert int(annotations["helm.sh/hook-weight"]) < int(job["helm.sh/hook-weight"])
