"""Clean-up of stale rows as the official server does it (internal/models/cleanup.go and the
databaseCleanup middleware in internal/api/middleware.go of v2.186.0), behind its switch
GOTRUE_DB_CLEANUP_ENABLED: after every successful POST, PUT, PATCH or DELETE, one statement of the
list below runs — the next one each time — and removes at most 100 rows (10 sessions) that no other
transaction holds (`for update skip locked`), so a clean-up never waits and the work is spread out.
Here it runs after the response has been sent."""

from __future__ import annotations

import itertools
import threading

from flask import Flask, Response, current_app, request

from . import db

_STATEMENTS = [
    # Revoked refresh tokens, a day after their last use.
    "delete from auth.refresh_tokens where id in (select id from auth.refresh_tokens where revoked is true"
    " and updated_at < now() - interval '24 hours' limit 100 for update skip locked)",
    # Tokens of sessions that ended a day ago are revoked (and deleted by the line above a day later).
    "update auth.refresh_tokens set revoked = true, updated_at = now() where id in (select refresh_tokens.id"
    " from auth.refresh_tokens join auth.sessions on refresh_tokens.session_id = sessions.id"
    " where sessions.not_after < now() - interval '24 hours' and refresh_tokens.revoked is false"
    " limit 100 for update skip locked)",
    # Sessions three days after they ended, ten at a time so the cascades stay small.
    "delete from auth.sessions where id in (select id from auth.sessions where not_after < now() - interval"
    " '72 hours' limit 10 for update skip locked)",
    "delete from auth.saml_relay_states where id in (select id from auth.saml_relay_states where created_at"
    " < now() - interval '24 hours' limit 100 for update skip locked)",
    "delete from auth.flow_state where id in (select id from auth.flow_state where created_at < now()"
    " - interval '24 hours' limit 100 for update skip locked)",
    "delete from auth.oauth_client_states where id in (select id from auth.oauth_client_states where created_at"
    " < now() - interval '24 hours' limit 100 for update skip locked)",
    "delete from auth.mfa_challenges where id in (select id from auth.mfa_challenges where created_at < now()"
    " - interval '24 hours' limit 100 for update skip locked)",
    "delete from auth.mfa_factors where id in (select id from auth.mfa_factors where created_at < now()"
    " - interval '24 hours' and status = 'unverified' limit 100 for update skip locked)",
    # Passkey challenges once expired (upstream from v2.188.0, with the table).
    "delete from auth.webauthn_challenges where id in (select id from auth.webauthn_challenges where expires_at"
    " < now() limit 100 for update skip locked)",
]
# With anonymous sign-ins on, anonymous users go 30 days after they were made.
_ANONYMOUS_USERS = (
    "delete from auth.users where id in (select id from auth.users where created_at < now()"
    " - interval '30 days' and is_anonymous is true limit 100 for update skip locked)"
)


class Cleanup:
    def __init__(self, anonymous_users_enabled: bool):
        self.statements = _STATEMENTS + ([_ANONYMOUS_USERS] if anonymous_users_enabled else [])
        self._next = itertools.cycle(range(len(self.statements)))
        self._lock = threading.Lock()

    def next_statement(self) -> str:
        with self._lock:
            return self.statements[next(self._next)]

    def clean(self) -> int:
        """Run the next statement; returns the number of rows it changed."""
        with db.transaction() as conn:
            return conn.execute(self.next_statement()).rowcount


def install(app: Flask, anonymous_users_enabled: bool) -> None:
    cleanup = Cleanup(anonymous_users_enabled)
    app.extensions["local_auth_cleanup"] = cleanup

    @app.after_request
    def _clean_after_response(response: Response) -> Response:
        if request.method in ("POST", "PUT", "PATCH", "DELETE") and response.status_code // 100 == 2:
            logger = current_app.logger

            def run() -> None:
                try:
                    cleanup.clean()
                except Exception:  # as upstream: a failed clean-up is logged, the answer already went out
                    logger.warning("database cleanup failed", exc_info=True)

            response.call_on_close(run)
        return response
