"""Limits and one-time state hold across instances (issue 41): what one instance counted, the other
counts on; what one instance changed, the other stops serving."""

from __future__ import annotations

import uuid

import pytest
import requests

from fixtures.local_auth import PASSWORD, create_account
from fixtures.redirect_support import clicks, forget_password_tries, make_link, post_password, request, until
from fixtures.replica_stack import fixture_replicas, turns  # noqa: F401 (the replicas fixture)

INVALID_NAME = "/api/tools/username/-not-a-name"  # answered 422 without going out: only the limit counts


@pytest.fixture
def codes(admin_db):
    made: list[str] = []
    forget_password_tries(admin_db)
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (made,))
    admin_db.execute("delete from public.short_link_password_attempts where short_code = any(%s)", (made,))


def test_the_sixth_password_try_is_refused_whichever_instance_answers(replicas, admin_db, codes):
    code = make_link(admin_db, "https://replicas.example/secret", password="correct horse")
    codes.append(code)
    client = {"X-Forwarded-For": f"198.51.100.{uuid.uuid4().int % 250 + 1}"}
    for first in range(len(replicas.redirect)):  # whichever instance the sixth try meets
        forget_password_tries(admin_db)
        admin_db.execute("delete from public.short_link_password_attempts where short_code = %s", (code,))
        redirect = turns(replicas.redirect[first:] + replicas.redirect[:first])
        answers = [post_password(next(redirect), code, f"guess {i}", headers=client) for i in range(6)]
        assert [a.status for a in answers] == [403] * 5 + [429]
        # Even the right password, on either instance.
        for instance in replicas.redirect:
            assert post_password(instance, code, "correct horse", headers=client).status == 429
    assert clicks(admin_db, code) == 0


def test_a_rate_limit_counts_requests_to_every_instance(replicas):
    """10 username checks a minute per client: the eleventh is refused, five went to each instance."""
    client = {"X-Forwarded-For": f"203.0.113.{uuid.uuid4().int % 250 + 1}"}
    bff = turns(replicas.bff)
    answers = [requests.get(f"{next(bff)}{INVALID_NAME}", headers=client, timeout=10) for _ in range(11)]
    assert [a.status_code for a in answers] == [422] * 10 + [429]
    assert requests.get(f"{next(bff)}{INVALID_NAME}", headers=client, timeout=10).status_code == 429


def test_a_link_deleted_through_one_instance_stops_redirecting_on_the_other_within_a_second(replicas, admin_db):
    account = create_account("replica-link")  # through the first Auth, signed in through the second
    session = requests.post(
        f"{replicas.auth[1]}/token?grant_type=password", timeout=10, json={"email": account.email, "password": PASSWORD}
    ).json()
    user = {"Authorization": f"Bearer {session['access_token']}"}
    link = requests.post(
        f"{replicas.bff[1]}/api/links", json={"url": "https://replicas.example/soon-gone"}, headers=user, timeout=10
    ).json()
    target, other = "https://replicas.example/soon-gone", replicas.redirect[1]
    # Cached by the other instance's workers (each keeps its own cache).
    assert {request(other, f"/s/{link['short_code']}").location for _ in range(6)} == {target}
    deleted = requests.delete(f"{replicas.bff[0]}/api/links/{link['id']}", headers=user, timeout=10)
    assert deleted.status_code == 204

    def gone() -> bool:
        return all(request(other, f"/s/{link['short_code']}").location != target for _ in range(4))

    assert until(gone, within=1.0)
