"""deploy/helm/supabase-values.yaml, the Supabase community chart's values beside ours: the Auth image
and settings docker-compose.yml gives Auth, and the Secrets our chart's example reads."""

import re

import yaml
from deploy_support import ROOT, services
from helm_support import values_file

SUPABASE_VALUES = yaml.safe_load((ROOT / "deploy" / "helm" / "supabase-values.yaml").read_text())
# Set by the Supabase chart itself from its Secrets and its database Service.
SET_BY_THE_CHART = {
    "GOTRUE_DB_DATABASE_URL",
    "GOTRUE_DB_DRIVER",
    "GOTRUE_JWT_SECRET",
    "GOTRUE_JWT_KEYS",
    "GOTRUE_SMTP_USER",
    "GOTRUE_SMTP_PASS",
}


def auth_environment() -> dict[str, str]:
    return {entry["name"]: entry["value"] for entry in SUPABASE_VALUES["environment"]["auth"]}


def test_auth_is_the_version_compose_runs():
    image, tag = services()["auth"]["image"].split(":")
    assert image == "supabase/gotrue" and SUPABASE_VALUES["image"]["auth"]["tag"] == tag


def test_auth_gets_every_setting_compose_gives_it():
    env = auth_environment()
    site = env["GOTRUE_SITE_URL"]
    examples = {
        "SITE_URL": site,
        "API_EXTERNAL_URL": env["API_EXTERNAL_URL"],
        "SMTP_HOST": env["GOTRUE_SMTP_HOST"],
        "SMTP_ADMIN_EMAIL": env["GOTRUE_SMTP_ADMIN_EMAIL"],
        "PASSKEY_RP_ID": site.removeprefix("https://"),
    }
    assert env["API_EXTERNAL_URL"] == f"{site}/auth/v1"  # the app proxies Auth on its own origin
    compose = services()["auth"]["environment"]
    for name, value in compose.items():
        if name in SET_BY_THE_CHART:
            assert name not in env, f"{name}: the Supabase chart sets it"
            continue
        # ${NAME}, ${NAME:-default}, ${NAME:?message}: the example's value, else compose's default.
        expected = re.sub(
            r"\$\{(\w+)(?::([-?])([^}]*))?\}",
            lambda m: examples.get(m.group(1), m.group(3) if m.group(2) == "-" else ""),
            str(value),
        )
        assert env.get(name) == expected, f"{name}: {env.get(name)!r}, compose {expected!r}"
    assert set(env) == set(compose) - SET_BY_THE_CHART


def test_our_examples_read_the_secrets_the_supabase_chart_reads():
    secrets = SUPABASE_VALUES["secret"]
    ours = yaml.safe_load(values_file("existing-secret").read_text())
    names, keys = ours["secretNames"], ours["secretKeys"]
    # The Supabase chart's keys: db password / password_encoded, jwt secret / serviceKey.
    assert (names["databasePassword"], keys["databasePassword"]) == (secrets["db"]["secretRef"], "password_encoded")
    assert secrets["db"]["secretRefKey"]["passwordEncoded"] == "password_encoded"
    assert (names["migrationPassword"], keys["migrationPassword"]) == (secrets["db"]["secretRef"], "password")
    assert (names["jwtSecret"], keys["jwtSecret"]) == (secrets["jwt"]["secretRef"], "secret")
    assert (names["serviceRoleKey"], keys["serviceRoleKey"]) == (secrets["jwt"]["secretRef"], "serviceKey")
