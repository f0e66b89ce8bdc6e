"""Assurance levels and sessions on the data API, with real tokens from the stack's Auth: the
password-only (aal1) token of an account with a verified factor gets 403 `mfa_required` on every
data-API route before any work, its aal2 token works, accounts without a factor keep working at
aal1, a token whose session was signed out (or whose user was deleted) gets 401, and anon and other
users stay refused as before."""

from __future__ import annotations

import io
import os
import re

import psycopg
import pytest

from conftest import bearer
from fixtures.documents import heic_photo
from fixtures.local_auth import password_session, sign_out
from toolkit_bff.pg_errors import api_error_for

DATA_API = ("me", "links", "pastes", "pages", "admin")


@pytest.fixture
def stack_app(app):
    """The BFF configured like the stack's: Auth's key set (ES256 tokens) and its admin API."""
    app.config.update(
        JWKS_URL=os.environ["TOOLKIT_JWKS_URL"],
        AUTH_URL=os.environ["TOOLKIT_AUTH_URL"],
        SERVICE_ROLE_KEY=os.environ["TOOLKIT_SERVICE_ROLE_KEY"],
    )
    return app


@pytest.fixture
def api(stack_app):
    return stack_app.test_client()


def _own_rows(api, token: str) -> dict[str, str]:
    """A private paste and a short link of the caller's, made through the API."""
    paste = api.post("/api/pastes", json={"content": "aal private", "privacy": "private"}, headers=bearer(token))
    link = api.post("/api/links", json={"url": "https://aal.example/own"}, headers=bearer(token))
    assert paste.status_code == link.status_code == 201, (paste.data, link.data)
    return {"paste_id": paste.get_json()["id"], "link_id": link.get_json()["id"], "code": link.get_json()["short_code"]}


