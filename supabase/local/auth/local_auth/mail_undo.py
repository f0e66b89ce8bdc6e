"""Putting a user's one-time token back as it was when the mail that carried the new one could not be
sent (the mail goes out after the transaction that stored the token has committed)."""

from __future__ import annotations

from . import db, users
from .db import Conn, Row


class TokenUndo:
    """Captures, before a mail step changes them, the user's token columns and their
    auth.one_time_tokens rows; calling it restores both (once)."""

    def __init__(self, conn: Conn, user: Row, columns: list[str], token_types: list[str]):
        self.user_id = user["id"]
        self.before = {name: user[name] for name in columns}
        self.token_types = token_types
        self.rows = conn.execute(
            "select * from auth.one_time_tokens where user_id = %s and token_type ="
            " any(%s::auth.one_time_token_type[])",
            (user["id"], token_types),
        ).fetchall()
        self.done = False

    def __call__(self) -> None:
        if self.done:  # an e-mail change sends two mails and may fail on either
            return
        self.done = True
        with db.transaction() as conn:
            conn.execute(
                "delete from auth.one_time_tokens where user_id = %s and token_type ="
                " any(%s::auth.one_time_token_type[])",
                (self.user_id, self.token_types),
            )
            for row in self.rows:
                conn.execute(
                    "insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to,"
                    " created_at, updated_at) values (%(id)s, %(user_id)s, %(token_type)s, %(token_hash)s,"
                    " %(relates_to)s, %(created_at)s, %(updated_at)s)",
                    row,
                )
            users.touch(conn, self.user_id, **self.before)
