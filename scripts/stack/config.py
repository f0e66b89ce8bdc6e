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


def dev_config() -> StackConfig:
    return StackConfig(
        name="dev",
        data_dir=ROOT / ".local",
        pg_port=54322,
        mail_port=54325,
        bff_port=5000,
        gateway_port=8000,
        auth_port=9999,
        realtime_port=4000,
    )


def test_port_base() -> int:
    # Ports are offset from TOOLKIT_TEST_PORT_BASE so several test runs (or a dev stack) can coexist.
    # Below the kernel's ephemeral range (32768–60999), where an outgoing connection could hold a port.
    return int(os.environ.get("TOOLKIT_TEST_PORT_BASE", "26300"))


def test_config(data_dir: Path) -> StackConfig:
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
    )
