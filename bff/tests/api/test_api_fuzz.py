"""The whole API fuzzed through the gateway of the test stack (schemathesis): every phase — the
document's examples, coverage (each parameter's bounds, missing and wrong-typed fields, methods the
address does not take), fuzzing (documented and deliberately invalid requests to every operation)
and the stateful phase (sequences along the document's links) — anonymous and signed in, a fixed
seed and a bounded number of examples, with every check. Whatever a caller sends, the answer is
never a server error and always as the OpenAPI document describes it: status, media type, headers
and body; what the document allows is accepted and what it forbids is refused (a 405 names the
methods the address takes), except where a rule only the server can check refuses it (below).

Each request leaves from another loopback address (fixtures/gateway_clients.py), so the per-client
limits meet the fuzzing no sooner than they would meet as many real clients. The operations are
spread over the suite's workers (scripts/stack/pytest_spread.py): each worker makes its own sessions
and users, its addresses a block of their own."""

from __future__ import annotations

import copy
import os
import re
from typing import Any

import psycopg
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import Failure
from schemathesis.core.mutations import OperatorKind
from schemathesis.core.parameters import ParameterLocation

from conftest import bearer
from fixtures.gateway_clients import clients_session, gateway_url
from fixtures.openapi_conformance import check_functions
from fixtures.qr_coverage import without_repeats
from fixtures.users import insert_user
from toolkit_bff.api.openapi import DOCUMENT
from toolkit_bff.contract.fields import SERVER_RULE

# schemathesis draws from `random` inside its strategies, which Hypothesis reports as a deprecation
# (an error under our filterwarnings=error) only now and then: not ours to fix.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Do not use the `random` module inside strategies:hypothesis.errors.HypothesisDeprecationWarning"
)

SEED = 20261125
# "all": requests the document allows and requests it does not (wrong types, missing fields, …).
# A copy: schemathesis writes the links it infers into the document it is given.
schema = schemathesis.openapi.from_dict(
    copy.deepcopy(DOCUMENT),
    config=SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "generation": {"mode": "all", "deterministic": True},
            "phases": {
                "examples": {"enabled": True},
                "coverage": {"enabled": True},
                "fuzzing": {"enabled": True},
                "stateful": {"enabled": True},
            },
            # A body past the 4 MB limit (a field far over its maxLength) is refused before it is read: 413.
            "checks": {
                "negative_data_rejection": {
                    "expected-statuses": [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429, "5XX"]
                }
            },
        }
    ),
)

# Requests the document allows that the server still refuses, each for a rule no JSON Schema can
# state; everything else the document allows must be accepted (positive_data_acceptance).
# 1. A field whose schema names its rule under x-server-rule (a date in the future, a paste's size
#    in UTF-8 bytes, a cursor this API returned, more than spaces…): a 422 naming that field.
# 2. Refusals that depend on what the server holds or reads in the content, by their code:
SERVER_REFUSALS = {
    "unsupported_file_type": "a file's real type is told from its bytes, not its name or media type",
    "empty_file": "an upload of zero bytes is valid binary",
    "invalid_image": "bytes that claim to be an image but do not decode",
    "invalid_pdf": "bytes that claim to be a PDF but do not parse",
    "image_too_large": "the pixel limit is in the image's header, not the request",
    "too_many_pages": "the page limit is in the PDF, not the request",
    "pdf_password_required": "whether a PDF is encrypted is in the PDF",
    "pdf_wrong_password": "whether a password opens the PDF is in the PDF",
    "invalid_page_range": "pages past the document's end",
    "invalid_metadata": "EXIF the image holds",
    "nothing_to_change": "an edit with no field to change (each field alone is optional)",
    "unsupported_language": "the OCR languages installed on the server",
    "unsupported_pair": "the language pairs the translation engine has",
    "language_not_detected": "text whose language cannot be told",
    "translation_rejected": "the engine's own refusal",
    "low_contrast": "the contrast of two colours, computed",
    "payload_too_long": "what fits in a QR code depends on the error correction and the characters",
    "password_too_weak": "the 10,000 most common passwords",
    "text_too_long": "the deployment's max_chars",
    "job_timeout": "a job's time on this machine",
    "job_memory_limit": "a job's memory on this machine",
    "job_cpu_limit": "a job's CPU time on this machine",
    "job_failed": "the program a job runs refused the input",
    "conversion_failed": "LibreOffice refused the document",
    "ocr_failed": "Tesseract refused the image",
    "nothing_to_redact": "no term or area found in the document",
    "too_few_files": "a merge needs two files; the upload field is one schema",
    "link_expired": "a link's expiry passed since it was made",
    "link_exhausted": "a link's clicks reached its limit",
    "office_too_many_entries": "the archive inside an office document",
    "office_too_large": "the archive inside an office document",
    "no_file_processed": "none of the photos could be cleaned (each one's own error is in the report)",
    "pdf_signed": "a signed PDF cannot get a text layer without breaking its signature",
}
# 3. SQL's refusals of a field whose rule it holds, in its own words (the field's schema names the rule).
SQL_REFUSALS = {
    r"^Only http and https links": "url: the scheme of an address (https:// is added when there is none)",
    r"^Enter a URL": "url: blank once trimmed",
    r"^This is not a valid URL": "url: an address with a host, without spaces or control characters",
    r"^Links to our own short links": "url: the deployment's own origins",
    r'^The alias ".*" is reserved': "alias: the reserved words (api, s, admin, login, …)",
    r"^Give the token a name": "name: blank once trimmed",
    r"^You have 20 API tokens": "scopes: at most 20 tokens per account",
    r"^Sign in to create private pastes": "privacy: private needs an account",
    r"^Enter some text to translate": "q: more than spaces",
    r"must stay inside the ciphertext|must be unlisted or private for an encrypted paste": "an encrypted paste keeps its title and language inside the ciphertext, and is never public",
}
# 4. The body-wide guard (json_guard.py), before any model: no text in a JSON body, field names
#    included, holds NUL or a lone surrogate (the document's description says so). A schema would
#    need a pattern on every string and name, which JSON Schema's patterns cannot say of surrogates.
GUARDED_TEXT = r"must not contain NUL characters$|must be valid Unicode text \(it holds a lone surrogate"
(POSITIVE,) = check_functions(["positive_data_acceptance"])


