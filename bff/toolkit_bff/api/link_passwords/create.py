"""Creating a protected link. Only trusted code may store a password hash: the BFF hashes with the
server's exact argon2id parameters (HASHER, which the table's check constraint repeats), and
create_short_link_with_password is executable by the role short_link_protector alone, not by anon
or authenticated. Were it theirs, anyone could call it through PostgREST in production and store a
hash whose verification costs the redirect service seconds or gigabytes per try, or a password
this module would refuse.

The role is switched for the one statement, inside the caller's transaction: the caller's JWT
claims stay set, so the link belongs to them and every rule of create_short_link applies to them."""

from __future__ import annotations

from collections.abc import Sequence

from psycopg.rows import DictRow

from toolkit_redirect.password import HASHER

from ...db import DictConnection, only_row

PROTECTOR_ROLE = "short_link_protector"


def create_protected_link(
    conn: DictConnection, columns: str, url: str, password: str, options: Sequence[object]
) -> DictRow:
    """The new link (its `columns`), protected by `password`; `conn` is in the caller's transaction."""
    password_hash = HASHER.hash(password)  # argon2id: only the hash leaves this process
    caller_role = only_row(conn.execute("select current_user as role"))["role"]
    conn.execute("select set_config('role', %s, true)", (PROTECTOR_ROLE,))
    row = only_row(
        conn.execute(
            f"select {columns} from public.create_short_link_with_password(%s, %s, %s, %s, %s)",
            (url, password_hash, *options),
        )
    )
    conn.execute("select set_config('role', %s, true)", (caller_role,))
    return row
