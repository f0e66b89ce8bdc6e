"""What the QR code generator cannot draw is refused in the worker, before any job: an invalid request
(most of what a fuzzer or a broken client sends) costs no job slot and no job process. The proof is
structural, not a timing: with no job slot at all on the worker, anything that starts a job answers
503 `busy`, so a 4xx naming the problem can only come from the checks before the job."""

from __future__ import annotations

import pytest

from fixtures.tools_support import assert_json_error


@pytest.fixture
def no_job_slots(tools_app):
    tools_app.config["TOOLS_MAX_JOBS_PER_WORKER"] = 0  # read when the slots are first made, per app


@pytest.mark.parametrize(
    "request_kwargs, status, code",
    [
        ({"json": {"type": "text"}}, 422, "invalid_option"),  # the field its type needs
        ({"json": {"text": "x", "size": 10}}, 422, "invalid_option"),  # under the model's minimum
        ({"json": {"text": "x", "foreground": "#eee"}}, 422, "low_contrast"),
        ({"json": {"text": "x" * 4000, "error_correction": "h"}}, 422, "payload_too_long"),
        ({"json": {"text": "x" * 400, "size": 64}}, 422, "invalid_option"),  # more modules than pixels
        ({"data": {"text": "x", "format": "gif"}}, 422, "invalid_option"),  # a form body alike
        ({"json": ["not", "an", "object"]}, 400, "invalid_json"),
    ],
)
def test_a_request_it_cannot_draw_is_refused_before_any_job(tools_client, no_job_slots, request_kwargs, status, code):
    assert_json_error(tools_client.post("/api/tools/qr", **request_kwargs), status, code)


@pytest.mark.parametrize("request_kwargs", [{"json": {"text": "hello"}}, {"data": {"text": "hello", "format": "svg"}}])
def test_a_request_it_can_draw_does_need_a_job(tools_client, no_job_slots, request_kwargs):
    """The probe works: a valid request passes the checks and then needs a slot."""
    assert_json_error(tools_client.post("/api/tools/qr", **request_kwargs), 503, "busy")


def test_a_body_over_the_data_api_limit_is_refused_unread(tools_client, tools_app, no_job_slots):
    """Options are a few KB: the worker reads no more than the data API's body limit for them (not an
    upload's 100 MB), as a form as well as JSON, and refuses past it before reading."""
    over = tools_app.config["DATA_MAX_BODY_BYTES"] + 1
    error = assert_json_error(
        tools_client.post("/api/tools/qr", data={"text": "x" * over}), 413, "request_entity_too_large"
    )
    assert f"{tools_app.config['DATA_MAX_BODY_BYTES'] // 1024} KB" in error["message"]