def _referenced(ref: str) -> dict[str, Any]:
    node: Any = DOCUMENT  # decoded JSON, walked by the reference's parts
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    assert isinstance(node, dict), ref
    return node


def _fields_with_server_rules(
    node: object, found: set[str], name: str = "", seen: frozenset[str] = frozenset()
) -> set[str]:
    """Names of the properties and parameters anywhere in an operation (its references followed)
    whose schema has x-server-rule."""
    if isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"] not in seen:
        return _fields_with_server_rules(_referenced(node["$ref"]), found, name, seen | {node["$ref"]})
    if isinstance(node, dict):
        if SERVER_RULE in node and name:
            found.add(name)
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for prop, prop_schema in value.items():
                    _fields_with_server_rules(prop_schema, found, prop, seen)
            elif key == "schema" and "name" in node:
                _fields_with_server_rules(value, found, node["name"], seen)
            else:
                _fields_with_server_rules(value, found, name if key in ("anyOf", "oneOf", "allOf") else "", seen)
    elif isinstance(node, list):
        for item in node:
            _fields_with_server_rules(item, found, name, seen)
    return found


def _refused_by_a_server_rule(response, case) -> bool:
    try:
        error = response.json()["error"]
    except (ValueError, KeyError, TypeError):
        return False
    if error.get("code") in SERVER_REFUSALS:
        return True
    if error.get("code") not in ("invalid_input", "invalid_option"):
        return False
    message = error.get("message", "")
    if re.search(GUARDED_TEXT, message):
        return True
    fields = _fields_with_server_rules(case.operation.definition.raw, set())
    return any(re.search(rf"\b{re.escape(field)}\b", message) for field in fields) or any(
        re.search(pattern, message) for pattern in SQL_REFUSALS
    )


@schemathesis.check
def positive_data_acceptance_but_server_rules(ctx, response, case):
    """positive_data_acceptance, but for the refusals listed above."""
    try:
        return POSITIVE(ctx, response, case)
    except Failure:
        if _refused_by_a_server_rule(response, case):
            return None
        raise


# Every check schemathesis has ("--checks all"), positive_data_acceptance with its listed exceptions.
ALL_CHECKS = [check for check in CHECKS.get_all() if check is not POSITIVE]
# The budget: the whole suite stays within about two minutes on two cores. Checking a username asks
# every site of the test stack's list, a slow one included (~2 s), so it gets fewer examples.
EXAMPLES, USERNAME_EXAMPLES, SEQUENCES, STEPS = 8, 2, 10, 6
USERNAME = "checkUsername"  # the operation


