"""Manual identity linking: off by default (404 after authentication, as upstream); when switched on,
no provider can be enabled offline, and unlinking keeps at least one identity."""

from __future__ import annotations

import os
import uuid

from flask.testing import FlaskClient
from psycopg.types.json import Jsonb

from local_auth.json_types import JsonObject

from .support import API_2024, bearer, json_of

PASSWORD = "correct-horse-1"


def _session(client: FlaskClient, email: str) -> JsonObject:
    admin = bearer(os.environ["TOOLKIT_SERVICE_ROLE_KEY"]) | API_2024
    assert (
        client.post(
            "/admin/users", json={"email": email, "password": PASSWORD, "email_confirm": True}, headers=admin
        ).status_code
        == 200
    )
    return json_of(client.post("/token?grant_type=password", json={"email": email, "password": PASSWORD}))


def test_manual_linking_is_disabled_by_default(client, new_email):
    session = _session(client, new_email)
    auth = bearer(session["access_token"]) | API_2024
    identity = session["user"]["identities"][0]["identity_id"]
    for response in (
        client.get("/user/identities/authorize?provider=github", headers=auth),
        client.delete(f"/user/identities/{identity}", headers=auth),
    ):
        assert response.status_code == 404
        assert response.json == {"code": "manual_linking_disabled", "message": "Manual linking is disabled"}
    assert client.get("/user/identities/authorize?provider=github").status_code == 401


def test_no_provider_can_be_linked_offline(make_app, new_email):
    client = make_app(GOTRUE_SECURITY_MANUAL_LINKING_ENABLED="true").test_client()
    auth = bearer(_session(client, new_email)["access_token"]) | API_2024
    known = client.get("/user/identities/authorize?provider=github&skip_http_redirect=true", headers=auth)
    assert (known.status_code, known.json["message"]) == (400, "Unsupported provider: provider is not enabled")
    unknown = client.get("/user/identities/authorize?provider=Nope", headers=auth)
    assert unknown.json["message"] == "Unsupported provider: Provider nope could not be found"


def test_unlinking_keeps_one_identity(make_app, new_email, auth_db):
    client = make_app(GOTRUE_SECURITY_MANUAL_LINKING_ENABLED="true").test_client()
    session = _session(client, new_email)
    auth = bearer(session["access_token"]) | API_2024
    only = session["user"]["identities"][0]["identity_id"]
    single = client.delete(f"/user/identities/{only}", headers=auth)
    assert (single.status_code, single.json["code"]) == (422, "single_identity_not_deletable")
    # A second identity, as an OAuth link would have left it.
    user_id = session["user"]["id"]
    linked = auth_db.execute(
        "insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)"
        " values (%s, %s, %s, 'github', now(), now()) returning id",
        ("gh-" + uuid.uuid4().hex, user_id, Jsonb({"email": new_email})),
    ).fetchone()["id"]
    auth_db.execute(
        """update auth.users set raw_app_meta_data = '{"provider": "email", "providers": ["email", "github"]}'
                       where id = %s""",
        (user_id,),
    )
    missing = client.delete(f"/user/identities/{uuid.uuid4()}", headers=auth)
    assert (missing.status_code, missing.json["code"]) == (422, "identity_not_found")
    assert client.delete(f"/user/identities/{linked}", headers=auth).json == {}
    user = client.get("/user", headers=auth).json
    assert [i["provider"] for i in user["identities"]] == ["email"]
    assert user["app_metadata"]["providers"] == ["email"] and user["email"] == new_email
