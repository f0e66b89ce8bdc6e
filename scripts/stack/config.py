"""Where each part of the local stack lives: ports, directories and shared secrets."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The Supabase CLI's well-known local development secret: never used outside a developer machine.
LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long"
LOCAL_DB_PASSWORD = "postgres"


@dataclass(frozen=True)
class StackConfig:
    name: str
    data_dir: Path
    pg_port: int
    mail_port: int
    bff_port: int
    gateway_port: int
    auth_port: int
    realtime_port: int
    jwt_secret: str = LOCAL_JWT_SECRET
    db_password: str = LOCAL_DB_PASSWORD
    # Instances of the BFF, the redirect service and Auth (issue 41): 1, or 2 beside one Postgres and
    # one Redis. A second instance listens two ports above the first BFF/redirect, two below Auth.
    replicas: int = 1
    # The test stack's main gateway keeps the first instance of each (its suites count Auth's
    # per-instance request limits) and this second gateway balances every instance; None: the main
    # gateway balances them (./scripts/dev --replicas 2).
    replicas_gateway_port: int | None = None

    @property
    def bff_ports(self) -> list[int]:
        return [self.bff_port + 2 * i for i in range(self.replicas)]

    @property
    def redirect_ports(self) -> list[int]:
        return [port + 1 for port in self.bff_ports]

    @property
    def auth_ports(self) -> list[int]:
        # The test stack's features Auth is at auth_port - 1, so the second instance is at - 2.
        return [self.auth_port - 2 * i for i in range(self.replicas)]

    def redirect_socket_of(self, instance: int) -> Path:
        return self.redirect_socket if instance == 0 else self.data_dir / f"redirect-{instance + 1}.sock"

    @property
    def redirect_journal_dir(self) -> Path:
        """One directory for every redirect instance on this host: each worker journals to files of
        its own, and any instance replays those of a worker that is gone (toolkit_redirect/journal.py)."""
        return self.data_dir / "redirect-journal"

    @property
    def pg_dir(self) -> Path:
        return self.data_dir / "pg"

    @property
    def pg_socket_dir(self) -> Path:
        return self.data_dir / "pg-socket"

    @property
    def log_dir(self) -> Path:
        return self.data_dir / "logs"

    @property
    def mail_dir(self) -> Path:
        return self.data_dir / "mail"

    @property
    def sms_dir(self) -> Path:
        return self.data_dir / "sms"

    @property
    def sms_port(self) -> int:
        """The SMS capture (Auth's phone codes), next to the mail capture: 54326 in dev, base+26 in test."""
        return self.mail_port + 1

    @property
    def sms_capture_url(self) -> str:
        return f"http://127.0.0.1:{self.sms_port}"

    @property
    def redirect_port(self) -> int:
        """The short-link redirect service (bff/toolkit_redirect/), next to the BFF."""
        return self.bff_port + 1

    @property
    def redirect_socket(self) -> Path:
        """The redirect service's unix socket, the gateway's way in (it listens on redirect_port too)."""
        return self.data_dir / "redirect.sock"

    @property
    def apertium_port(self) -> int:
        """The translator's engine, Apertium APY: its own default port in dev, base+37 in test."""
        return 2737 if self.name == "dev" else self.gateway_port - 43

    @property
    def apertium_url(self) -> str:
        return f"http://127.0.0.1:{self.apertium_port}"

    @property
    def auth_url(self) -> str:
        return f"http://127.0.0.1:{self.auth_port}"

    @property
    def realtime_url(self) -> str:
        return f"http://127.0.0.1:{self.realtime_port}"

    @property
    def gateway_url(self) -> str:
        return f"http://localhost:{self.gateway_port}"

    def db_url(self, user: str = "authenticator") -> str:
        return f"postgresql://{user}:{self.db_password}@127.0.0.1:{self.pg_port}/postgres"

    def service_env(self) -> dict[str, str]:
        """Environment shared by the BFF and the test suites."""
        from .keys import make_api_key

        return {
            "TOOLKIT_DATABASE_URL": self.db_url(),
            "TOOLKIT_DATABASE_ADMIN_URL": self.db_url("postgres"),
            "TOOLKIT_JWT_SECRET": self.jwt_secret,
            "TOOLKIT_ANON_KEY": make_api_key(self.jwt_secret, "anon"),
            "TOOLKIT_SERVICE_ROLE_KEY": make_api_key(self.jwt_secret, "service_role"),
            "TOOLKIT_PUBLIC_URL": self.gateway_url,
            "TOOLKIT_BFF_URL": f"http://127.0.0.1:{self.bff_port}",
            "TOOLKIT_REDIRECT_URL": f"http://127.0.0.1:{self.redirect_port}",
            "TOOLKIT_MAIL_DIR": str(self.mail_dir),
            "TOOLKIT_MAIL_PORT": str(self.mail_port),
            "TOOLKIT_SMS_DIR": str(self.sms_dir),
            "TOOLKIT_AUTH_URL": self.auth_url,
            "TOOLKIT_JWKS_URL": f"{self.auth_url}/.well-known/jwks.json",
            "TOOLKIT_REALTIME_URL": self.realtime_url,
            "APERTIUM_APY_URL": self.apertium_url,
        }


def replicas_env(cfg: StackConfig) -> dict[str, str]:
    """Where each instance is, for the tests that address them one by one (bff/tests/replicas/)."""

    def urls(ports: list[int]) -> str:
        return ",".join(f"http://127.0.0.1:{port}" for port in ports)

    env = {
        "TOOLKIT_BFF_URLS": urls(cfg.bff_ports),
        "TOOLKIT_REDIRECT_URLS": urls(cfg.redirect_ports),
        "TOOLKIT_AUTH_URLS": urls(cfg.auth_ports),
        "TOOLKIT_STACK_REDIRECT_JOURNAL_DIR": str(cfg.redirect_journal_dir),
    }
    if cfg.replicas_gateway_port:
        env["TOOLKIT_REPLICAS_GATEWAY_URL"] = f"http://127.0.0.1:{cfg.replicas_gateway_port}"
    return env


def dev_config(replicas: int = 1) -> StackConfig:
    return StackConfig(
        name="dev",
        data_dir=ROOT / ".local",
        pg_port=54322,
        mail_port=54325,
        bff_port=5000,
        gateway_port=8000,
        auth_port=9999,
        realtime_port=4000,
        replicas=replicas,
    )


def test_port_base() -> int:
    # Ports are offset from TOOLKIT_TEST_PORT_BASE so several test runs (or a dev stack) can coexist.
    # Below the kernel's ephemeral range (32768–60999), where an outgoing connection could hold a port.
    return int(os.environ.get("TOOLKIT_TEST_PORT_BASE", "26300"))


def test_config(data_dir: Path, replicas: int = 1) -> StackConfig:  # noqa: PT028 (the test stack's config, not a test)
    base = test_port_base()
    return StackConfig(
        name="test",
        data_dir=data_dir,
        pg_port=base + 22,
        mail_port=base + 25,
        bff_port=base + 50,
        gateway_port=base + 80,
        auth_port=base + 99,
        realtime_port=base + 40,
        replicas=replicas,
        # The second instances: BFF base+52, redirect base+53, Auth base+97; this gateway base+81.
        replicas_gateway_port=base + 81 if replicas > 1 else None,
    )
