"""Property-based checks of the data API against its own OpenAPI document (schemathesis): whatever a
caller sends, anonymous or signed in as an admin, the answer is documented and never a server error."""
from __future__ import annotations

import psycopg
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS
from schemathesis.specs.openapi import checks as _openapi_checks  # noqa: F401 (registers them)

from conftest import bearer, insert_user
from toolkit_bff import create_app
from toolkit_bff.api.openapi import DOCUMENT

# schemathesis itself draws from `random` inside its strategies, which Hypothesis reports as a
# deprecation (an error under our filterwarnings=error) only now and then: not ours to fix.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Do not use the `random` module inside strategies:hypothesis.errors.HypothesisDeprecationWarning")

# The tools have their own hostile-input corpus (jobs/test_hostile_uploads.py); this covers the data API.
schema = schemathesis.openapi.from_dict(DOCUMENT).exclude(path_regex="^/api/tools")
# What a caller can rely on: no 5xx from bad input, and status, media type, headers and body as
# documented. (Not "valid data is accepted": the document cannot say an expiry must lie ahead.)
CHECKS_RUN = CHECKS.get_by_names(["not_a_server_error", "status_code_conformance", "content_type_conformance",
                                  "response_schema_conformance", "response_headers_conformance"])
FUZZ = settings(max_examples=40, derandomize=True, database=None, deadline=None,
                suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def fuzz_app(stack_env):
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False,
                      "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"], "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"]})
    yield app
    app.extensions["db_pool"].close()


@pytest.fixture(scope="module")
def admin_headers(stack_env, make_token):
    """A signed-in admin, so the admin and owner paths are reached too; what the fuzzing changed
    (pages, its own links and pastes) is put back or removed afterwards."""
    with psycopg.connect(stack_env["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as db:
        user_id, email = insert_user(db, "fuzz", admin=True)
        yield bearer(make_token(user_id, email=email))
        db.execute("delete from auth.users where id = %s", (user_id,))
        db.execute("update public.page_settings set is_disabled = false, disable_reason = ''")


@schema.parametrize()
@FUZZ
def test_anonymous_callers_get_documented_answers(case, fuzz_app):
    case.call_and_validate(app=fuzz_app, checks=CHECKS_RUN)


# DELETE /api/me would delete the fuzzing admin itself (test_me_delete.py and test_openapi.py cover it).
@schema.exclude(method="DELETE", path="/api/me").parametrize()
@FUZZ
def test_signed_in_admins_get_documented_answers(case, fuzz_app, admin_headers):
    case.call_and_validate(app=fuzz_app, checks=CHECKS_RUN, headers=admin_headers)
