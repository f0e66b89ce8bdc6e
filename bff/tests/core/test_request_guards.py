"""What every route does with a hostile request before any view logic: JSON bounded in size and
depth, text without lone surrogates or NUL, numbers and dates read as the document states them,
bodies drained, gunicorn's own refusals as JSON. (Through the gateway: api/test_hostile_http.py.)"""

from __future__ import annotations

import io
import json
import socket
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from conftest import bearer
from fixtures import samples
from fixtures.tools_support import assert_json_error, upload
from toolkit_bff.body_drain import DrainRequestBodies
from toolkit_bff.json_guard import MAX_DEPTH
from toolkit_bff.numbers import whole_number
from toolkit_bff.server_errors import use_json_error_pages, write_json_error


def nested(depth: int) -> str:
    """An object whose field `x` holds arrays, `depth` levels in all."""
    return '{"x": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"


def post_json(client, path: str, text: str, **kwargs):
    return client.post(path, data=text.encode("utf-8", "surrogatepass"), content_type="application/json", **kwargs)


def test_json_is_parsed_up_to_the_depth_limit_and_refused_past_it(client):
    # Parsed at the limit: the field is then unknown to pastes, a 422 that names it.
    assert_json_error(post_json(client, "/api/pastes", nested(MAX_DEPTH)), 422, "unknown_field")
    error = assert_json_error(post_json(client, "/api/pastes", nested(MAX_DEPTH + 1)), 400, "invalid_json")
    assert f"deeper than {MAX_DEPTH} levels" in error["message"]


def test_brackets_inside_text_are_not_nesting(client, make_user):
    user = make_user("brackets")
    content = '[{"' * 2000 + '\\"]}'
    response = post_json(client, "/api/pastes", json.dumps({"content": content}), headers=user.headers)
    assert response.status_code == 201, response.data[:200]
    assert response.get_json()["content"] == content


@pytest.mark.parametrize(
    "text, where",
    [
        ('{"content": "ok", "title": "\\ud800"}', "title"),
        ('{"content": "ok", "extra": {"deep": ["fine", "\\udfff"]}}', "extra.deep[1]"),
        ('{"content": "a\\u0000b"}', "content"),
    ],
)
def test_a_lone_surrogate_or_nul_is_refused_naming_where_it_is(client, text, where):
    error = assert_json_error(post_json(client, "/api/pastes", text), 422, "invalid_input")
    assert error["message"].startswith(f"{where} must")


def test_the_tools_name_the_option_holding_bad_text(tools_client):
    error = assert_json_error(post_json(tools_client, "/api/tools/qr", '{"text": "\\ud800"}'), 422, "invalid_option")
    assert error["message"].startswith("Option 'text' must be valid Unicode")


@pytest.mark.parametrize("body", [b'{"content": NaN}', b'{"content": Infinity}', b'{"content": "\xff"}'])
def test_what_is_not_json_is_a_400(client, body):
    assert_json_error(client.post("/api/pastes", data=body, content_type="application/json"), 400, "invalid_json")


def test_json_bodies_of_the_tools_are_bounded_like_the_data_api(tools_app, tools_client):
    tools_app.config.update(DATA_MAX_BODY_BYTES=1024)
    error = assert_json_error(
        post_json(tools_client, "/api/tools/qr", json.dumps({"text": "x" * 2000})), 413, "request_entity_too_large"
    )
    assert "1 KB" in error["message"]


def test_a_form_with_too_many_parts_names_the_limit(tools_client):
    fields = {f"field{n}": "x" for n in range(1001)}
    error = assert_json_error(
        upload(tools_client, "/api/tools/pdf/info", samples.blank_pdf(1), **fields), 413, "request_entity_too_large"
    )
    assert "1000 parts" in error["message"]


@pytest.mark.parametrize(
    "raw, number",
    [
        ("42", 42),
        (" 7 ", 7),
        ("42.0", 42),
        ("1e3", 1000),
        (50815.0, 50815),
        (-0.0, 0),
        ("4.5", None),
        ("nan", None),
        ("inf", None),
        ("9" * 5000, None),
        ("seven", None),
        (True, None),
    ],
)
def test_whole_numbers_are_read_as_json_schema_integers(raw, number):
    assert whole_number(raw) == number


def test_integers_written_with_a_zero_fraction_are_accepted(client, make_user):
    user = make_user("integral")
    response = client.post(
        "/api/links", json={"url": "https://integral.example/", "max_clicks": 3.0}, headers=user.headers
    )
    assert response.status_code == 201 and response.get_json()["max_clicks"] == 3
    assert_json_error(
        client.post("/api/links", json={"url": "https://integral.example/", "max_clicks": 3.5}, headers=user.headers),
        422,
        "invalid_input",
    )
    assert client.get("/api/links?limit=5.0", headers=user.headers).get_json()["limit"] == 5