def fuzz(max_examples: int):
    return settings(
        max_examples=max_examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


# This worker's block of each network's addresses (gw0 → 0, gw1 → 1; a run without workers → 0).
BLOCK = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def _signed_in_session(stack_env, make_token, name: str, network: int, *, admin: bool):
    with (
        psycopg.connect(stack_env["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as db,
        clients_session(network, block=BLOCK) as session,
    ):
        user_id, email = insert_user(db, name, admin=admin)
        session.headers.update(bearer(make_token(user_id, email=email)))
        yield session
        db.execute("delete from auth.users where id = %s", (user_id,))


@pytest.fixture(scope="module")
def anonymous():
    with clients_session(41, block=BLOCK) as session:
        yield session


@pytest.fixture(scope="module")
def admin(stack_env, make_token):
    """An admin, so the admin paths are reached too (what its requests change is put back below)."""
    yield from _signed_in_session(stack_env, make_token, "fuzz-admin", 42, admin=True)


@pytest.fixture(scope="module")
def user(stack_env, make_token):
    """An ordinary user for the sequences: an admin following links from the moderation lists would
    delete pastes and links other people made."""
    yield from _signed_in_session(stack_env, make_token, "fuzz-user", 43, admin=False)


@pytest.fixture
def pages_enabled_afterwards(admin_db):
    """The admin's fuzzing may disable pages: enabled again after each operation, so the next one
    (and the anonymous sequences) reach their tools."""
    yield
    admin_db.execute("update public.page_settings set is_disabled = false, disable_reason = '' where is_disabled")


def _headers_it_removed(case) -> dict[str, None] | None:
    """A negative case that leaves out a required header (Authorization) is sent without it, the
    session's included; schemathesis does so itself only when the header is all the case changes."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_negative:
        return None
    removed = {
        mutation.parameter
        for mutation in getattr(meta.phase.data, "mutations", ())
        if mutation.parameter_location == ParameterLocation.HEADER
        and not mutation.path
        and mutation.parameter
        and mutation.parameter not in (case.headers or {})
        and (
            mutation.operator == OperatorKind.REMOVE_REQUIRED_PROPERTY
            or (mutation.operator == OperatorKind.NEGATE_CONSTRAINTS and "required" in mutation.keywords)
        )
    }
    return dict.fromkeys(removed) or None  # None drops a session header (requests)


def _call(case, session) -> None:
    case.call_and_validate(
        base_url=gateway_url(), session=session, checks=ALL_CHECKS, timeout=60, headers=_headers_it_removed(case)
    )


@schema.hooks.apply(without_repeats())
@schema.exclude(operation_id=USERNAME).parametrize()
@fuzz(EXAMPLES)
def test_anonymous_callers_get_documented_answers(case, anonymous):
    _call(case, anonymous)


@schema.include(operation_id=USERNAME).parametrize()
@fuzz(USERNAME_EXAMPLES)
def test_anonymous_username_checks_get_documented_answers(case, anonymous):
    _call(case, anonymous)


# DELETE /api/me would delete the fuzzing admin itself (test_me_delete.py and test_openapi.py cover it).
@schema.hooks.apply(without_repeats())
@schema.exclude(method="DELETE", path="/api/me").exclude(operation_id=USERNAME).parametrize()
@fuzz(EXAMPLES)
def test_signed_in_admins_get_documented_answers(case, admin, pages_enabled_afterwards):
    _call(case, admin)


@schema.include(operation_id=USERNAME).parametrize()
@fuzz(USERNAME_EXAMPLES)
def test_signed_in_username_checks_get_documented_answers(case, admin):
    _call(case, admin)


# (schemathesis makes the state machine's class from the document at run time; mypy takes no base
# class made by a call)
class Sequences(schema.as_state_machine()):  # type: ignore[misc]
    """Calls along the document's links (create a paste, then read, change, like, copy and delete it;
    create a link, then resolve and delete it), each answer checked as above."""

    session = None

    def get_call_kwargs(self, case):
        return {"base_url": gateway_url(), "session": self.session, "timeout": 60, "headers": _headers_it_removed(case)}

    def validate_response(self, response, case, additional_checks=None, **kwargs):
        case.validate_response(response, checks=ALL_CHECKS, transport_kwargs=kwargs)


SEQUENCE_SETTINGS = settings(
    max_examples=SEQUENCES,
    stateful_step_count=STEPS,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def test_anonymous_sequences_get_documented_answers(anonymous):
    class AnonymousSequences(Sequences):
        session = anonymous

    AnonymousSequences.run(settings=SEQUENCE_SETTINGS)


def test_signed_in_sequences_get_documented_answers(user):
    class SignedInSequences(Sequences):
        session = user

    SignedInSequences.run(settings=SEQUENCE_SETTINGS)
