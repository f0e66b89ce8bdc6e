"""Auth's admin API through supabase-py (the `supabase` package's Auth client), with the service-role
key: what only Auth may do on the BFF's behalf. The client is pointed at Auth's own root
(TOOLKIT_AUTH_URL), not at a project URL, so no gateway prefix is involved."""

from __future__ import annotations

import httpx
from supabase import AuthApiError, AuthError, SupabaseAuthClient

TIMEOUT_SECONDS = 10


class AuthAdminUnavailable(Exception):
    """Auth could not be reached or refused the service-role key; the message says which."""


def _client(http: httpx.Client, auth_url: str, service_role_key: str) -> SupabaseAuthClient:
    return SupabaseAuthClient(
        url=auth_url,
        headers={"apikey": service_role_key, "Authorization": f"Bearer {service_role_key}"},
        auto_refresh_token=False,
        persist_session=False,
        http_client=http,
    )


def _unavailable(exc: AuthError) -> AuthAdminUnavailable:
    if isinstance(exc, AuthApiError):
        return AuthAdminUnavailable(f"Auth answered {exc.status} {exc.code}: {exc.message}")
    return AuthAdminUnavailable(f"Auth could not be reached: {exc.message}")  # AuthRetryableError and the like


def delete_user(auth_url: str, service_role_key: str, user_id: str) -> bool:
    """DELETE /admin/users/{id}: True when deleted, False when Auth has no such user."""
    with httpx.Client(timeout=TIMEOUT_SECONDS) as http:
        try:
            _client(http, auth_url, service_role_key).admin.delete_user(user_id)
        except AuthApiError as exc:
            if exc.status == 404:
                return False
            raise _unavailable(exc) from None
        except AuthError as exc:
            raise _unavailable(exc) from None
    return True


def delete_factors(auth_url: str, service_role_key: str, user_id: str) -> int:
    """Every MFA factor of the user (GET, then DELETE /admin/users/{id}/factors/{factor}), verified or
    not: a user who lost their device signs in with the password alone and may enrol anew. Returns
    how many were removed."""
    with httpx.Client(timeout=TIMEOUT_SECONDS) as http:
        mfa = _client(http, auth_url, service_role_key).admin.mfa
        try:
            factors = mfa.list_factors({"user_id": user_id})
            for factor in factors:
                mfa.delete_factor({"id": factor.id, "user_id": user_id})
        except AuthError as exc:
            raise _unavailable(exc) from None
    return len(factors)
