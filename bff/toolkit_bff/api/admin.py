"""The admin area: list users, grant and revoke admin rights, remove a user's authenticator, moderate
public pastes and short links. Every route asks whether the caller is an admin before it reads any
input (admin_only.py, the routes' first `before`); SQL checks again (admin_list_users, grant_admin,
revoke_admin, admin_authenticator_removal, admin_recent_*, admin_delete_*). Only the authenticator's
removal then needs Auth's admin API and its service-role key."""

from collections.abc import Callable
from typing import Unpack

from flask import Blueprint, Response, jsonify

from .. import auth_admin
from ..auth import require_claims
from ..contract.openapi_types import OpenApi
from ..contract.operations import NoContent, RouteOptions, Routes, View
from ..contract.responses import DATA_SIGNED_IN, DATABASE, SESSION_ONLY, json_response
from ..db import only_row, rls_transaction
from .admin_only import admin_only, user_id_of
from .models.admin import (
    AdminStatus,
    AdminUserList,
    AuthenticatorRemoval,
    ModeratedLinkList,
    ModeratedPasteList,
    SearchPage,
    search_page,
)
from .rows import page_answer

bp = Blueprint("admin", __name__, url_prefix="/api")
routes = Routes(bp, "admin")
# Routes take the id as text and parse it after the role check: no 404 from routing before it is known.
USER_ID = {"user_id": {"schema": {"type": "string", "format": "uuid"}}}
ADMIN_ONLY = {403: ["forbidden"]}
LIST_ERRORS = (DATA_SIGNED_IN, ADMIN_ONLY, DATABASE, {422: ["invalid_input"]})
DELETE_ERRORS = (DATA_SIGNED_IN, ADMIN_ONLY, DATABASE, {404: ["not_found"]})
DELETED = {204: {"description": "Deleted for everyone."}}
STATUS = {200: json_response("The user's admin status afterwards.", AdminStatus)}


def _admin_route(
    method: str, rule: str, operation_id: str, action: str, **options: Unpack[RouteOptions]
) -> Callable[[View], View]:
    """An admin route: the caller must be an admin (`action` ends "Only administrators can …")
    before anything they sent is read."""
    options["before"], options["security"] = (admin_only(action),), SESSION_ONLY
    return routes.route(method, rule, operation_id, **options)


def _list_route(
    rule: str, operation_id: str, action: str, query: type[SearchPage], answer: OpenApi
) -> Callable[[View], View]:
    return _admin_route("GET", rule, operation_id, action, query=query, errors=LIST_ERRORS, answers={200: answer})


def _page(function: str, key: str, query: SearchPage) -> Response:
    """A page of an admin list, newest first: {key: [...], total, limit, offset}."""
    with rls_transaction(require_claims(), read_only=True) as conn:
        rows = conn.execute(
            f"select * from public.{function}(%s, %s, %s)", (query.q, query.limit, query.offset)
        ).fetchall()
    return page_answer(key, rows, query.limit, query.offset)


def _delete(function: str, key: str) -> NoContent:
    with rls_transaction(require_claims()) as conn:
        conn.execute(f"select public.{function}(%s)", (key,))
    return "", 204


@_list_route(
    "/admin/users",
    "listUsers",
    "list users",
    search_page("email or nickname", high=200, default=50),
    json_response("A page of users.", AdminUserList),
)
def list_users(query: SearchPage) -> Response:
    """Users, newest first

    Read by the SQL function admin_list_users, which refuses non-admins."""
    return _page("admin_list_users", "users", query)


@_list_route(
    "/admin/pastes",
    "listModeratedPastes",
    "moderate",
    search_page("the id or title", high=100, default=20),
    json_response("A page of public pastes.", ModeratedPasteList),
)
def recent_pastes(query: SearchPage) -> Response:
    """Recent public pastes, newest first

    Through admin_recent_pastes(), which refuses non-admins."""
    return _page("admin_recent_pastes", "pastes", query)


@_admin_route(
    "DELETE", "/admin/pastes/<paste_id>", "deleteModeratedPaste", "moderate", answers=DELETED, errors=DELETE_ERRORS
)
def delete_paste(paste_id: str) -> NoContent:
    """Delete one of the public pastes (moderation)"""
    return _delete("admin_delete_paste", paste_id)


@_list_route(
    "/admin/links",
    "listModeratedLinks",
    "moderate",
    search_page("the code or the target URL", high=100, default=20),
    json_response("A page of short links.", ModeratedLinkList),
)
def recent_links(query: SearchPage) -> Response:
    """Recent short links, newest first

    Through admin_recent_short_links(), which refuses non-admins."""
    return _page("admin_recent_short_links", "links", query)


@_admin_route("DELETE", "/admin/links/<code>", "deleteModeratedLink", "moderate", answers=DELETED, errors=DELETE_ERRORS)
def delete_link(code: str) -> NoContent:
    """Delete one of the short links (moderation)"""
    return _delete("admin_delete_short_link", code)


def _admin_status(user_id_text: str, function: str) -> Response:
    claims, user_id = require_claims(), user_id_of(user_id_text)
    with rls_transaction(claims) as conn:
        conn.execute(f"select public.{function}(%s)", (user_id,))
        is_admin = only_row(conn.execute("select public.is_admin(%s) as is_admin", (user_id,)))["is_admin"]
    return jsonify(user_id=user_id, is_admin=is_admin)


@_admin_route(
    "POST",
    "/admin/users/<user_id>/admin",
    "grantAdmin",
    "grant admin rights",
    path=USER_ID,
    answers=STATUS,
    errors=DELETE_ERRORS,
)
def grant_admin(user_id: str) -> Response:
    """Make a user an administrator

    Through grant_admin(): admins only, never yourself."""
    return _admin_status(user_id, "grant_admin")


@_admin_route(
    "DELETE",
    "/admin/users/<user_id>/admin",
    "revokeAdmin",
    "revoke admin rights",
    path=USER_ID,
    answers=STATUS,
    errors=(*DELETE_ERRORS, {409: ["conflict"]}),
)
def revoke_admin(user_id: str) -> Response:
    """Take administrator rights away

    Through revoke_admin(): admins only; the last admin stays (409)."""
    return _admin_status(user_id, "revoke_admin")


@_admin_route(
    "DELETE",
    "/admin/users/<user_id>/factors",
    "removeAuthenticator",
    "remove a user's authenticator",
    path=USER_ID,
    answers={
        200: json_response(
            "The user signs in with their password alone until they add a new one.", AuthenticatorRemoval
        )
    },
    errors=(*DELETE_ERRORS, {503: ["auth_admin_unavailable"]}),
)
def remove_authenticator(user_id: str) -> Response:
    """Remove a user's authenticator (lost device)

    For a user who lost their phone: admin_authenticator_removal() in SQL refuses all but admins at
    aal2; Auth's admin API then removes the user's factors, and they sign in with their password
    alone and may enrol again."""
    claims, checked_id = require_claims(), user_id_of(user_id)
    with rls_transaction(claims, read_only=True) as conn:
        conn.execute("select public.admin_authenticator_removal(%s)", (checked_id,))
    with auth_admin.admin_api("Removing authenticators", "remove the authenticator") as auth:
        # Every factor, verified or not: the user signs in with the password alone and may enrol anew.
        factors = auth.admin.mfa.list_factors({"user_id": str(checked_id)})
        for factor in factors:
            auth.admin.mfa.delete_factor({"id": factor.id, "user_id": str(checked_id)})
    return jsonify(user_id=str(checked_id), removed=len(factors))
