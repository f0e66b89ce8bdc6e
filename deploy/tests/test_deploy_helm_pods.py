"""What the chart's pods may do and how they scale: non-root on read-only filesystems, reachable only
by who needs them, replicas from an autoscaler or fixed, secrets from the chart's Secret or the
operator's, and the app's nginx pointed at the release's own Services and at Supabase."""

import base64
from urllib.parse import unquote

import pytest
import yaml
from deploy_support import ROOT
from helm_support import (
    NAMESPACE,
    RELEASE,
    VALUES_SETS,
    container,
    env_of,
    find,
    pod_spec,
    rendered,
    template,
    values_file,
)

WORKLOADS = ["app", "bff", "redirect", "redis", "migrate"]
# Its Python environment writes under /app and its home: the one container with a writable root.
WRITABLE_ROOT = {"libretranslate"}


def workloads(docs):
    return [d for d in docs if d["kind"] in ("Deployment", "Job")]


def component(doc):
    return doc["metadata"]["labels"]["app.kubernetes.io/component"]


@pytest.mark.parametrize("values_set", VALUES_SETS)
def test_every_container_runs_unprivileged_with_requests(values_set):
    docs = rendered(values_set)
    assert {component(d) for d in workloads(docs)} >= set(WORKLOADS) - (
        {"redis"} if values_set == "external-redis" else set()
    )
    for doc in workloads(docs):
        spec = doc["spec"]["template"]["spec"]
        name = component(doc)
        assert spec["securityContext"]["runAsNonRoot"] is True and spec["securityContext"]["runAsUser"] > 0, name
        assert spec["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}, name
        assert spec["automountServiceAccountToken"] is False, name
        for item in spec["containers"]:
            context = item["securityContext"]
            assert context["allowPrivilegeEscalation"] is False and context["capabilities"]["drop"] == ["ALL"], name
            assert context["readOnlyRootFilesystem"] is (name not in WRITABLE_ROOT), name
            # The autoscaler and the scheduler work from requests; memory is capped.
            assert item["resources"]["requests"]["cpu"] and item["resources"]["requests"]["memory"], name
            assert item["resources"]["limits"]["memory"], name


def test_the_uids_are_the_images_own_users():
    docs = rendered("external-redis")
    uids = {component(d): d["spec"]["template"]["spec"]["securityContext"]["runAsUser"] for d in workloads(docs)}
    # bff/Dockerfile's toolkit user, nginx-unprivileged's nginx, LibreTranslate's image user.
    assert uids["bff"] == uids["redirect"] == 10001 and uids["app"] == 101 and uids["libretranslate"] == 1032
    assert "USER 10001" in (ROOT / "bff" / "Dockerfile").read_text()
    assert "USER 101" in (ROOT / "app" / "Dockerfile").read_text()


def test_writable_places_are_volumes():
    docs = rendered("defaults")
    for name, path in (("bff", "/tmp"), ("app", "/tmp"), ("redirect", "/var/lib/toolkit-redirect")):
        spec = pod_spec(docs, name)
        mounted = {m["mountPath"]: m["name"] for m in spec["containers"][0]["volumeMounts"]}
        volume = next(v for v in spec["volumes"] if v["name"] == mounted[path])
        assert "sizeLimit" in volume["emptyDir"], name


def test_only_the_app_reaches_the_bff_and_the_redirect_service_and_only_the_bff_redis():
    docs = rendered("external-redis")  # with LibreTranslate
    policies = {component(d): d for d in docs if d["kind"] == "NetworkPolicy"}
    labels = {component(d): d["spec"]["template"]["metadata"]["labels"] for d in workloads(docs)}
    expected = {"bff": ("app", 5000), "redirect": ("app", 5001), "libretranslate": ("bff", 5000)}
    assert set(policies) == set(expected)  # no Redis here: it is external
    for target, (source, port) in expected.items():
        spec = policies[target]["spec"]
        assert spec["policyTypes"] == ["Ingress"]
        assert spec["podSelector"]["matchLabels"].items() <= labels[target].items()
        assert not spec["podSelector"]["matchLabels"].items() <= labels[source].items()
        [rule] = spec["ingress"]
        assert rule["from"][0]["podSelector"]["matchLabels"].items() <= labels[source].items()
        assert rule["ports"] == [{"port": port, "protocol": "TCP"}]
    redis = find(rendered("defaults"), "NetworkPolicy", "redis")["spec"]["ingress"][0]
    assert redis["from"][0]["podSelector"]["matchLabels"]["app.kubernetes.io/component"] == "bff"


def test_the_autoscalers_own_the_replica_counts_of_the_bff_and_the_redirect_service():
    docs = rendered("defaults")
    for name in ("bff", "redirect"):
        hpa = find(docs, "HorizontalPodAutoscaler", name)["spec"]
        assert hpa["scaleTargetRef"] == {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "name": f"{RELEASE}-toolkit-{name}",
        }
        assert hpa["minReplicas"] == 2 and hpa["maxReplicas"] == 10
        assert hpa["metrics"][0]["resource"]["name"] == "cpu"
        assert "replicas" not in find(docs, "Deployment", name)["spec"]  # helm would fight the autoscaler
    fixed = rendered("hpa-off")
    assert not [d for d in fixed if d["kind"] in ("HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy")]
    assert find(fixed, "Deployment", "bff")["spec"]["replicas"] == 3
    assert find(fixed, "Deployment", "redirect")["spec"]["replicas"] == 4


def test_the_disruption_budgets_cover_the_replicated_services():
    docs = rendered("defaults")
    for name in ("app", "bff", "redirect"):
        pdb = find(docs, "PodDisruptionBudget", name)["spec"]
        assert pdb["maxUnavailable"] == 1
        assert pdb["selector"]["matchLabels"] == find(docs, "Deployment", name)["spec"]["selector"]["matchLabels"]


def test_the_services_select_their_own_pods():
    docs = rendered("defaults")
    for name, port in (("app", 8080), ("bff", 5000), ("redirect", 5001), ("redis", 6379)):
        service = find(docs, "Service", name)["spec"]
        pods = find(docs, "Deployment", name)["spec"]["template"]["metadata"]["labels"]
        assert service["selector"].items() <= pods.items()
        target = service["ports"][0]["targetPort"]
        assert next(p["containerPort"] for p in container(docs, name)["ports"] if p["name"] == target) == port


def test_the_app_proxies_to_the_releases_services_and_to_supabase():
    docs = rendered("defaults")
    env = {name: entry["value"] for name, entry in env_of(container(docs, "app")).items()}
    for variable, name in (("BFF_UPSTREAM", "bff"), ("REDIRECT_UPSTREAM", "redirect")):
        port = find(docs, "Service", name)["spec"]["ports"][0]["port"]
        # Fully qualified: nginx's resolver applies no search domain.
        assert env[variable] == f"http://{RELEASE}-toolkit-{name}.{NAMESPACE}.svc.cluster.local:{port}"
    assert env["SUPABASE_UPSTREAM"] == f"http://supabase-supabase-kong.{NAMESPACE}.svc.cluster.local:8000"
    hosted = env_of(container(rendered("hosted-supabase"), "app"))["SUPABASE_UPSTREAM"]["value"]
    assert hosted == "https://abcdefghijklmnop.supabase.co"
    bff = env_of(container(rendered("hosted-supabase"), "bff"))
    assert bff["TOOLKIT_JWKS_URL"]["value"] == "https://abcdefghijklmnop.supabase.co/auth/v1/.well-known/jwks.json"


def _secret_refs(docs):
    refs = {}
    for doc in workloads(docs):
        for item in doc["spec"]["template"]["spec"]["containers"]:
            for name, entry in env_of(item).items():
                ref = entry.get("valueFrom", {}).get("secretKeyRef")
                if ref:
                    refs[(component(doc), name)] = (ref["name"], ref["key"])
    return refs


def test_the_charts_secret_holds_every_key_the_pods_read_with_the_password_url_encoded():
    docs = rendered("defaults")
    secret = next(d for d in docs if d["kind"] == "Secret")
    data = {key: base64.b64decode(value).decode() for key, value in secret["data"].items()}
    for name, key in _secret_refs(docs).values():
        assert name == secret["metadata"]["name"] and key in data
    values = yaml.safe_load(values_file("defaults").read_text())["secrets"]
    assert data["database-password"] != values["databasePassword"]
    assert unquote(data["database-password"]) == values["databasePassword"]
    assert "/" not in data["database-password"] and "+" not in data["database-password"]
    assert data["migration-password"] == values["migrationPassword"]  # PGPASSWORD: as is


def test_with_an_existing_secret_the_chart_makes_none_and_reads_the_named_ones():
    docs = rendered("existing-secret")
    assert not [d for d in docs if d["kind"] == "Secret"]
    refs = _secret_refs(docs)
    assert refs[("bff", "TOOLKIT_DATABASE_PASSWORD")] == ("supabase-db", "password_encoded")
    assert refs[("redirect", "TOOLKIT_DATABASE_PASSWORD")] == ("supabase-db", "password_encoded")
    assert refs[("migrate", "PGPASSWORD")] == ("supabase-db", "password")
    assert refs[("bff", "TOOLKIT_JWT_SECRET")] == ("supabase-jwt", "secret")
    assert refs[("bff", "TOOLKIT_SERVICE_ROLE_KEY")] == ("supabase-jwt", "serviceKey")
    assert refs[("bff", "LIBRETRANSLATE_API_KEY")] == ("toolkit-secrets", "libretranslate-api-key")
    optional = env_of(container(docs, "bff"))["LIBRETRANSLATE_API_KEY"]["valueFrom"]["secretKeyRef"]
    assert optional["optional"] is True  # only for a LibreTranslate with API keys


def test_an_external_redis_replaces_the_charts_own():
    docs = rendered("external-redis")
    assert not [d for d in docs if component(d) == "redis"]
    bff = env_of(container(docs, "bff"))
    assert bff["TOOLKIT_RATE_LIMIT_STORAGE_URI"]["valueFrom"]["secretKeyRef"]["key"] == "redis-url"
    secret = next(d for d in docs if d["kind"] == "Secret")
    assert (
        base64.b64decode(secret["data"]["redis-url"]).decode()
        == "redis://:redis-password@redis.shared.svc.cluster.local:6379/2"
    )
    assert (
        bff["LIBRETRANSLATE_URL"]["value"]
        == f"http://{RELEASE}-toolkit-libretranslate.{NAMESPACE}.svc.cluster.local:5000"
    )
    own = env_of(container(rendered("defaults"), "bff"))["TOOLKIT_RATE_LIMIT_STORAGE_URI"]["value"]
    assert own == f"redis://{RELEASE}-toolkit-redis:6379/0"


def test_extra_variables_reach_the_bff():
    env = env_of(container(rendered("hpa-off"), "bff"))
    assert env["TOOLKIT_TOOLS_MAX_JOBS_PER_CLIENT"]["value"] == "1"
    assert env["TOOLKIT_TOOLS_RATE_LIMIT"]["value"] == "30 per minute"
    assert env["APERTIUM_APY_URL"]["value"] == "http://apertium-apy.translation.svc.cluster.local:2737"


def test_the_pods_restart_when_the_charts_secret_changes():
    def checksums(*overrides):
        result = template("-f", str(values_file("defaults")), *overrides)
        assert result.returncode == 0, result.stderr
        docs = [d for d in yaml.safe_load_all(result.stdout) if d]
        return [
            find(docs, "Deployment", name)["spec"]["template"]["metadata"]["annotations"]["checksum/secret"]
            for name in ("bff", "redirect")
        ]

    before = checksums()
    assert before == checksums("--set", "bff.workers=4")  # nothing secret changed
    after = checksums("--set", "secrets.jwtSecret=another-secret-of-at-least-32-characters")
    assert all(a != b for a, b in zip(before, after, strict=True))
