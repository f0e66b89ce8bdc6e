"""The BFF when its database connections are cut (what it sees of a Postgres restart or a network
drop): a TCP proxy between this app and Postgres drops every connection and refuses new ones, then
lets them through again. Meanwhile a write is a JSON 503 (never a 500, never a 201 for something not
stored); afterwards writes work again without restarting the app, and every write answered 201 is in
the database. A real Postgres restart under load, through the gateway and the running BFF and
redirect service, is the fault run's `postgres-fast`/`postgres-immediate` case (bench/fault_cases_data.py)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from fixtures.redirect_support import CuttableProxy, until
from toolkit_bff import create_app


def through(url: str, port: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{parts.username}:{parts.password}@127.0.0.1:{port}"))


def test_writes_are_503_while_the_database_connections_are_cut_and_work_again_after(stack_env, admin_db):
    proxy = CuttableProxy(urlsplit(stack_env["TOOLKIT_DATABASE_URL"]).port)
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
            "DATABASE_URL": through(stack_env["TOOLKIT_DATABASE_URL"], proxy.port),
        }
    )
    client, stored = app.test_client(), []

    def write() -> int:
        response = client.post("/api/pastes", json={"content": "written across a restart", "privacy": "unlisted"})
        assert response.status_code in (201, 503), response.data[:300]
        if response.status_code == 201:
            stored.append(response.get_json()["id"])
        else:
            assert response.get_json()["error"]["code"] == "database_unavailable"
        return response.status_code

    try:
        assert write() == 201
        proxy.cut()  # every connection dropped, new ones refused
        assert write() == 503
        proxy.restore()
        assert until(lambda: write() == 201, within=30)
        assert write() == 201
        found = admin_db.execute("select count(*) from public.pastes where id = any(%s)", (stored,)).fetchone()[0]
        assert found == len(stored)
    finally:
        proxy.cut()
        app.extensions["db_pool"].close()
        admin_db.execute("delete from public.pastes where id = any(%s)", (stored,))
