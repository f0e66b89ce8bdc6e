"""The whole API fuzzed through the gateway of the test stack (schemathesis): the fuzzing phase
(documented and deliberately invalid requests to every operation) and the stateful phase (sequences
along the document's links), anonymous and signed in, a fixed seed and a bounded number of examples.
Whatever a caller sends, the answer is never a server error and always as the OpenAPI document
describes it: status, media type, headers and body.

Each request leaves from another loopback address (fixtures/gateway_clients.py), so the per-client
limits meet the fuzzing no sooner than they would meet as many real clients."""
from __future__ import annotations

import copy

import psycopg
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from conftest import bearer, insert_user
from fixtures.gateway_clients import clients_session, gateway_url
from fixtures.openapi_conformance import CONFORMANCE
from toolkit_bff.api.openapi import DOCUMENT

# schemathesis draws from `random` inside its strategies, which Hypothesis reports as a deprecation
# (an error under our filterwarnings=error) only now and then: not ours to fix.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Do not use the `random` module inside strategies:hypothesis.errors.HypothesisDeprecationWarning")

SEED = 20261125
# "all": requests the document allows and requests it does not (wrong types, missing fields, …).
# A copy: schemathesis writes the links it infers into the document it is given.
schema = schemathesis.openapi.from_dict(copy.deepcopy(DOCUMENT), config=SchemathesisConfig.from_dict({
    "seed": SEED, "generation": {"mode": "all", "deterministic": True},
    "phases": {"examples": {"enabled": False}, "coverage": {"enabled": False}},
}))
# The budget: the whole suite stays within about two minutes on two cores. Checking a username asks
# every site of the test stack's list, a slow one included (~2 s), so it gets fewer examples.
EXAMPLES, USERNAME_EXAMPLES, SEQUENCES, STEPS = 8, 2, 10, 6
USERNAME = {"operation_id": "checkUsername"}


def fuzz(max_examples: int):
    return settings(max_examples=max_examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))


def _signed_in_session(stack_env, make_token, name: str, network: int, *, admin: bool):
    with psycopg.connect(stack_env["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as db, \
            clients_session(network) as session:
        user_id, email = insert_user(db, name, admin=admin)
        session.headers.update(bearer(make_token(user_id, email=email)))
        yield session
        db.execute("delete from auth.users where id = %s", (user_id,))


@pytest.fixture(scope="module")
def anonymous():
    with clients_session(41) as session:
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


def _call(case, session) -> None:
    case.call_and_validate(base_url=gateway_url(), session=session, checks=CONFORMANCE, timeout=60)


@schema.exclude(**USERNAME).parametrize()
@fuzz(EXAMPLES)
def test_anonymous_callers_get_documented_answers(case, anonymous):
    _call(case, anonymous)


@schema.include(**USERNAME).parametrize()
@fuzz(USERNAME_EXAMPLES)
def test_anonymous_username_checks_get_documented_answers(case, anonymous):
    _call(case, anonymous)


# DELETE /api/me would delete the fuzzing admin itself (test_me_delete.py and test_openapi.py cover it).
@schema.exclude(method="DELETE", path="/api/me").exclude(**USERNAME).parametrize()
@fuzz(EXAMPLES)
def test_signed_in_admins_get_documented_answers(case, admin, pages_enabled_afterwards):
    _call(case, admin)


@schema.include(**USERNAME).parametrize()
@fuzz(USERNAME_EXAMPLES)
def test_signed_in_username_checks_get_documented_answers(case, admin):
    _call(case, admin)


class Sequences(schema.as_state_machine()):
    """Calls along the document's links (create a paste, then read, change, like, copy and delete it;
    create a link, then resolve and delete it), each answer checked as above."""
    session = None

    def get_call_kwargs(self, case):
        return {"base_url": gateway_url(), "session": self.session, "timeout": 60}

    def validate_response(self, response, case, additional_checks=None, **kwargs):
        case.validate_response(response, checks=CONFORMANCE, transport_kwargs=kwargs)


SEQUENCE_SETTINGS = settings(max_examples=SEQUENCES, stateful_step_count=STEPS, derandomize=True, database=None,
                             deadline=None, suppress_health_check=list(HealthCheck))


def test_anonymous_sequences_get_documented_answers(anonymous):
    type("AnonymousSequences", (Sequences,), {"session": anonymous}).run(settings=SEQUENCE_SETTINGS)


def test_signed_in_sequences_get_documented_answers(user):
    type("SignedInSequences", (Sequences,), {"session": user}).run(settings=SEQUENCE_SETTINGS)
