"""Headers, request ids, CORS and rate limits that every caller of the BFF sees."""

import uuid

import pytest

from toolkit_bff import create_app

QR = {"type": "text", "text": "hello"}


@pytest.fixture
def policy_app(stack_env):
    # The QR endpoint reads its page's setting first (page_gate.py): the stack's database.
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": "x" * 32,
            "TOOLS_RATE_LIMIT": "3 per minute",
            "CORS_ORIGINS": ["https://partner.example"],
        }
    )
    yield app
    app.extensions["db_pool"].close()


def _from_ip(ip: str) -> dict[str, str]:
    # The gateway is the one trusted proxy: the client is the last X-Forwarded-For hop.
    return {"X-Forwarded-For": ip}


def _fresh_ip() -> str:
    return f"198.51.100.{uuid.uuid4().int % 250 + 1}"


@pytest.mark.parametrize("path", ["/api/health", "/api/nope"])
def test_security_headers_on_success_and_error(policy_app, path):
    response = policy_app.test_client().get(path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"


def test_request_id_is_generated_or_kept_when_well_formed(policy_app):
    client = policy_app.test_client()
    generated = client.get("/api/nope").headers["X-Request-Id"]
    assert len(generated) == 32
    assert client.get("/api/nope", headers={"X-Request-Id": "gw-123.abc"}).headers["X-Request-Id"] == "gw-123.abc"
    for unsafe in ("<script>", "x" * 65, "spaces are not allowed"):
        replaced = client.get("/api/nope", headers={"X-Request-Id": unsafe}).headers["X-Request-Id"]
        assert replaced != unsafe and len(replaced) == 32


def test_cors_allows_only_configured_origins(policy_app):
    client = policy_app.test_client()
    allowed = client.get("/api/nope", headers={"Origin": "https://partner.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://partner.example"
    assert "X-Request-Id" in allowed.headers["Access-Control-Expose-Headers"]
    other = client.get("/api/nope", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_tools_are_rate_limited_per_client_ip_with_json_429(policy_app):
    client = policy_app.test_client()
    ip = _fresh_ip()
    statuses = [client.post("/api/tools/qr", json=QR, headers=_from_ip(ip)).status_code for _ in range(3)]
    assert statuses == [200, 200, 200]
    limited = client.post("/api/tools/qr", json=QR, headers=_from_ip(ip))
    assert limited.status_code == 429
    assert limited.get_json()["error"]["code"] == "too_many_requests"
    assert "3 per 1 minute" in limited.get_json()["error"]["message"]
    assert int(limited.headers["Retry-After"]) > 0
    # Another client is not affected by the first one's budget.
    assert client.post("/api/tools/qr", json=QR, headers=_from_ip(_fresh_ip())).status_code == 200


def test_method_not_allowed_keeps_the_allow_header(policy_app):
    response = policy_app.test_client().delete("/api/health")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
