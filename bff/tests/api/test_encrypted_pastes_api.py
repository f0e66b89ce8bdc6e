"""Encrypted pastes (issue 32) and the raw view. The ciphertext here is made as the app's browser
code makes it (features/pastes/paste-crypto.ts): AES-GCM-256, a 12-byte IV, the JSON
{v, title, language, content} as plaintext, "tk1" as additional data, all base64url in
`tk1.<iv>.<ciphertext>`; the key travels only in the link's fragment, which HTTP never sends."""

from __future__ import annotations

import base64
import json
import os
import uuid
from typing import Any

import pytest
import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

ENVELOPE_VERSION = b"tk1"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def encrypt(content: str, title: str = "", language: str = "plaintext") -> tuple[str, str]:
    """(envelope, key as it goes into the link's #fragment)."""
    key, iv = os.urandom(32), os.urandom(12)
    plaintext = json.dumps({"v": 1, "title": title, "language": language, "content": content}).encode()
    sealed = AESGCM(key).encrypt(iv, plaintext, ENVELOPE_VERSION)
    return f"tk1.{b64url(iv)}.{b64url(sealed)}", b64url(key)


def decrypt(envelope: str, key: str) -> dict[str, Any]:
    _, iv, sealed = envelope.split(".")
    opened: dict[str, Any] = json.loads(AESGCM(unb64url(key)).decrypt(unb64url(iv), unb64url(sealed), ENVELOPE_VERSION))
    return opened


@pytest.fixture
def pastes(admin_db):
    ids: list[str] = []
    yield ids
    admin_db.execute("delete from public.pastes where id = any(%s)", (ids,))


def stored(admin_db, paste_id: str):
    return admin_db.execute(
        "select content, title, language, privacy, encrypted, p::text from public.pastes p where id = %s", (paste_id,)
    ).fetchone()


def test_an_encrypted_paste_is_stored_and_returned_as_ciphertext_only(client, admin_db, pastes, make_user):
    secret = f"launch code {uuid.uuid4().hex}"
    envelope, key = encrypt(secret, title="Plans", language="python")
    owner = make_user("crypto")
    created = client.post(
        "/api/pastes", json={"content": envelope, "encrypted": True, "privacy": "private"}, headers=owner.headers
    )
    assert created.status_code == 201, created.data
    paste = created.get_json()
    pastes.append(paste["id"])
    assert (paste["encrypted"], paste["content"], paste["title"], paste["language"]) == (
        True,
        envelope,
        "",
        "plaintext",
    )
    content, title, language, privacy, encrypted, row = stored(admin_db, paste["id"])
    assert (content, title, language, privacy, encrypted) == (envelope, "", "plaintext", "private", True)
    assert secret not in row and "Plans" not in row and key not in row
    read = client.get(f"/api/pastes/{paste['id']}", headers=owner.headers).get_json()
    assert decrypt(read["content"], key) == {"v": 1, "title": "Plans", "language": "python", "content": secret}
    listed = client.get("/api/pastes?scope=mine", headers=owner.headers).get_json()["pastes"]
    assert [(p["encrypted"], p["preview"]) for p in listed] == [(True, "")]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"content": "my bank password is hunter2"}, "content"),
        ({"content": "tk1.q83vEjRWeJCrze8S.short"}, "content"),
        ({"content": "tk1.q83vEjRWeJCr.Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFy"}, "content"),
        ({"content": "ENVELOPE", "title": "Visible title"}, "title"),
        ({"content": "ENVELOPE", "language": "python"}, "language"),
        ({"content": "ENVELOPE", "privacy": "public"}, "privacy"),
    ],
)
def test_what_is_not_ciphertext_is_refused_under_the_flag_and_nothing_is_written(client, admin_db, body, field):
    envelope, _ = encrypt("x")
    sent = {**body, "content": envelope if body["content"] == "ENVELOPE" else body["content"], "encrypted": True}
    # Rows holding what was sent, not every row: tests on the other worker add and delete pastes meanwhile.
    count = "select count(*) from public.pastes where content = %s"
    before = admin_db.execute(count, (sent["content"],)).fetchone()[0]
    answer = client.post("/api/pastes", json=sent)
    assert answer.status_code == 422 and answer.get_json()["error"]["message"].startswith(field), answer.data
    assert admin_db.execute(count, (sent["content"],)).fetchone()[0] == before


def test_burn_after_read_still_burns_an_encrypted_paste(client, pastes):
    envelope, key = encrypt("read me once")
    paste = client.post(
        "/api/pastes", json={"content": envelope, "encrypted": True, "burn_after_read": True}
    ).get_json()
    pastes.append(paste["id"])
    assert decrypt(client.get(f"/api/pastes/{paste['id']}").get_json()["content"], key)["content"] == "read me once"
    assert client.get(f"/api/pastes/{paste['id']}").status_code == 404


def test_an_encrypted_paste_is_not_duplicated_on_the_server(client, pastes):
    envelope, _ = encrypt("mine only")
    paste = client.post("/api/pastes", json={"content": envelope, "encrypted": True}).get_json()
    pastes.append(paste["id"])
    answer = client.post(f"/api/pastes/{paste['id']}/duplicate")
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (422, "invalid_input")


def test_the_raw_view_is_plain_text_that_no_browser_renders(client, pastes, stack_env):
    html = "<script>alert(document.cookie)</script><h1>Not a page</h1>"
    paste = client.post("/api/pastes", json={"content": html, "privacy": "unlisted"}).get_json()
    pastes.append(paste["id"])
    answer = client.get(f"/api/pastes/{paste['id']}/raw")
    assert answer.status_code == 200 and answer.get_data(as_text=True) == html
    assert answer.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in answer.headers["Content-Security-Policy"]
    through = requests.get(f"{stack_env['TOOLKIT_PUBLIC_URL']}/api/pastes/{paste['id']}/raw", timeout=30)
    assert (through.text, through.headers["Content-Type"]) == (html, "text/plain; charset=utf-8")
    # The gateway repeats the BFF's nosniff: requests joins the two.
    assert {value.strip() for value in through.headers["X-Content-Type-Options"].split(",")} == {"nosniff"}
