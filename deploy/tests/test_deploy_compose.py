"""docker-compose.yml: valid Compose, pinned images, every variable documented, health-ordered."""

import json
import re

import jsonschema
import pytest
from deploy_support import ROOT, compose, compose_schema_path, compose_variables, env_example, services

# Services that run once and exit; every other one must say when it is healthy.
ONE_SHOT = {"migrate"}
# A pinned tag names a version (v2.186.0, 15.8.1.085, 2026.02.16-sha-…), never a moving one.
PINNED_TAG = re.compile(r"^v?\d+(\.\d+)+([-.][0-9A-Za-z.-]+)?$|^\d{4}\.\d{2}\.\d{2}-sha-[0-9a-f]{7,}$")


def compose_validator() -> jsonschema.protocols.Validator:
    schema = json.loads(compose_schema_path().read_text())
    validator_class = jsonschema.validators.validator_for(schema)  # the draft the schema names
    validator_class.check_schema(schema)
    return validator_class(schema)


def test_the_compose_file_is_valid_against_the_compose_specification():
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in compose_validator().iter_errors(compose())]
    assert not errors, errors


def test_the_schema_check_rejects_what_compose_would_reject():
    # The schema really is applied: a misspelt key and a bad restart policy are refused.
    validator = compose_validator()
    misspelt = compose()
    misspelt["services"]["bff"]["helthcheck"] = misspelt["services"]["bff"].pop("healthcheck")
    assert not validator.is_valid(misspelt)
    bad_condition = compose()
    bad_condition["services"]["bff"]["depends_on"]["migrate"]["condition"] = "service_finished"
    assert not validator.is_valid(bad_condition)


@pytest.mark.parametrize("name", sorted(services()))
def test_every_service_has_a_pinned_image_or_is_built_here(name):
    service = services()[name]
    if "build" in service:
        build = service["build"]
        dockerfile = ROOT / build["context"] / build.get("dockerfile", "Dockerfile")
        assert dockerfile.is_file(), f"{name}: {dockerfile} is missing"
        return
    image = service["image"]
    assert ":" in image and "@" not in image.split(":")[0], f"{name}: {image} has no tag"
    tag = image.rsplit(":", 1)[1]
    assert PINNED_TAG.match(tag), f"{name}: {image} is not pinned to a version"


def test_the_supabase_images_are_the_official_ones():
    images = {name: s.get("image", "").split(":")[0] for name, s in services().items()}
    assert images["db"] == "supabase/postgres" and images["migrate"] == "supabase/postgres"
    assert services()["db"]["image"].split(":")[1].startswith("15.")
    assert images["auth"] == "supabase/gotrue"
    assert images["rest"] == "postgrest/postgrest"
    assert images["realtime"] == "supabase/realtime"
    assert images["meta"] == "supabase/postgres-meta"
    assert images["studio"] == "supabase/studio"
    assert images["kong"] == "kong"
    # The migration runner uses the database's own image: its psql matches the server.
    assert services()["migrate"]["image"] == services()["db"]["image"]


def test_every_variable_compose_reads_is_documented_in_env_example():
    documented = set(env_example())
    missing = compose_variables() - documented
    assert not missing, f"add to .env.example with a comment: {sorted(missing)}"


def test_every_documented_variable_has_a_comment_and_is_used():
    lines = (ROOT / ".env.example").read_text().splitlines()
    names = set(env_example())
    for index, line in enumerate(lines):
        name = line.split("=", 1)[0]
        if name in names:
            above = lines[:index]
            # The variable's own comment, or the comment of the group of lines it belongs to.
            block = [line for line in reversed(above) if not line.startswith(tuple(names))]
            assert block and block[0].startswith("#"), f"{name} has no comment above it"
    unused = names - compose_variables()
    assert not unused, f".env.example documents variables compose never reads: {sorted(unused)}"


@pytest.mark.parametrize("name", sorted(set(services()) - ONE_SHOT))
def test_every_long_running_service_has_a_healthcheck(name):
    check = services()[name].get("healthcheck")
    assert check and check.get("test"), f"{name} has no healthcheck"
    assert check["test"][0] in ("CMD", "CMD-SHELL")


