"""The SPEC page keys are written once (spec-constants/disabled-pages.json): the SQL, the BFF and the
app must each say exactly what that file says, or this fails and names the command that fixes it."""

import json
import os
import re

import psycopg
import pytest

from stack.config import ROOT
from stack.page_keys_sql import SPEC_FILE, generated_migrations, render_migration, spec_page_keys

SPEC = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
KEYS = SPEC["page_keys"]


def test_the_spec_file_lists_the_eight_spec_keys_once():
    assert len(KEYS) == len(set(KEYS)) == 8
    assert spec_page_keys() == KEYS


def test_the_newest_generated_migration_is_what_the_spec_file_generates():
    migrations = generated_migrations()
    assert migrations, "no generated page-key migration: run scripts/page-keys-sql <timestamp>"
    newest = migrations[-1]
    assert newest.read_text(encoding="utf-8") == render_migration(KEYS), (
        f"{newest.relative_to(ROOT)} lists other keys than spec-constants/disabled-pages.json: landed migrations are "
        "never edited, so run scripts/page-keys-sql <a new timestamp> for a new one"
    )


def test_the_database_checks_and_holds_exactly_the_spec_keys():
    with psycopg.connect(os.environ["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as conn:
        (definition,) = conn.execute(
            "select pg_get_constraintdef(oid) from pg_constraint"
            " where conrelid = 'public.page_settings'::regclass and conname = 'page_settings_page_key_check'"
        ).fetchone()
        rows = [row[0] for row in conn.execute("select page_key from public.page_settings order by page_key")]
        with pytest.raises(psycopg.errors.CheckViolation):
            conn.execute("insert into public.page_settings (page_key) values ('not-a-spec-page')")
    assert re.findall(r"'([^']+)'::text", definition) == KEYS
    assert rows == sorted(KEYS)


def test_the_bff_serves_and_gates_exactly_the_spec_keys():
    from toolkit_bff import page_gate
    from toolkit_bff.api import pages
    from toolkit_bff.api.openapi import DOCUMENT

    assert list(pages.PAGE_KEYS) == KEYS
    schemas = DOCUMENT["components"]["schemas"]
    assert schemas["PageState"]["properties"]["page_key"]["enum"] == KEYS
    assert schemas["Pages"]["properties"]["pages"]["required"] == KEYS
    gated = set(page_gate.PAGE_OF_BLUEPRINT.values()) | set(page_gate.PAGE_OF_ENDPOINT.values())
    assert gated <= set(KEYS), gated - set(KEYS)
    assert SPEC["default_message"] == page_gate.DEFAULT_MESSAGE


def test_the_app_reads_the_spec_file_and_its_generated_types_agree():
    page_keys_ts = (ROOT / "app" / "src" / "lib" / "page-keys.ts").read_text(encoding="utf-8")
    assert "spec-constants/disabled-pages.json" in page_keys_ts
    assert not [key for key in KEYS if f"'{key}'" in page_keys_ts], "app/src/lib/page-keys.ts restates a key"
    # The literal type comes from the BFF's OpenAPI document (checked against the BFF by the Vitest suite).
    schema = (ROOT / "app" / "src" / "lib" / "api" / "schema.d.ts").read_text(encoding="utf-8")
    page_state = schema[schema.index("        PageState: {") :]
    enum = re.search(r'page_key: ((?:"[a-z-]+"(?: \| )?)+);', page_state).group(1)
    assert re.findall(r'"([a-z-]+)"', enum) == KEYS, "run `cd app && npm run api:types`"
