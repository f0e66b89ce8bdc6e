"""/api/pastes through the Flask test client against the real test Postgres: what callers notice.

Who may do what is decided in SQL (RLS and the paste functions); these tests check it from the
outside, for the owner, another user and an anonymous caller (with or without an edit token)."""

from __future__ import annotations

import base64
import json
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask.testing import FlaskClient
from psycopg.rows import dict_row
from werkzeug.test import TestResponse

from conftest import User
from fixtures.database import AdminDb
from fixtures.tools_support import assert_json_error
from toolkit_bff.api import pastes as pastes_api

PASTE_KEYS = [
    "id",
    "title",
    "content",
    "language",
    "privacy",
    "user_id",
    "created_at",
    "updated_at",
    "expires_at",
    "burn_after_read",
    "views",
    "likes",
    "encrypted",
]
LIST_KEYS = {*PASTE_KEYS, "preview", "size"} - {"content"}
MAX_BYTES = 512 * 1024
NOT_AUTHORIZED_TO_DELETE = "You are not authorized to delete this paste."


def missing_id() -> str:
    return uuid.uuid4().hex[:12]  # the right shape; new ids have 10 characters, so never one of them


def in_the(days: float) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat().replace("+00:00", "Z")


def when(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


class Pastes:
    """Creates pastes through the API and remembers them, so anonymous ones (no owner to cascade
    from) are removed after the test; reads rows the way the database holds them."""

    def __init__(self, client: FlaskClient, admin_db: AdminDb) -> None:
        self.client, self.admin_db = client, admin_db
        self.ids: list[str] = []

    def create(self, user: User | None = None, **fields: object) -> dict[str, Any]:
        fields.setdefault("content", "print('hello')")
        response = self.client.post("/api/pastes", json=fields, headers=user.headers if user else {})
        assert response.status_code == 201, response.data[:300]
        return self.track(response.get_json())

    def track(self, paste: dict[str, Any]) -> dict[str, Any]:
        self.ids.append(paste["id"])
        return paste

    def insert(self, owner: User, **columns: object) -> str:
        """A row written directly (e.g. already expired: only updates are checked by the trigger)."""
        columns = {"content": "inserted", "user_id": owner.id, **columns}
        names = ", ".join(columns)
        values = ", ".join(f"%({name})s" for name in columns)
        row = self.admin_db.execute(
            f"insert into public.pastes ({names}) values ({values}) returning id", columns
        ).fetchone()
        assert row, "insert … returning gives a row"
        paste_id: str = row[0]
        self.ids.append(paste_id)
        return paste_id

    def row(self, paste_id: str) -> dict[str, Any] | None:
        with self.admin_db.cursor(row_factory=dict_row) as cur:
            return cur.execute("select * from public.pastes where id = %s", (paste_id,)).fetchone()


@pytest.fixture
def pastes(client, admin_db):
    made = Pastes(client, admin_db)
    yield made
    if made.ids:
        admin_db.execute("delete from public.pastes where id = any(%s)", (made.ids,))


def recent(client: FlaskClient, headers: dict[str, str] | None = None, **params: object) -> dict[str, Any]:
    response = client.get("/api/pastes", query_string={"scope": "recent", **params}, headers=headers or {})
    assert response.status_code == 200, response.data[:300]
    page: dict[str, Any] = response.get_json()
    return page


def ids_of(page: dict[str, Any]) -> list[str]:
    return [item["id"] for item in page["pastes"]]


# --- POST /api/pastes ------------------------------------------------------------------------
def test_signed_in_author_owns_the_paste_and_gets_no_edit_token(client, make_user):
    alice = make_user("alice")
    response = client.post("/api/pastes", json={"content": "print('hi')"}, headers=alice.headers)
    assert response.status_code == 201
    paste = response.get_json()
    assert list(paste) == PASTE_KEYS
    assert paste["user_id"] == alice.id
    assert paste["content"] == "print('hi')"
    assert (paste["title"], paste["language"], paste["privacy"]) == ("", "plaintext", "public")
    assert (paste["views"], paste["likes"], paste["burn_after_read"], paste["expires_at"]) == (0, 0, False, None)
    assert paste["created_at"] == paste["updated_at"]
    assert len(paste["id"]) == 10 and paste["id"].isalnum()


def test_every_field_is_stored_as_sent(pastes, make_user):
    alice = make_user("alice")
    expires = in_the(2)
    paste = pastes.create(
        alice,
        content="fn main() {}\n",
        title="Hello Rust",
        language="rust",
        privacy="unlisted",
        expires_at=expires,
        burn_after_read=True,
    )
    assert paste["title"] == "Hello Rust" and paste["language"] == "rust" and paste["privacy"] == "unlisted"
    assert paste["burn_after_read"] is True
    assert when(paste["expires_at"]) == when(expires)
    row = pastes.row(paste["id"])
    assert row["content"] == "fn main() {}\n" and row["expires_at"] == when(expires)


def test_anonymous_author_gets_an_edit_token_once_and_it_works(client, pastes):
    paste = pastes.create(content="anonymous words")
    token = paste["edit_token"]
    assert paste["user_id"] is None and isinstance(token, str) and len(token) >= 32
    assert list(paste) == [*PASTE_KEYS, "edit_token"]
    # Only a hash is stored, and reading the paste never shows the token again.
    assert token not in (pastes.row(paste["id"])["edit_token_hash"] or "")
    read = client.get(f"/api/pastes/{paste['id']}")
    assert read.status_code == 200 and "edit_token" not in read.get_json()
    assert token.encode() not in read.data

    edited = client.patch(f"/api/pastes/{paste['id']}", json={"title": "Mine"}, headers={"X-Edit-Token": token})
    assert edited.status_code == 200 and edited.get_json()["title"] == "Mine"
    deleted = client.delete(f"/api/pastes/{paste['id']}", headers={"X-Edit-Token": token})
    assert deleted.status_code == 204
    assert pastes.row(paste["id"]) is None


def test_content_of_exactly_512_kb_is_accepted(pastes, make_user):
    paste = pastes.create(make_user("big"), content="x" * MAX_BYTES)
    assert len(paste["content"]) == MAX_BYTES


@pytest.mark.parametrize(
    "content, message",
    [
        (" \n\t \n", "content must have some text: a paste of only spaces or blank lines is empty"),
        ("x" * (MAX_BYTES + 2048), "content is 514 KB; a paste holds at most 512 KB of text"),
    ],
)
def test_empty_or_too_long_content_is_refused_in_words_a_person_can_act_on(client, content, message):
    response = client.post("/api/pastes", json={"content": content})
    assert response.status_code == 422 and response.get_json()["error"]["message"] == message


@pytest.mark.parametrize(
    "fields, named",
    [
        ({"content": ""}, "content"),
        ({"content": "x" * (MAX_BYTES + 1)}, "content"),
        ({"content": "é" * (MAX_BYTES // 2 + 1)}, "content"),  # few characters, too many UTF-8 bytes
        ({"content": 42}, "content"),
        ({"title": "no content"}, "content"),
        ({"content": "a\u0000b"}, "content"),  # Postgres text cannot hold NUL
        ({"privacy": "secret"}, "privacy"),
        ({"privacy": "PUBLIC"}, "privacy"),
        ({"language": "Python"}, "language"),
        ({"language": ""}, "language"),
        ({"language": "a" * 33}, "language"),
        ({"title": "t" * 201}, "title"),
        ({"title": None}, "title"),
        ({"expires_at": "2020-01-01T00:00:00Z"}, "expires_at"),
        ({"expires_at": "2999-01-01T00:00:00"}, "expires_at"),  # no time zone
        ({"expires_at": "next week"}, "expires_at"),
        ({"expires_at": 1893456000}, "expires_at"),
        ({"burn_after_read": "yes"}, "burn_after_read"),
    ],
)
def test_invalid_fields_are_422_naming_the_field(client, make_user, fields, named):
    body = fields if named == "content" else {"content": "print(1)", **fields}
    # Raw UTF-8, as browsers send it (escaped, the multibyte case would pass the 1 MB body limit).
    response = client.post(
        "/api/pastes",
        data=json.dumps(body, ensure_ascii=False).encode(),
        content_type="application/json",
        headers=make_user("author").headers,
    )
    error = assert_json_error(response, 422, "invalid_input")
    assert named in error["message"]


def test_bodies_over_the_data_api_limit_are_413(app, client, pastes, make_user):
    alice = make_user("alice")
    paste = pastes.create(alice)
    app.config["DATA_MAX_BODY_BYTES"] = 1024
    big = {"content": "x" * 2048}
    assert_json_error(client.post("/api/pastes", json=big, headers=alice.headers), 413, "request_entity_too_large")
    assert_json_error(
        client.patch(f"/api/pastes/{paste['id']}", json=big, headers=alice.headers), 413, "request_entity_too_large"
    )
    assert pastes.row(paste["id"])["content"] == paste["content"]


def test_anonymous_private_paste_is_refused(client):
    error = assert_json_error(
        client.post("/api/pastes", json={"content": "x", "privacy": "private"}), 422, "invalid_input"
    )
    assert "private" in error["message"].lower()


@pytest.mark.parametrize("field", ["views", "likes", "user_id", "id", "edit_token", "role"])
def test_fields_that_cannot_be_set_are_unknown(client, make_user, field):
    response = client.post("/api/pastes", json={"content": "x", field: 5}, headers=make_user().headers)
    error = assert_json_error(response, 422, "unknown_field")
    assert field in error["message"]


def test_malformed_json_is_400_and_other_media_types_415(client):
    sent = client.post("/api/pastes", data=b'{"content": "x"', content_type="application/json")
    assert_json_error(sent, 400, "invalid_json")
    assert_json_error(client.post("/api/pastes", json=["content", "x"]), 400, "invalid_json")
    assert_json_error(client.post("/api/pastes", data={"content": "x"}), 415, "unsupported_media_type")


def test_an_invalid_access_token_is_401_not_an_anonymous_paste(client):
    response = client.post("/api/pastes", json={"content": "x"}, headers={"Authorization": "Bearer not.a.jwt"})
    assert_json_error(response, 401, "invalid_token")


# --- GET /api/pastes -------------------------------------------------------------------------
def test_recent_lists_ten_public_pastes_newest_first(client, pastes, make_user):
    alice = make_user("alice")
    created = [pastes.create(alice, title=f"#{n}")["id"] for n in range(11)]
    page = recent(client)  # SPEC §9: 10 recent public pastes, newest first
    assert len(page["pastes"]) == 10 and page["next_cursor"]
    mine = [paste_id for paste_id in ids_of(page) if paste_id in created]
    # Tests beside this one publish pastes too: theirs may come between alice's, which are still the
    # newest of hers, newest first, with none skipped.
    assert mine and mine == created[::-1][: len(mine)]
    stamps = [when(item["created_at"]) for item in page["pastes"]]
    assert stamps == sorted(stamps, reverse=True)


def test_cursor_pagination_has_no_overlap_and_no_gap(client, pastes, make_user):
    alice = make_user("alice")
    created = [pastes.create(alice, title=f"#{n}")["id"] for n in range(7)]
    seen: list[str] = []
    cursor, pages = None, 0
    while not set(created) <= set(seen):
        page = recent(client, limit=3, **({"cursor": cursor} if cursor else {}))
        assert len(page["pastes"]) <= 3
        seen += ids_of(page)
        cursor, pages = page["next_cursor"], pages + 1
        assert cursor or set(created) <= set(seen)
    assert len(seen) == len(set(seen)), "a paste came on two pages"
    assert [paste_id for paste_id in seen if paste_id in created] == created[::-1]
    assert pages >= 3


def test_recent_leaves_out_unlisted_private_burn_after_read_and_expired(client, pastes, make_user):
    alice = make_user("alice")
    hidden = [
        pastes.create(alice, privacy="unlisted")["id"],
        pastes.create(alice, privacy="private")["id"],
        pastes.create(alice, burn_after_read=True)["id"],
        pastes.create(privacy="unlisted")["id"],
        pastes.insert(alice, expires_at=datetime.now(UTC) - timedelta(minutes=1)),
    ]
    shown = pastes.create(alice)["id"]
    headers: dict[str, str]
    for headers in ({}, alice.headers):  # the owner too: recent is the public list
        listed = ids_of(recent(client, headers, limit=100))
        assert shown in listed
        assert not set(hidden) & set(listed)


def test_list_items_carry_a_preview_and_the_size_but_not_the_content(client, pastes, make_user):
    content = "é" * 300
    paste = pastes.create(make_user(), content=content)
    item = next(item for item in recent(client, limit=100)["pastes"] if item["id"] == paste["id"])
    assert set(item) == LIST_KEYS
    assert item["preview"] == content[:280] and item["size"] == 300


@pytest.mark.parametrize(
    "params, named",
    [
        ({"limit": "0"}, "limit"),
        ({"limit": "101"}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"scope": "all"}, "scope"),
        ({"cursor": "!!!"}, "cursor"),
        ({"cursor": base64.urlsafe_b64encode(b"[1, 2]").decode()}, "cursor"),
        (
            {
                "cursor": base64.urlsafe_b64encode(
                    json.dumps(["2030-01-01T00:00:00+00:00", "a\u0000b"]).encode()
                ).decode()
            },
            "cursor",
        ),
    ],
)
def test_bad_list_parameters_are_422_naming_them(client, params, named):
    error = assert_json_error(client.get("/api/pastes", query_string=params), 422, "invalid_input")
    assert named in error["message"]


def test_limit_bounds_are_one_and_a_hundred(client, admin_db, make_user):
    """With more than 100 public pastes, limit=100 gives exactly 100 and a cursor to the rest (a
    `<= 100` check passed whatever the limit did)."""
    alice = make_user()
    admin_db.execute(
        "insert into public.pastes (content, user_id) select 'bulk ' || n, %s from generate_series(1, 101) as n",
        (alice.id,),
    )
    assert len(recent(client, limit=1)["pastes"]) == 1
    page = recent(client, limit=100)
    assert len(page["pastes"]) == 100 and page["next_cursor"]


def test_mine_needs_a_sign_in(client):
    assert_json_error(client.get("/api/pastes?scope=mine"), 401, "not_authenticated")


def test_mine_lists_all_the_callers_pastes_and_nobody_elses(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    own = [pastes.create(alice, privacy=privacy)["id"] for privacy in ("public", "unlisted", "private")]
    own.append(pastes.create(alice, burn_after_read=True)["id"])
    others = [pastes.create(bob)["id"], pastes.create(bob, privacy="private")["id"], pastes.create()["id"]]
    response = client.get("/api/pastes?scope=mine", headers=alice.headers)
    assert response.status_code == 200
    page = response.get_json()
    assert ids_of(page) == own[::-1] and page["next_cursor"] is None
    assert not set(others) & set(ids_of(page))
    assert {item["user_id"] for item in page["pastes"]} == {alice.id}


# --- GET /api/pastes/{id} and /raw -----------------------------------------------------------
def test_each_read_counts_exactly_one_view(client, pastes, make_user):
    paste = pastes.create(make_user())
    for expected in (1, 2):
        response = client.get(f"/api/pastes/{paste['id']}")
        assert response.status_code == 200
        body = response.get_json()
        assert list(body) == PASTE_KEYS and body["views"] == expected
    assert pastes.row(paste["id"])["views"] == 2
    # Counting views is not an edit.
    assert body["updated_at"] == paste["updated_at"]


def test_raw_is_the_content_as_plain_text_and_counts_a_view(client, pastes, make_user):
    content = "line one\n\tline two — ünïcode ✓\n<script>alert(1)</script>\n"
    paste = pastes.create(make_user(), content=content)
    response = client.get(f"/api/pastes/{paste['id']}/raw")
    assert response.status_code == 200
    assert response.mimetype == "text/plain" and response.mimetype_params.get("charset") == "utf-8"
    assert response.get_data(as_text=True) == content
    assert response.headers["Cache-Control"] == "no-store"
    assert pastes.row(paste["id"])["views"] == 1


def test_unlisted_pastes_are_readable_by_id_by_anyone(client, pastes, make_user):
    paste = pastes.create(make_user("alice"), privacy="unlisted")
    headers: dict[str, str]
    for headers in ({}, make_user("bob").headers):
        response = client.get(f"/api/pastes/{paste['id']}", headers=headers)
        assert response.status_code == 200 and response.get_json()["content"] == paste["content"]


def test_private_pastes_are_404_for_everyone_but_the_owner_like_a_missing_id(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    paste = pastes.create(alice, privacy="private", content="secret")
    assert client.get(f"/api/pastes/{paste['id']}", headers=alice.headers).status_code == 200
    missing = client.get(f"/api/pastes/{missing_id()}")
    assert_json_error(missing, 404, "not_found")
    headers: dict[str, str]
    for headers in ({}, bob.headers):
        for suffix in ("", "/raw"):
            refused = client.get(f"/api/pastes/{paste['id']}{suffix}", headers=headers)
            assert refused.status_code == 404 and refused.get_json() == missing.get_json()
            assert b"secret" not in refused.data
    assert pastes.row(paste["id"])["views"] == 1  # refused reads count nothing


def test_expired_pastes_are_404_even_for_their_owner(client, pastes, make_user):
    alice = make_user("alice")
    paste_id = pastes.insert(alice, expires_at=datetime.now(UTC) - timedelta(seconds=1))
    for suffix in ("", "/raw"):
        assert_json_error(client.get(f"/api/pastes/{paste_id}{suffix}", headers=alice.headers), 404, "not_found")
    assert_json_error(client.post(f"/api/pastes/{paste_id}/like", headers=alice.headers), 404, "not_found")
    assert_json_error(client.post(f"/api/pastes/{paste_id}/duplicate", headers=alice.headers), 404, "not_found")
    response = client.patch(f"/api/pastes/{paste_id}", json={"title": "revived"}, headers=alice.headers)
    assert_json_error(response, 404, "not_found")


def test_burn_after_read_is_gone_after_the_first_read_by_someone_else(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    paste = pastes.create(alice, content="read me once", burn_after_read=True)
    first = client.get(f"/api/pastes/{paste['id']}", headers=bob.headers)
    assert first.status_code == 200 and first.get_json()["content"] == "read me once"
    assert_json_error(client.get(f"/api/pastes/{paste['id']}", headers=bob.headers), 404, "not_found")
    assert_json_error(client.get(f"/api/pastes/{paste['id']}", headers=alice.headers), 404, "not_found")
    assert pastes.row(paste["id"]) is None


def test_the_owners_reads_do_not_burn(client, pastes, make_user):
    alice = make_user("alice")
    paste = pastes.create(alice, content="still here", burn_after_read=True)
    for views in (1, 2):
        response = client.get(f"/api/pastes/{paste['id']}", headers=alice.headers)
        assert response.status_code == 200 and response.get_json()["views"] == views
    raw = client.get(f"/api/pastes/{paste['id']}/raw")  # anonymous: this one burns it
    assert raw.status_code == 200 and raw.get_data(as_text=True) == "still here"
    assert_json_error(client.get(f"/api/pastes/{paste['id']}/raw"), 404, "not_found")


@pytest.mark.parametrize("paste_id", ["abc%00def", "short", "x" * 33, "has-dash1"])
def test_ids_the_table_cannot_hold_are_404(client, make_user, paste_id):
    alice = make_user()
    assert_json_error(client.get(f"/api/pastes/{paste_id}"), 404, "not_found")
    assert_json_error(client.get(f"/api/pastes/{paste_id}/raw"), 404, "not_found")
    assert_json_error(
        client.patch(f"/api/pastes/{paste_id}", json={"title": "x"}, headers=alice.headers), 404, "not_found"
    )
    assert_json_error(client.delete(f"/api/pastes/{paste_id}", headers=alice.headers), 404, "not_found")
    assert_json_error(client.post(f"/api/pastes/{paste_id}/like", headers=alice.headers), 404, "not_found")
    assert_json_error(client.post(f"/api/pastes/{paste_id}/duplicate"), 404, "not_found")


# --- PATCH /api/pastes/{id} -------------------------------------------------------------------
def test_the_owner_changes_fields_and_updated_at_moves(client, pastes, make_user):
    alice = make_user("alice")
    paste = pastes.create(alice, content="v1", title="One")
    expires = in_the(1)
    response = client.patch(
        f"/api/pastes/{paste['id']}",
        headers=alice.headers,
        json={
            "content": "v2",
            "title": "Two",
            "language": "python",
            "privacy": "private",
            "expires_at": expires,
            "burn_after_read": True,
        },
    )
    assert response.status_code == 200
    changed = response.get_json()
    assert list(changed) == PASTE_KEYS
    assert (changed["content"], changed["title"], changed["language"], changed["privacy"]) == (
        "v2",
        "Two",
        "python",
        "private",
    )
    assert changed["burn_after_read"] is True and when(changed["expires_at"]) == when(expires)
    assert when(changed["created_at"]) == when(paste["created_at"])
    assert when(changed["updated_at"]) > when(paste["updated_at"])
    assert (changed["id"], changed["user_id"], changed["views"], changed["likes"]) == (paste["id"], alice.id, 0, 0)
    assert client.get(f"/api/pastes/{paste['id']}", headers=alice.headers).get_json()["content"] == "v2"


def test_the_owner_clears_the_expiry_with_null_but_cannot_set_a_past_one(client, pastes, make_user):
    alice = make_user("alice")
    paste = pastes.create(alice, expires_at=in_the(1))
    url = f"/api/pastes/{paste['id']}"
    cleared = client.patch(url, json={"expires_at": None}, headers=alice.headers)
    assert cleared.status_code == 200 and cleared.get_json()["expires_at"] is None
    error = assert_json_error(
        client.patch(url, json={"expires_at": "2001-01-01T00:00:00+02:00"}, headers=alice.headers), 422, "invalid_input"
    )
    assert "expires_at" in error["message"]
    assert pastes.row(paste["id"])["expires_at"] is None


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({}, 422, "invalid_input"),
        ({"content": ""}, 422, "invalid_input"),
        ({"content": None}, 422, "invalid_input"),
        ({"privacy": "hidden"}, 422, "invalid_input"),
        ({"role": "admin"}, 422, "unknown_field"),
        ({"user_id": str(uuid.uuid4())}, 422, "unknown_field"),
        ({"views": 1000}, 422, "unknown_field"),
        ({"likes": 1000, "title": "x"}, 422, "unknown_field"),
    ],
)
def test_bad_changes_are_refused_and_change_nothing(client, pastes, make_user, body, status, code):
    alice = make_user("alice")
    paste = pastes.create(alice, title="Same")
    before = pastes.row(paste["id"])
    assert_json_error(client.patch(f"/api/pastes/{paste['id']}", json=body, headers=alice.headers), status, code)
    assert pastes.row(paste["id"]) == before


def test_patch_bodies_must_be_json_objects(client, pastes, make_user):
    alice = make_user("alice")
    url = f"/api/pastes/{pastes.create(alice)['id']}"
    assert_json_error(
        client.patch(url, data=b"{", content_type="application/json", headers=alice.headers), 400, "invalid_json"
    )
    assert_json_error(client.patch(url, data={"title": "x"}, headers=alice.headers), 415, "unsupported_media_type")


def test_another_user_gets_403_on_a_public_paste_and_404_on_a_private_one(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    public = pastes.create(alice, title="Alice's")
    private = pastes.create(alice, title="Alice's secret", privacy="private")
    refused = client.patch(f"/api/pastes/{public['id']}", json={"title": "Bob's"}, headers=bob.headers)
    error = assert_json_error(refused, 403, "forbidden")
    assert error["message"] == "You are not authorized to change this paste."
    missing = client.patch(f"/api/pastes/{missing_id()}", json={"title": "Bob's"}, headers=bob.headers)
    hidden = client.patch(f"/api/pastes/{private['id']}", json={"title": "Bob's"}, headers=bob.headers)
    assert_json_error(hidden, 404, "not_found")
    assert hidden.get_json() == missing.get_json()
    assert pastes.row(public["id"])["title"] == "Alice's"
    assert pastes.row(private["id"])["title"] == "Alice's secret"


def test_changing_without_sign_in_or_edit_token_is_401(client, pastes):
    paste = pastes.create()
    response = client.patch(f"/api/pastes/{paste['id']}", json={"title": "x"})
    assert_json_error(response, 401, "not_authenticated")


def test_edit_tokens_change_only_their_own_anonymous_paste(client, pastes, make_user):
    paste, other = pastes.create(title="Mine"), pastes.create(title="Other")
    owned = pastes.create(make_user("alice"), title="Alice's")
    url = f"/api/pastes/{paste['id']}"
    for token in ("wrong-token", other["edit_token"], "not a token!", "a\u0000b"):
        response = client.patch(url, json={"title": "Hijacked"}, headers={"X-Edit-Token": token})
        assert_json_error(response, 403, "forbidden")
    response = client.patch(
        f"/api/pastes/{owned['id']}", json={"title": "Hijacked"}, headers={"X-Edit-Token": paste["edit_token"]}
    )
    assert_json_error(response, 403, "forbidden")
    response = client.patch(
        f"/api/pastes/{missing_id()}", json={"title": "x"}, headers={"X-Edit-Token": paste["edit_token"]}
    )
    assert_json_error(response, 404, "not_found")
    assert [pastes.row(p["id"])["title"] for p in (paste, other, owned)] == ["Mine", "Other", "Alice's"]


def test_an_edit_token_cannot_make_a_paste_private(client, pastes):
    paste = pastes.create()
    response = client.patch(
        f"/api/pastes/{paste['id']}", json={"privacy": "private"}, headers={"X-Edit-Token": paste["edit_token"]}
    )
    assert_json_error(response, 422, "invalid_input")
    assert pastes.row(paste["id"])["privacy"] == "public"


def test_an_edit_token_changes_every_field_it_is_sent(client, pastes):
    paste = pastes.create(content="v1", expires_at=in_the(1))
    expires = in_the(3)
    response = client.patch(
        f"/api/pastes/{paste['id']}",
        headers={"X-Edit-Token": paste["edit_token"]},
        json={"content": "v2", "language": "go", "privacy": "unlisted", "expires_at": expires},
    )
    assert response.status_code == 200
    changed = response.get_json()
    assert list(changed) == PASTE_KEYS and "edit_token" not in changed
    assert (changed["content"], changed["language"], changed["privacy"]) == ("v2", "go", "unlisted")
    assert when(changed["expires_at"]) == when(expires) and changed["title"] == paste["title"]
    assert when(changed["updated_at"]) > when(paste["updated_at"])


# --- DELETE /api/pastes/{id} ------------------------------------------------------------------
def test_the_owner_deletes_and_the_paste_is_gone(client, pastes, make_user):
    alice = make_user("alice")
    paste = pastes.create(alice)
    response = client.delete(f"/api/pastes/{paste['id']}", headers=alice.headers)
    assert response.status_code == 204 and response.data == b""
    assert_json_error(client.get(f"/api/pastes/{paste['id']}", headers=alice.headers), 404, "not_found")
    assert_json_error(client.delete(f"/api/pastes/{paste['id']}", headers=alice.headers), 404, "not_found")


def test_only_the_owner_may_delete_an_owned_paste(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    paste = pastes.create(alice)
    response = client.delete(f"/api/pastes/{paste['id']}", headers=bob.headers)
    error = assert_json_error(response, 403, "forbidden")
    assert error["message"] == NOT_AUTHORIZED_TO_DELETE  # SPEC §5/§8
    assert_json_error(client.delete(f"/api/pastes/{paste['id']}"), 401, "not_authenticated")
    assert pastes.row(paste["id"]) is not None


def test_anonymous_pastes_are_deleted_with_their_edit_token_only(client, pastes, make_user):
    paste = pastes.create()
    url = f"/api/pastes/{paste['id']}"
    assert_json_error(client.delete(url, headers={"X-Edit-Token": "wrong-token"}), 403, "forbidden")
    assert_json_error(client.delete(url, headers=make_user("bob").headers), 403, "forbidden")
    assert pastes.row(paste["id"]) is not None
    assert client.delete(url, headers={"X-Edit-Token": paste["edit_token"]}).status_code == 204
    assert pastes.row(paste["id"]) is None
    assert_json_error(client.delete(url, headers={"X-Edit-Token": paste["edit_token"]}), 404, "not_found")


# --- Likes -----------------------------------------------------------------------------------
def test_likes_need_a_sign_in(client, pastes):
    paste = pastes.create()
    assert_json_error(client.post(f"/api/pastes/{paste['id']}/like"), 401, "not_authenticated")
    assert_json_error(client.delete(f"/api/pastes/{paste['id']}/like"), 401, "not_authenticated")


def test_one_like_per_user_counted_once_and_unliked_back(client, pastes, make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    paste = pastes.create(alice)
    url = f"/api/pastes/{paste['id']}/like"

    def answer(response: TestResponse) -> dict[str, Any]:
        assert response.status_code == 200, response.data[:300]
        body: dict[str, Any] = response.get_json()
        return body

    assert answer(client.post(url, headers=bob.headers)) == {
        "id": paste["id"],
        "likes": 1,
        "liked": True,
        "counted": True,
    }
    assert answer(client.post(url, headers=bob.headers)) == {
        "id": paste["id"],
        "likes": 1,
        "liked": True,
        "counted": False,
    }
    assert answer(client.post(url, headers=carol.headers))["likes"] == 2
    assert answer(client.delete(url, headers=bob.headers)) == {
        "id": paste["id"],
        "likes": 1,
        "liked": False,
        "counted": True,
    }
    assert answer(client.delete(url, headers=bob.headers)) == {
        "id": paste["id"],
        "likes": 1,
        "liked": False,
        "counted": False,
    }
    read = client.get(f"/api/pastes/{paste['id']}").get_json()
    assert read["likes"] == 1 and read["updated_at"] == paste["updated_at"]  # likes are not edits


def test_liking_a_private_paste_of_someone_else_is_404(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    paste = pastes.create(alice, privacy="private")
    missing = client.post(f"/api/pastes/{missing_id()}/like", headers=bob.headers)
    assert_json_error(missing, 404, "not_found")
    for method in ("post", "delete"):
        refused = getattr(client, method)(f"/api/pastes/{paste['id']}/like", headers=bob.headers)
        assert refused.status_code == 404 and refused.get_json() == missing.get_json()
    assert pastes.row(paste["id"])["likes"] == 0
    own = client.post(f"/api/pastes/{paste['id']}/like", headers=alice.headers)
    assert own.status_code == 200 and own.get_json()["likes"] == 1


# --- Duplicate -------------------------------------------------------------------------------
def test_a_duplicate_is_a_fresh_copy_owned_by_the_caller(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    source = pastes.create(alice, title="Notes", content="abc", language="markdown", privacy="unlisted")
    client.get(f"/api/pastes/{source['id']}")
    client.post(f"/api/pastes/{source['id']}/like", headers=alice.headers)
    response = client.post(f"/api/pastes/{source['id']}/duplicate", headers=bob.headers)
    assert response.status_code == 201
    copy = pastes.track(response.get_json())
    assert list(copy) == PASTE_KEYS  # signed in: no edit token
    assert copy["id"] != source["id"] and copy["user_id"] == bob.id
    assert copy["title"] == "Notes (Copy)"
    assert (copy["content"], copy["language"], copy["privacy"]) == ("abc", "markdown", "unlisted")
    assert (copy["views"], copy["likes"]) == (0, 0)
    assert pastes.row(source["id"])["views"] == 1  # duplicating is not a view


def test_an_anonymous_duplicate_gets_its_own_edit_token(client, pastes, make_user):
    source = pastes.create(make_user("alice"), title="t" * 200)
    response = client.post(f"/api/pastes/{source['id']}/duplicate")
    assert response.status_code == 201
    copy = pastes.track(response.get_json())
    assert copy["user_id"] is None and copy["edit_token"]
    assert len(copy["title"]) == 200 and copy["title"].endswith(" (Copy)")
    edited = client.patch(
        f"/api/pastes/{copy['id']}", json={"title": "Mine now"}, headers={"X-Edit-Token": copy["edit_token"]}
    )
    assert edited.status_code == 200


def test_private_and_burn_after_read_pastes_are_not_duplicated_by_others(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    private = pastes.create(alice, privacy="private")
    burning = pastes.create(alice, burn_after_read=True, content="once")
    for paste in (private, burning):
        headers: dict[str, str]
        for headers in ({}, bob.headers):
            response = client.post(f"/api/pastes/{paste['id']}/duplicate", headers=headers)
            assert_json_error(response, 404, "not_found")
    # Refused duplicates did not burn it; the owner may duplicate their own private paste.
    assert client.get(f"/api/pastes/{burning['id']}", headers=bob.headers).get_json()["content"] == "once"
    own = client.post(f"/api/pastes/{private['id']}/duplicate", headers=alice.headers)
    assert own.status_code == 201
    copy = pastes.track(own.get_json())
    assert copy["privacy"] == "private" and copy["user_id"] == alice.id
    assert_json_error(client.post(f"/api/pastes/{missing_id()}/duplicate"), 404, "not_found")


# --- Row-level security, seen through the API --------------------------------------------------
def test_another_user_cannot_read_change_or_delete_a_private_paste(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    paste = pastes.create(alice, privacy="private", title="Diary", content="dear diary")
    before = pastes.row(paste["id"])
    url = f"/api/pastes/{paste['id']}"
    for response in (
        client.get(url, headers=bob.headers),
        client.get(f"{url}/raw", headers=bob.headers),
        client.patch(url, json={"title": "Bob was here"}, headers=bob.headers),
        client.patch(url, json={"privacy": "public"}, headers=bob.headers),
        client.delete(url, headers=bob.headers),
        client.post(f"{url}/like", headers=bob.headers),
        client.post(f"{url}/duplicate", headers=bob.headers),
    ):
        assert_json_error(response, 404, "not_found")
    assert ids_of(client.get("/api/pastes?scope=mine", headers=bob.headers).get_json()) == []
    assert pastes.row(paste["id"]) == before


def test_an_edit_token_header_does_not_reveal_a_private_paste(client, pastes, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    paste = pastes.create(alice, privacy="private")
    headers = {**bob.headers, "X-Edit-Token": "guess"}
    assert_json_error(
        client.patch(f"/api/pastes/{paste['id']}", json={"title": "x"}, headers=headers), 404, "not_found"
    )
    assert_json_error(client.delete(f"/api/pastes/{paste['id']}", headers=headers), 404, "not_found")


def test_owner_sending_an_edit_token_still_edits_and_deletes(client, pastes, make_user):
    # An author who kept the token of another paste, or whose client always sends it, is still the owner.
    alice = make_user("alice")
    paste = pastes.create(alice, privacy="private")
    headers = {**alice.headers, "X-Edit-Token": "whatever"}
    changed = client.patch(f"/api/pastes/{paste['id']}", json={"title": "Mine"}, headers=headers)
    assert changed.status_code == 200 and changed.get_json()["title"] == "Mine"
    assert changed.get_json()["privacy"] == "private"
    assert client.delete(f"/api/pastes/{paste['id']}", headers=headers).status_code == 204
    assert pastes.row(paste["id"]) is None


# --- Expired pastes are purged ----------------------------------------------------------------
def test_listing_purges_expired_pastes_now_and_then(app, client, pastes, make_user, monkeypatch):
    alice = make_user("alice")
    expired = pastes.insert(alice, expires_at=datetime.now(UTC) - timedelta(hours=1))
    live = pastes.create(alice, expires_at=in_the(1))["id"]
    # Not yet due: the row stays (though nobody can read it).
    app.config["PURGE_INTERVAL"] = 3600
    monkeypatch.setitem(pastes_api._last_purge, "at", 10**12)
    recent(client)
    assert pastes.row(expired) is not None
    # Due: the next listing removes it, whoever asks.
    app.config["PURGE_INTERVAL"] = 0
    monkeypatch.setitem(pastes_api._last_purge, "at", 0.0)
    recent(client)
    assert pastes.row(expired) is None
    assert pastes.row(live) is not None
