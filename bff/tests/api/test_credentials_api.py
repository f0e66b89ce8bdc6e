"""Least privilege for personal API tokens and banned users (issue 35), through the gateway with the
stack's own Auth sessions: an admin's token is never an admin (another user's link statistics need an
admin's session at aal2), a token made at aal1 stops working once its owner turns on two-step
verification, "sign out everywhere" can revoke every token, and a banned user's access token and
API tokens are refused."""

from __future__ import annotations

import os

import pytest
import requests

from conftest import bearer
from fixtures.local_auth import enrol_totp, password_session, second_step


@pytest.fixture
def gateway() -> str:
    return os.environ["TOOLKIT_PUBLIC_URL"]


def api_token(gateway: str, access_token: str, scopes: list[str], name: str = "script") -> str:
    made = requests.post(
        f"{gateway}/api/me/tokens", json={"name": name, "scopes": scopes}, headers=bearer(access_token), timeout=30
    )
    assert made.status_code == 201, made.text
    token: str = made.json()["token"]
    return token


def error_of(response: requests.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_an_admins_links_token_reads_no_one_elses_statistics_and_no_admin_route(gateway, accounts):
    _, _, boss_aal2 = accounts("cred-boss", mfa=True, admin=True)
    _, owner_token, _ = accounts("cred-owner")
    link = requests.post(
        f"{gateway}/api/links",
        json={"url": "https://cred.example/secret-destination"},
        headers=bearer(owner_token),
        timeout=30,
    )
    assert link.status_code == 201, link.text
    stats_url = f"{gateway}/api/links/{link.json()['id']}/stats"
    token = bearer(api_token(gateway, boss_aal2, ["links"]))
    refused = requests.get(stats_url, headers=token, timeout=30)
    assert error_of(refused) == (404, "not_found") and "secret-destination" not in refused.text
    for method, path in (
        ("GET", "/api/admin/users"),
        ("GET", "/api/admin/links"),
        ("PUT", "/api/admin/pages/dashboard"),
    ):
        answer = requests.request(method, f"{gateway}{path}", json={"is_disabled": True}, headers=token, timeout=30)
        assert error_of(answer) == (403, "token_scope"), path
    # The admin's own session at aal2 reads them; the token's own links stay its business.
    assert requests.get(stats_url, headers=bearer(boss_aal2), timeout=30).json()["original_url"].endswith("destination")
    assert requests.get(f"{gateway}/api/links", headers=token, timeout=30).json()["links"] == []


def test_an_admin_without_the_second_step_is_told_that_others_statistics_need_it(gateway, accounts):
    _, chief_aal1, _ = accounts("cred-chief", admin=True)
    _, owner_token, _ = accounts("cred-owner")
    link = requests.post(
        f"{gateway}/api/links", json={"url": "https://cred.example/aal1"}, headers=bearer(owner_token), timeout=30
    ).json()
    answer = requests.get(f"{gateway}/api/links/{link['id']}/stats", headers=bearer(chief_aal1), timeout=30)
    assert error_of(answer) == (403, "aal2_required") and "two-step verification" in answer.json()["error"]["message"]


def test_a_token_made_at_aal1_stops_working_once_two_step_verification_is_on(gateway, accounts):
    account, aal1, _ = accounts("cred-later-mfa")
    old = bearer(api_token(gateway, aal1, ["pastes"], name="before two-step"))
    assert requests.get(f"{gateway}/api/pastes?scope=mine", headers=old, timeout=30).status_code == 200
    enrol_totp(account)
    refused = requests.get(f"{gateway}/api/pastes?scope=mine", headers=old, timeout=30)
    assert error_of(refused) == (401, "token_reissue_required")
    assert "make a new one" in refused.json()["error"]["message"]
    written = requests.post(f"{gateway}/api/pastes", json={"content": "with an old token"}, headers=old, timeout=30)
    assert error_of(written) == (401, "token_reissue_required")
    aal2 = second_step(account, password_session(account))["access_token"]
    new = bearer(api_token(gateway, aal2, ["pastes"], name="after two-step"))
    assert requests.get(f"{gateway}/api/pastes?scope=mine", headers=new, timeout=30).status_code == 200
    listed = requests.get(f"{gateway}/api/me/tokens", headers=bearer(aal2), timeout=30).json()["tokens"]
    assert [t["name"] for t in listed] == ["after two-step", "before two-step"]


def test_every_token_can_be_revoked_at_once_by_the_account_only(gateway, accounts):
    _, owner, _ = accounts("cred-revoker")
    _, other, _ = accounts("cred-bystander")
    tokens = [bearer(api_token(gateway, owner, scopes)) for scopes in (["pastes"], ["links"], ["pastes", "links"])]
    kept = bearer(api_token(gateway, other, ["pastes"]))
    assert error_of(requests.delete(f"{gateway}/api/me/tokens", headers=tokens[0], timeout=30)) == (403, "token_scope")
    revoked = requests.delete(f"{gateway}/api/me/tokens", headers=bearer(owner), timeout=30)
    assert revoked.status_code == 200 and revoked.json() == {"revoked": 3}
    for token in tokens:
        assert error_of(requests.get(f"{gateway}/api/links", headers=token, timeout=30)) == (401, "invalid_token")
    assert requests.get(f"{gateway}/api/me/tokens", headers=bearer(owner), timeout=30).json()["tokens"] == []
    assert requests.get(f"{gateway}/api/pastes?scope=mine", headers=kept, timeout=30).status_code == 200


def ban(account_id: str, duration: str) -> None:
    """PUT /admin/users/{id} with ban_duration, through the stack's Auth, as an operator does."""
    service = os.environ["TOOLKIT_SERVICE_ROLE_KEY"]
    answer = requests.put(
        f"{os.environ['TOOLKIT_AUTH_URL']}/admin/users/{account_id}",
        json={"ban_duration": duration},
        headers={"apikey": service, "Authorization": f"Bearer {service}"},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text


def test_a_banned_users_access_token_and_api_token_are_refused(gateway, accounts, admin_db):
    account, session, _ = accounts("cred-banned")
    token = bearer(api_token(gateway, session, ["pastes", "links"]))
    assert requests.get(f"{gateway}/api/me", headers=bearer(session), timeout=30).status_code == 200
    ban(account.id, "24h")
    for method, path, body in (
        ("GET", "/api/me", None),
        ("PATCH", "/api/me/profile", {"bio": "banned"}),
        ("POST", "/api/pastes", {"content": "while banned", "privacy": "private"}),
        ("POST", "/api/me/tokens", {"name": "more", "scopes": ["links"]}),
        ("DELETE", "/api/me", None),
    ):
        answer = requests.request(method, f"{gateway}{path}", json=body, headers=bearer(session), timeout=30)
        assert error_of(answer) == (403, "user_banned"), (method, path, answer.text)
    for method, path, body in (
        ("GET", "/api/pastes?scope=mine", None),
        ("POST", "/api/links", {"url": "https://ban.example/"}),
    ):
        answer = requests.request(method, f"{gateway}{path}", json=body, headers=token, timeout=30)
        assert error_of(answer) == (403, "user_banned"), (method, path, answer.text)
    assert admin_db.execute("select count(*) from public.pastes where user_id = %s", (account.id,)).fetchone()[0] == 0
    assert admin_db.execute("select bio from public.profile where id = %s", (account.id,)).fetchone()[0] == ""
    ban(account.id, "none")
    assert requests.get(f"{gateway}/api/me", headers=bearer(session), timeout=30).status_code == 200
    assert requests.get(f"{gateway}/api/pastes?scope=mine", headers=token, timeout=30).status_code == 200
