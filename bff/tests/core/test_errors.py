"""Every failure is JSON {"error": {"code", "message"}} with the right status, never HTML."""

from fixtures.tools_support import assert_json_error


def test_unknown_api_route_is_json_404(client):
    assert_json_error(client.get("/api/does-not-exist"), 404, "not_found")


def test_wrong_method_is_json_405(client):
    assert_json_error(client.delete("/api/health"), 405, "method_not_allowed")


def test_oversize_body_is_json_413(app, client):
    @app.post("/api/echo-size")
    def echo_size():
        from flask import request

        return {"size": len(request.get_data())}

    app.config["MAX_CONTENT_LENGTH"] = 1024
    assert client.post("/api/echo-size", data=b"x" * 1000).get_json() == {"size": 1000}
    response = client.post("/api/echo-size", data=b"x" * 2048)
    assert_json_error(response, 413, "request_entity_too_large")


def test_unexpected_exception_is_json_500_without_trace(app, client):
    @app.get("/api/boom")
    def boom():
        raise RuntimeError("secret internals")

    response = client.get("/api/boom")
    assert_json_error(response, 500, "internal_error")
    assert b"secret internals" not in response.data