@pytest.mark.parametrize(
    "expires_at, problem",
    [
        ("2100-01-01T00:00:00Z", "must be before 2100-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59-12:00", "must be before 2100-01-01T00:00:00Z"),  # year 10000 in UTC
        ("2000-01-01T00:00:00Z", "must be in the future"),
        ("2030-01-01T00:00:00", "must include a time zone (Z or ±hh:mm)"),
    ],
)
def test_expiry_dates_lie_in_the_future_and_before_2100(client, expires_at, problem):
    for path, body in (("/api/pastes", {"content": "x"}), ("/api/links", {"url": "https://expiry.example/"})):
        error = assert_json_error(client.post(path, json={**body, "expires_at": expires_at}), 422, "invalid_input")
        assert error["message"] == f"expires_at {problem}"


def test_the_last_expiry_before_2100_is_stored(client, make_user):
    user = make_user("last-expiry")
    latest = "2099-12-31T23:59:59+00:00"
    paste = client.post(
        "/api/pastes", json={"content": "x", "expires_at": "2099-12-31T23:59:59Z"}, headers=user.headers
    ).get_json()
    assert paste["expires_at"] == latest
    soon = (datetime.now(UTC) + timedelta(minutes=5)).isoformat()
    assert (
        client.patch(f"/api/pastes/{paste['id']}", json={"expires_at": soon}, headers=user.headers).status_code == 200
    )


def test_a_token_whose_subject_is_no_user_id_is_refused(client, make_token):
    for sub in ("not-a-uuid", "1", "00000000000000000000000000000000"):
        error = assert_json_error(client.get("/api/me", headers=bearer(make_token(sub))), 401, "invalid_token")
        assert "sub" in error["message"]


def test_a_cursor_longer_than_ours_is_refused_before_decoding(client):
    error = assert_json_error(client.get("/api/pastes?cursor=" + "W" * 5000), 422, "invalid_input")
    assert error["message"].startswith("cursor")


def test_rotations_nested_deeply_are_an_invalid_option(tools_client):
    response = upload(tools_client, "/api/tools/pdf/rotate", samples.blank_pdf(1), rotations="[" * 1900)
    assert_json_error(response, 422, "invalid_option")


# --- Bodies drained before the answer (body_drain.py). ------------------------------------------------
def _start_response_ignored(
    status: str, headers: list[tuple[str, str]], exc_info: object = None
) -> Callable[[bytes], object]:
    """A server's start_response that keeps nothing, its write() too."""
    return lambda data: None


def _refusing_app(environ, start_response):
    """Answers at once without reading the body, as a 413 or a 401 does."""
    start_response("413 REQUEST ENTITY TOO LARGE", [("Content-Type", "application/json")])
    return [b"{}"]


def test_an_unread_body_is_drained_before_the_answer_starts():
    body = io.BytesIO(b"x" * 300_000)
    started_at = []

    def start_response(status, headers, exc_info=None):
        started_at.append(body.tell())

    result = DrainRequestBodies(_refusing_app, limit_bytes=1_000_000)(
        {"wsgi.input": body, "CONTENT_LENGTH": "300000"}, start_response
    )
    assert list(result) == [b"{}"]
    assert started_at == [300_000]  # every byte read before the status line was given to gunicorn


def test_a_body_announced_beyond_the_limit_is_left_to_gunicorn_to_close():
    body = io.BytesIO(b"x" * 1000)
    DrainRequestBodies(_refusing_app, limit_bytes=100)(
        {"wsgi.input": body, "CONTENT_LENGTH": "1000"}, _start_response_ignored
    )
    assert body.tell() == 0


# --- gunicorn's own refusals (server_errors.py). ------------------------------------------------------
def test_gunicorns_error_pages_are_json_with_a_fixed_message(monkeypatch):
    from gunicorn import util

    monkeypatch.setattr(util, "write_error", util.write_error)  # put back after the test
    use_json_error_pages()
    assert util.write_error is write_json_error
    ours, theirs = socket.socketpair()
    with ours, theirs:
        util.write_error(ours, 400, "Bad Request", "Invalid HTTP request line: 'GET /?q=<script> HTTP/1.1'")
        answer = theirs.recv(65536).decode()
    head, _, body = answer.partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 400 Bad Request\r\n")
    assert "Content-Type: application/json" in head and "Connection: close" in head
    assert json.loads(body)["error"]["code"] == "bad_request"
    assert "<script>" not in answer  # nothing of the request is echoed
