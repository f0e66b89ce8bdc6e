"""Demo accounts for ./scripts/dev: an admin and a normal user, made the way an operator would on a
real project — through the Auth admin API with the service-role key (supabase-py's
auth.admin.create_user, e-mail confirmed), then the first admin inserted into public.user_roles by a privileged database role.

The passwords are random, made once per data directory and kept in `.local/demo-accounts.json`
(never in the repository), so every start prints the same ones until `./scripts/dev --reset`."""

from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx
import psycopg
from supabase import AuthApiError, AuthError, SupabaseAuthClient
from supabase_auth import SyncGoTrueAdminAPI

STATE_FILE = "demo-accounts.json"


@dataclass
class Account:
    kind: str  # "admin" or "user"
    email: str
    username: str
    password: str


Accounts = tuple[tuple[str, str, str], ...]  # (kind, e-mail, username) each
DEFAULT_ACCOUNTS: Accounts = (("admin", "admin@example.com", "admin"), ("user", "demo@example.com", "demo"))


class DemoAccountError(RuntimeError):
    """Auth refused to create a demo account; the message says what it answered."""


def load_or_make(state_path: Path, accounts: Accounts = DEFAULT_ACCOUNTS) -> list[Account]:
    """The accounts of this data directory, with passwords generated the first time."""
    if state_path.exists():
        return [Account(**entry) for entry in json.loads(state_path.read_text())]
    made = [Account(kind, email, username, secrets.token_urlsafe(12)) for kind, email, username in accounts]
    state_path.parent.mkdir(parents=True, exist_ok=True)
    state_path.write_text(json.dumps([asdict(a) for a in made], indent=2) + "\n")
    state_path.chmod(0o600)  # passwords: readable by the developer only
    return made


def _admin(auth_url: str, service_key: str, http: httpx.Client) -> SyncGoTrueAdminAPI:
    """supabase-py's Auth admin client on Auth's own root (no gateway prefix)."""
    client = SupabaseAuthClient(
        url=auth_url,
        headers={"apikey": service_key, "Authorization": f"Bearer {service_key}"},
        auto_refresh_token=False,
        persist_session=False,
        http_client=http,
    )
    return client.admin


def create_in_auth(auth_url: str, service_key: str, account: Account) -> tuple[str, bool]:
    """auth.admin.create_user: (user id, True) when created, (id of the existing account, False) when
    the e-mail is taken."""
    with httpx.Client(timeout=10) as http:
        admin = _admin(auth_url, service_key, http)
        try:
            created = admin.create_user(
                {
                    "email": account.email,
                    "password": account.password,
                    "email_confirm": True,
                    "user_metadata": {"username": account.username},
                }
            )
            return created.user.id, True
        except AuthApiError as exc:
            if exc.code != "email_exists":
                raise DemoAccountError(
                    f"creating {account.email}: Auth answered {exc.status} {exc.code}: {exc.message}"
                ) from exc
        except AuthError as exc:
            raise DemoAccountError(f"creating {account.email}: {exc.message}") from None
        existing = _find(admin, account.email)
    if existing is None:
        raise DemoAccountError(f"creating {account.email}: Auth says it exists but does not list it")
    return existing, False


def _find(admin: SyncGoTrueAdminAPI, email: str) -> str | None:
    """The id of the user with this e-mail, paging through auth.admin.list_users."""
    page = 1
    while True:
        listed = admin.list_users(page=page, per_page=100)
        for user in listed:
            if (user.email or "").lower() == email.lower():
                return user.id
        if len(listed) < 100:
            return None
        page += 1


def make_admin(database_url: str, user_id: str) -> None:
    """What an operator does for the first admin: an insert into user_roles as service_role (which
    may write the table directly; API callers only go through grant_admin)."""
    with psycopg.connect(database_url, autocommit=True) as conn, conn.transaction():
        conn.execute("set local role service_role")
        conn.execute("insert into public.user_roles (user_id) values (%s) on conflict do nothing", (user_id,))


def ensure(
    auth_url: str, service_key: str, database_url: str, state_path: Path, accounts: Accounts = DEFAULT_ACCOUNTS
) -> tuple[list[Account], list[str]]:
    """Create whatever is missing; returns the accounts and the e-mails created now."""
    result, created = load_or_make(state_path, accounts), []
    for account in result:
        user_id, new = create_in_auth(auth_url, service_key, account)
        if new:
            created.append(account.email)
        if account.kind == "admin":
            make_admin(database_url, user_id)
    return result, created


def describe(accounts: list[Account]) -> str:
    width = max(len(a.email) for a in accounts)
    lines = [f"  {a.kind:<6} {a.email:<{width}}  password {a.password}" for a in accounts]
    return "Demo accounts (passwords kept in .local/demo-accounts.json):\n" + "\n".join(lines)