def data_api_requests(app, values: dict[str, str]) -> list[tuple[str, str]]:
    """Every (method, url) of the data API, path parameters filled from `values`."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint.partition(".")[0] not in DATA_API:
            continue
        url = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], rule.rule)
        found += [(method, url) for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return found


# A body any write endpoint would accept or refuse with a 422: the 403 must come first.
ANY_BODY = {
    "content": "aal1 write",
    "url": "https://aal.example/aal1",
    "bio": "aal1 was here",
    "title": "aal1",
    "is_disabled": True,
}


def test_an_aal1_token_of_an_account_with_a_factor_is_refused_on_every_data_api_route(api, accounts, admin_db):
    account, aal1, aal2 = accounts("aal-user", mfa=True)
    own = _own_rows(api, aal2)
    values = {**own, "user_id": account.id, "page_key": "dashboard"}
    requests = data_api_requests(api.application, values)
    assert len(requests) >= 25  # me, links, pastes, pages, admin: every route counts
    for method, url in requests:
        response = api.open(url, method=method, json=ANY_BODY if method != "GET" else None, headers=bearer(aal1))
        assert response.status_code == 403, (method, url, response.data[:200])
        error = response.get_json()["error"]
        assert error["code"] == "mfa_required" and "authenticator app" in error["message"], (method, url)
    # Refused before any work: nothing was written, deleted or counted.
    assert admin_db.execute("select count(*) from auth.users where id = %s", (account.id,)).fetchone()[0] == 1
    assert admin_db.execute("select bio from public.profile where id = %s", (account.id,)).fetchone()[0] == ""
    assert admin_db.execute(
        "select count(*), sum(views) from public.pastes where user_id = %s", (account.id,)
    ).fetchone() == (1, 0)
    assert (
        admin_db.execute(
            "select count(*) from public.shortened_urls where user_id = %s and clicks = 0", (account.id,)
        ).fetchone()[0]
        == 1
    )
    assert admin_db.execute("select count(*) from public.page_settings where is_disabled").fetchone()[0] == 0


def test_the_aal2_token_of_the_same_account_works(api, accounts):
    account, _, aal2 = accounts("aal-user", mfa=True)
    own, headers = _own_rows(api, aal2), bearer(aal2)
    me = api.get("/api/me", headers=headers)
    assert me.status_code == 200 and me.get_json()["profile"]["id"] == account.id
    assert api.patch("/api/me/profile", json={"bio": "aal2"}, headers=headers).get_json()["profile"]["bio"] == "aal2"
    mine = api.get("/api/pastes?scope=mine", headers=headers).get_json()["pastes"]
    assert [p["id"] for p in mine] == [own["paste_id"]] and mine[0]["user_id"] == account.id
    assert api.get(f"/api/pastes/{own['paste_id']}", headers=headers).get_json()["content"] == "aal private"
    assert api.post(f"/api/pastes/{own['paste_id']}/like", headers=headers).get_json()["likes"] == 1
    assert [link["id"] for link in api.get("/api/links", headers=headers).get_json()["links"]] == [own["link_id"]]
    assert api.get("/api/pages", headers=headers).status_code == 200
    assert api.delete(f"/api/links/{own['link_id']}", headers=headers).status_code == 204
    assert api.delete("/api/me", headers=headers).status_code == 204
    assert api.get("/api/me", headers=headers).get_json()["error"]["code"] == "session_not_found"


def test_an_account_without_a_verified_factor_keeps_working_at_aal1(api, accounts):
    account, aal1, _ = accounts("aal-plain")
    headers = bearer(aal1)
    own = _own_rows(api, aal1)
    assert api.get("/api/me", headers=headers).get_json()["profile"]["id"] == account.id
    assert [p["id"] for p in api.get("/api/pastes?scope=mine", headers=headers).get_json()["pastes"]] == [
        own["paste_id"]
    ]
    assert api.get(f"/api/pastes/{own['paste_id']}", headers=headers).status_code == 200
    assert api.patch("/api/me/profile", json={"bio": "aal1 is enough"}, headers=headers).status_code == 200


def test_admins_with_a_factor_need_aal2_for_admin_powers_and_admins_without_one_do_not(api, accounts):
    _, boss_aal1, boss_aal2 = accounts("aal-boss", mfa=True, admin=True)
    _, chief_aal1, _ = accounts("aal-chief", admin=True)
    target, _, _ = accounts("aal-target")
    for method, url in (
        ("GET", "/api/admin/users"),
        ("GET", "/api/admin/pastes"),
        ("GET", "/api/admin/links"),
        ("POST", f"/api/admin/users/{target.id}/admin"),
        ("PUT", "/api/admin/pages/dashboard"),
    ):
        body = {"is_disabled": False} if method == "PUT" else None
        refused = api.open(url, method=method, json=body, headers=bearer(boss_aal1))
        assert (refused.status_code, refused.get_json()["error"]["code"]) == (403, "mfa_required"), url
        assert api.open(url, method=method, json=body, headers=bearer(boss_aal2)).status_code == 200, url
        assert api.open(url, method=method, json=body, headers=bearer(chief_aal1)).status_code == 200, url
    assert api.get("/api/me", headers=bearer(boss_aal2)).get_json()["is_admin"] is True


def test_a_disabled_page_stays_closed_to_an_admin_who_owes_the_code(api, accounts, admin_db):
    _, boss_aal1, boss_aal2 = accounts("aal-boss", mfa=True, admin=True)
    admin_db.execute("update public.page_settings set is_disabled = true where page_key = 'qr-code-generator'")
    try:
        refused = api.post("/api/tools/qr", json={"text": "hi"}, headers=bearer(boss_aal1))
        assert (refused.status_code, refused.get_json()["error"]["code"]) == (403, "page_disabled")
        assert api.post("/api/tools/qr", json={"text": "hi"}, headers=bearer(boss_aal2)).status_code == 200
    finally:
        admin_db.execute("update public.page_settings set is_disabled = false where page_key = 'qr-code-generator'")


def test_the_colour_pickers_decoding_asks_for_the_second_factor_and_a_live_session(api, accounts):
    """The one document tool for signed-in users reads the token like the data API (issue 31)."""
    _, aal1, aal2 = accounts("aal-picker", mfa=True)

    def decode(token: str):
        return api.post(
            "/api/tools/color-picker/decode",
            headers=bearer(token),
            data={"file": (io.BytesIO(heic_photo(width=64, height=48)), "IMG_0001.HEIC")},
        )

    refused = decode(aal1)
    assert (refused.status_code, refused.get_json()["error"]["code"]) == (403, "mfa_required")
    assert decode(aal2).mimetype == "image/png"
    plain, plain_aal1, _ = accounts("aal-picker-plain")
    assert decode(plain_aal1).status_code == 200
    session = password_session(plain)
    sign_out(session, "local")
    signed_out = decode(session["access_token"])
    assert (signed_out.status_code, signed_out.get_json()["error"]["code"]) == (401, "session_not_found")


def test_a_token_whose_session_was_signed_out_is_refused_with_401(api, accounts, admin_db):
    account, _, _ = accounts("aal-out", admin=True)
    other, _, _ = accounts("aal-other")
    first, second = password_session(account), password_session(account)
    assert api.get("/api/me", headers=bearer(first["access_token"])).status_code == 200
    sign_out(first, "local")  # this device only: the other session keeps working
    for method, url, body in (
        ("GET", "/api/me", None),
        ("PATCH", "/api/me/profile", {"bio": "signed out"}),
        ("DELETE", "/api/me", None),
        ("POST", f"/api/admin/users/{other.id}/admin", None),
        ("GET", "/api/pastes", None),
    ):
        response = api.open(url, method=method, json=body, headers=bearer(first["access_token"]))
        assert response.status_code == 401, (method, url, response.data[:200])
        assert response.get_json()["error"]["code"] == "session_not_found"
    assert api.get("/api/me", headers=bearer(second["access_token"])).status_code == 200
    sign_out(second, "global")
    assert api.get("/api/me", headers=bearer(second["access_token"])).status_code == 401
    # Nothing the refused calls asked for happened.
    assert admin_db.execute("select bio from public.profile where id = %s", (account.id,)).fetchone()[0] == ""
    assert admin_db.execute("select count(*) from public.user_roles where user_id = %s", (other.id,)).fetchone()[0] == 0


def test_anon_and_other_users_are_refused_as_before(api, accounts):
    owner, _, owner_aal2 = accounts("aal-owner", mfa=True)
    _, stranger_aal1, _ = accounts("aal-stranger")
    own = _own_rows(api, owner_aal2)
    public = api.post("/api/pastes", json={"content": "aal public"}, headers=bearer(owner_aal2)).get_json()["id"]
    assert api.get("/api/me").get_json()["error"]["code"] == "not_authenticated"
    for headers in ({}, bearer(stranger_aal1)):
        assert api.get(f"/api/pastes/{own['paste_id']}", headers=headers).status_code == 404
        assert api.delete(f"/api/links/{own['link_id']}", headers=headers).status_code in (401, 404)
        seen = api.get(f"/api/pastes/{public}", headers=headers).get_json()
        assert seen["content"] == "aal public" and seen["user_id"] is None  # who wrote it stays private
        recent = api.get("/api/pastes?limit=100", headers=headers).get_json()["pastes"]
        assert any(p["id"] == public for p in recent) and all(p["user_id"] is None for p in recent)
    assert api.get(f"/api/pastes/{public}", headers=bearer(owner_aal2)).get_json()["user_id"] == owner.id


def test_the_sql_guard_underneath_is_reported_as_mfa_required_too(accounts, stack_env):
    """Should an endpoint ever skip the BFF's check, SQL still refuses, and the BFF says why."""
    account, _, _ = accounts("aal-guard", mfa=True)
    claims = f'{{"sub": "{account.id}", "role": "authenticated", "aal": "aal1"}}'
    with psycopg.connect(stack_env["TOOLKIT_DATABASE_URL"]) as conn:
        conn.execute(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', %s, true)", (claims,)
        )
        with pytest.raises(psycopg.Error) as refused:
            conn.execute("select public.create_paste('written with a password alone')")
    error = api_error_for(refused.value)
    assert (error.status, error.code) == (403, "mfa_required") and "authenticator app" in error.message
