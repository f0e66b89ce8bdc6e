"""Moderation in the admin area: admins see recent public pastes and live short links and delete
them for everyone; nobody else may (the SQL functions decide, the BFF only passes the caller on)."""

from __future__ import annotations

import uuid

import pytest
from flask.testing import FlaskClient

from fixtures.redirect_support import request, until


@pytest.fixture
def tag(admin_db):
    """A word only this test's pastes and links contain; they are removed afterwards."""
    word = f"mod{uuid.uuid4().hex[:10]}"
    yield word
    admin_db.execute("delete from public.pastes where title like %s", (f"%{word}%",))
    admin_db.execute("delete from public.shortened_urls where original_url like %s", (f"%{word}%",))


def paste(client: FlaskClient, title: str, headers: dict[str, str] | None = None, **fields: object) -> str:
    response = client.post(
        "/api/pastes", json={"content": f"body of {title}", "title": title, **fields}, headers=headers or {}
    )
    assert response.status_code == 201, response.data
    paste_id: str = response.get_json()["id"]
    return paste_id


def link(client: FlaskClient, tag: str, path: str, headers: dict[str, str] | None = None) -> str:
    response = client.post("/api/links", json={"url": f"https://{tag}.example/{path}"}, headers=headers or {})
    assert response.status_code == 201, response.data
    code: str = response.get_json()["short_code"]
    return code


def test_admins_see_recent_public_pastes_with_author_and_excerpt(client, make_user, tag):
    author, boss = make_user("author"), make_user("boss", admin=True)
    mine = paste(client, f"{tag} mine", author.headers)
    anonymous = paste(client, f"{tag} anonymous")
    paste(client, f"{tag} unlisted", author.headers, privacy="unlisted")
    paste(client, f"{tag} private", author.headers, privacy="private")
    burn = paste(client, f"{tag} burn", author.headers, burn_after_read=True)

    body = client.get(f"/api/admin/pastes?q={tag}", headers=boss.headers).get_json()
    assert body["total"] == 3
    by_id = {item["id"]: item for item in body["pastes"]}
    assert [item["id"] for item in body["pastes"]] == [burn, anonymous, mine]  # newest first
    assert (by_id[mine]["author_email"], by_id[mine]["excerpt"]) == (author.email, f"body of {tag} mine")
    assert by_id[anonymous]["author_email"] is None
    # Only its one reader may see a burn-after-read paste's text; listing it does not burn it either.
    assert by_id[burn]["excerpt"] is None
    assert client.get(f"/api/pastes/{burn}", headers=author.headers).status_code == 200

    page = client.get(f"/api/admin/pastes?q={tag}&limit=1&offset=1", headers=boss.headers).get_json()
    assert ([item["id"] for item in page["pastes"]], page["total"]) == ([anonymous], 3)


def test_an_admin_deletes_a_paste_for_everyone(client, make_user, tag):
    author, boss = make_user("author"), make_user("boss", admin=True)
    doomed = paste(client, f"{tag} spam", author.headers)
    assert client.delete(f"/api/admin/pastes/{doomed}", headers=boss.headers).status_code == 204
    assert client.get(f"/api/pastes/{doomed}").status_code == 404
    assert client.get(f"/api/pastes/{doomed}", headers=author.headers).status_code == 404
    again = client.delete(f"/api/admin/pastes/{doomed}", headers=boss.headers)
    assert again.status_code == 404 and again.get_json()["error"]["code"] == "not_found"


def test_admins_see_live_short_links_and_delete_one_so_it_stops_redirecting(client, make_user, tag, redirect_url):
    owner, boss = make_user("owner"), make_user("boss", admin=True)
    owned = link(client, tag, "owned", owner.headers)
    anonymous = link(client, tag, "anonymous")
    body = client.get(f"/api/admin/links?q={tag}.example", headers=boss.headers).get_json()
    assert [(item["short_code"], item["owner_email"]) for item in body["links"]] == [
        (anonymous, None),
        (owned, owner.email),
    ]
    assert body["links"][0]["original_url"] == f"https://{tag}.example/anonymous"

    assert request(redirect_url, f"/s/{anonymous}").location == f"https://{tag}.example/anonymous"
    assert client.delete(f"/api/admin/links/{anonymous}", headers=boss.headers).status_code == 204
    assert client.get(f"/api/links/resolve/{anonymous}").status_code == 404
    # The redirect service drops its cached copy when Postgres announces the deletion.
    assert until(lambda: request(redirect_url, f"/s/{anonymous}").location == "/?link=unknown")
    assert [
        item["short_code"] for item in client.get(f"/api/admin/links?q={tag}", headers=boss.headers).get_json()["links"]
    ] == [owned]


def test_nobody_else_may_moderate_and_nothing_is_lost(client, make_user, tag):
    author, other = make_user("author"), make_user("other")
    kept = paste(client, f"{tag} kept", author.headers)
    code = link(client, tag, "kept", author.headers)
    for headers, status in ((other.headers, 403), ({}, 401)):
        for response in (
            client.get("/api/admin/pastes", headers=headers),
            client.get("/api/admin/links", headers=headers),
            client.delete(f"/api/admin/pastes/{kept}", headers=headers),
            client.delete(f"/api/admin/links/{code}", headers=headers),
        ):
            assert response.status_code == status, response.data
            assert response.get_json()["error"]["code"] == ("forbidden" if status == 403 else "not_authenticated")
    assert client.get(f"/api/pastes/{kept}").status_code == 200
    assert client.get(f"/api/links/resolve/{code}").status_code == 200


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "offset=-1", "limit=ten"])
def test_bad_paging_is_refused(client, make_user, query):
    boss = make_user("boss", admin=True)
    for path in ("/api/admin/pastes", "/api/admin/links"):
        response = client.get(f"{path}?{query}", headers=boss.headers)
        assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_input"
