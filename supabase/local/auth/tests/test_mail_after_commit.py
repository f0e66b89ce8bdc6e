"""Mails go out after the transaction that stored their token has committed (no connection is held
while SMTP talks, and the link works the moment the mail arrives); a mail that cannot be sent leaves the
previous token in place."""

from __future__ import annotations

import email
import re
import socket
from email.message import Message

import psycopg
from aiosmtpd.controller import Controller

from . import mailbox
from .support import API_2024, confirmed_user


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class _CheckingServer:
    """An SMTP server that, on each message, looks the link's token up in the database."""

    def __init__(self, database_url: str):
        self.database_url = database_url
        self.seen: list[bool] = []

    async def handle_DATA(self, server, session, envelope):
        first = email.message_from_bytes(envelope.content).get_payload(0)
        assert isinstance(first, Message), "the mail is multipart"
        payload = first.get_payload(decode=True)
        assert isinstance(payload, bytes), "its text part decodes to bytes"
        found = re.search(r"token=([^&\s]+)", payload.decode())
        assert found is not None, "the mail carries a link token"
        token = found.group(1)
        with psycopg.connect(self.database_url, autocommit=True) as conn:
            stored = conn.execute("select 1 from auth.one_time_tokens where token_hash = %s", (token,)).fetchone()
        self.seen.append(stored is not None)
        return "250 OK"


def test_the_token_is_committed_when_its_mail_is_sent(make_app, auth_env, new_email):
    handler = _CheckingServer(auth_env["GOTRUE_DB_DATABASE_URL"])
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        client = make_app(GOTRUE_SMTP_PORT=str(port)).test_client()
        confirmed_user(client, new_email)
        assert client.post("/recover", json={"email": new_email}).status_code == 200
        assert (
            client.post("/signup", json={"email": "new-" + new_email, "password": "correct-horse-1"}).status_code == 200
        )
    finally:
        controller.stop()
    assert handler.seen == [True, True]


def test_a_mail_that_cannot_be_sent_leaves_the_previous_link_working(make_app, auth_db, new_email):
    client = make_app().test_client()
    confirmed_user(client, new_email)
    assert client.post("/recover", json={"email": new_email}).status_code == 200
    first = mailbox.link_token(mailbox.last(new_email))
    auth_db.execute(
        "update auth.users set recovery_sent_at = now() - interval '1 minute' where email = %s", (new_email,)
    )
    unreachable = make_app(GOTRUE_SMTP_PORT=str(_free_port())).test_client()
    failed = unreachable.post("/recover", json={"email": new_email}, headers=API_2024)
    assert failed.status_code == 500 and failed.json["message"] == "Error sending recovery email"
    assert len(mailbox.mails_to(new_email)) == 1
    row = auth_db.execute("select recovery_token from auth.users where email = %s", (new_email,)).fetchone()
    assert row["recovery_token"] == first
    assert client.post("/verify", json={"type": "recovery", "token_hash": first}).status_code == 200
