import os

from toolkit_bff import create_app


def test_health_reports_database_ok(client):
    response = client.get("/api/health")
    assert response.status_code == 200
    # The database has every migration of this checkout (replica_checks.schema_status).
    assert response.get_json()["checks"] == {"database": "ok", "auth": "not_configured", "migrations": "ok"}


def test_health_is_503_when_auth_is_configured_but_unreachable(app):
    app.config["AUTH_URL"] = "http://127.0.0.1:1"
    response = app.test_client().get("/api/health")
    assert response.status_code == 503
    assert response.get_json()["status"] == "degraded"
    assert response.get_json()["checks"] == {"database": "ok", "auth": "unreachable", "migrations": "ok"}


def test_health_is_503_when_database_is_unreachable(stack_env):
    app = create_app(
        {
            "TESTING": True,
            "JWT_SECRET": "x" * 32,
            "DATABASE_URL": "postgresql://authenticator:wrong@127.0.0.1:1/postgres?connect_timeout=1",
        }
    )
    response = app.test_client().get("/api/health")
    assert response.status_code == 503
    assert response.get_json()["checks"]["database"] == "unreachable"
    app.extensions["db_pool"].close()


def test_health_reports_auth_ok_when_the_stacks_auth_answers(app):
    app.config["AUTH_URL"] = os.environ["TOOLKIT_AUTH_URL"]
    response = app.test_client().get("/api/health")
    assert response.status_code == 200
    # Auth accepts the service-role key this secret signed: the secret is the deployment's.
    assert response.get_json()["checks"] == {"database": "ok", "auth": "ok", "jwt_secret": "ok", "migrations": "ok"}
