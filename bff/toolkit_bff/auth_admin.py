"""Auth's admin API through supabase-py (the `supabase` package's Auth client), with the service-role
key: what only Auth may do on the BFF's behalf. The client is pointed at Auth's own root
(TOOLKIT_AUTH_URL), not at a project URL, so no gateway prefix is involved."""
from __future__ import annotations

import httpx
from supabase import AuthApiError, AuthError, SupabaseAuthClient

TIMEOUT_SECONDS = 10


class AuthAdminUnavailable(Exception):
    """Auth could not be reached or refused the service-role key; the message says which."""


def delete_user(auth_url: str, service_role_key: str, user_id: str) -> bool:
    """DELETE /admin/users/{id}: True when deleted, False when Auth has no such user."""
    with httpx.Client(timeout=TIMEOUT_SECONDS) as http:
        client = SupabaseAuthClient(url=auth_url, headers={"apikey": service_role_key,
                                                           "Authorization": f"Bearer {service_role_key}"},
                                    auto_refresh_token=False, persist_session=False, http_client=http)
        try:
            client.admin.delete_user(user_id)
        except AuthApiError as exc:
            if exc.status == 404:
                return False
            raise AuthAdminUnavailable(f"Auth answered {exc.status} {exc.code}: {exc.message}") from None
        except AuthError as exc:  # AuthRetryableError and the like: no answer from Auth
            raise AuthAdminUnavailable(f"Auth could not be reached: {exc.message}") from None
    return True
