"""Auth's admin API through supabase-py (the `supabase` package's Auth client), with the service-role
key: what only Auth may do on the BFF's behalf. The client is pointed at Auth's own root
(TOOLKIT_AUTH_URL), not at a project URL, so no gateway prefix is involved."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from flask import current_app
from supabase import AuthApiError, AuthError, SupabaseAuthClient

from .errors import ApiError

TIMEOUT_SECONDS = 10


@contextmanager
def admin_api(feature: str, action: str) -> Iterator[SupabaseAuthClient]:
    """Auth's client with the service-role key. A 503 `auth_admin_unavailable` when this server has
    no Auth URL or key ("<feature> is not configured on this server"), or when Auth cannot be reached
    or refuses the key ("The authentication service could not <action>"; Auth's reason is logged)."""
    base, key = current_app.config["AUTH_URL"], current_app.config["SERVICE_ROLE_KEY"]
    if not base or not key:
        raise ApiError(503, "auth_admin_unavailable", f"{feature} is not configured on this server")
    with httpx.Client(timeout=TIMEOUT_SECONDS) as http:
        try:
            yield SupabaseAuthClient(
                url=base,
                headers={"apikey": key, "Authorization": f"Bearer {key}"},
                auto_refresh_token=False,
                persist_session=False,
                http_client=http,
            )
        except AuthError as exc:
            reason = f"answered {exc.status} {exc.code}" if isinstance(exc, AuthApiError) else "could not be reached"
            current_app.logger.error("Auth %s when asked to %s: %s", reason, action, exc.message)
            raise ApiError(503, "auth_admin_unavailable", f"The authentication service could not {action}") from None