def test_dependencies_wait_for_health_or_completion():
    all_services = services()
    for name, service in all_services.items():
        for dependency, rule in (service.get("depends_on") or {}).items():
            condition = rule["condition"]
            if dependency in ONE_SHOT:
                assert condition == "service_completed_successfully", f"{name} → {dependency}"
            else:
                assert condition == "service_healthy", f"{name} → {dependency}: {condition}"
                assert "healthcheck" in all_services[dependency]


def test_migrations_run_after_auth_and_before_everything_that_reads_the_schema():
    depends = {name: set(s.get("depends_on") or {}) for name, s in services().items()}
    assert {"db", "auth"} <= depends["migrate"]
    for reader in ("bff", "rest", "realtime"):
        assert "migrate" in depends[reader], f"{reader} must start after the migrations"
    migrate = services()["migrate"]
    assert migrate["restart"] == "no"
    assert "./supabase/migrations:/migrations:ro" in migrate["volumes"]
    # Our migrations are no longer dropped into the image's init directory (that ran them before
    # Auth's own migrations, and recorded nothing).
    assert not any("supabase/migrations" in v for v in services()["db"]["volumes"])


def test_database_data_lives_in_named_volumes():
    declared = set(compose()["volumes"])
    db_volumes = services()["db"]["volumes"]
    assert "db-data:/var/lib/postgresql/data" in db_volumes
    assert {"db-data", "db-config"} <= declared


def test_the_redirect_services_click_journal_outlives_its_container():
    redirect = services()["redirect"]
    journal = redirect["environment"]["TOOLKIT_REDIRECT_JOURNAL_DIR"]
    assert f"redirect-clicks:{journal}" in redirect["volumes"]
    assert "redirect-clicks" in compose()["volumes"]
    # Writable by the image's user: the volume takes the directory's owner when it is first used.
    assert f"mkdir -p {journal} && chown 10001:10001 {journal}" in (ROOT / "bff" / "Dockerfile").read_text()


def test_only_the_app_is_published_and_kong_on_loopback_by_default():
    published = {name for name, s in services().items() if s.get("ports")}
    assert published == {"app", "kong"}
    assert services()["kong"]["ports"] == ["${KONG_BIND:-127.0.0.1}:${KONG_HTTP_PORT:-8001}:8000/tcp"]
    assert env_example()["KONG_BIND"] == "127.0.0.1"


def test_our_services_run_read_only_without_new_privileges():
    for name in ("bff", "app"):
        service = services()[name]
        assert service["read_only"] is True, name
        assert "no-new-privileges:true" in service["security_opt"], name
        assert any(str(t).startswith("/tmp") for t in service["tmpfs"]), f"{name} needs a writable /tmp"


def test_the_translator_is_optional_under_a_profile():
    translate = services()["translate"]
    assert translate["profiles"] == ["translate"]
    assert translate["image"].startswith("libretranslate/libretranslate:")
    assert all("profiles" not in s for name, s in services().items() if name != "translate")


def test_the_bff_shares_its_rate_limit_store_and_reaches_auth_inside_the_network():
    env = services()["bff"]["environment"]
    assert env["TOOLKIT_RATE_LIMIT_STORAGE_URI"] == "redis://redis:6379/0"
    assert env["TOOLKIT_JWKS_URL"] == "http://auth:9999/.well-known/jwks.json"
    assert env["TOOLKIT_DATABASE_URL"].startswith("postgresql://authenticator:${AUTHENTICATOR_PASSWORD}@db:5432/")


def test_login_roles_have_passwords_separate_from_the_superuser():
    auth_url = services()["auth"]["environment"]["GOTRUE_DB_DATABASE_URL"]
    rest_url = services()["rest"]["environment"]["PGRST_DB_URI"]
    assert "${AUTH_ADMIN_PASSWORD}" in auth_url and "POSTGRES_PASSWORD" not in auth_url
    assert "${AUTHENTICATOR_PASSWORD}" in rest_url and "POSTGRES_PASSWORD" not in rest_url
    roles_sql = (ROOT / "deploy" / "db" / "roles.sql").read_text()
    assert 'echo "$AUTHENTICATOR_PASSWORD"' in roles_sql and 'echo "$AUTH_ADMIN_PASSWORD"' in roles_sql
    mounted = services()["db"]["volumes"]
    assert "./deploy/db/roles.sql:/docker-entrypoint-initdb.d/init-scripts/99-roles.sql:ro" in mounted
