"""Bring the whole local stack up in order; shared by scripts/dev and scripts/test."""

from __future__ import annotations

import sys

from . import postgres
from .auth import start_auth, start_sms_capture
from .config import ROOT, StackConfig
from .gateway import start_gateway
from .ratelimit_store import start_ratelimit_store
from .realtime import start_realtime
from .services import start_bff, start_redirect
from .supervisor import Supervisor
from .translation_engine import start_apertium


def say(message: str) -> None:
    print(f"\033[1;34m[toolkit]\033[0m {message}", file=sys.stderr, flush=True)


def ports(numbers: list[int]) -> str:
    return " and ".join(str(n) for n in numbers)


def start_stack(cfg: StackConfig, sup: Supervisor, *, durable: bool) -> None:
    if postgres.init_cluster(cfg):
        say(f"created a new Postgres cluster in {cfg.pg_dir}")
    postgres.start_postgres(cfg, sup, durable=durable)
    say(f"postgres ready on {cfg.pg_port}")
    with postgres.superuser_connection(cfg) as conn:
        postgres.bootstrap(conn, cfg.db_password)
        for name in postgres.apply_migrations(conn):
            say(f"applied migration {name}")
        if postgres.apply_seed(conn):
            say("applied supabase/seed.sql")
    sup.start(
        "mail",
        [sys.executable, "-m", "stack.mail_capture", str(cfg.mail_port), str(cfg.mail_dir)],
        port=cfg.mail_port,
        cwd=ROOT / "scripts",
    )
    say(f"mail capture ready on {cfg.mail_port} (messages in {cfg.mail_dir})")
    start_sms_capture(cfg, sup)
    say(f"SMS capture ready on {cfg.sms_port} (text messages in {cfg.sms_dir})")
    start_ratelimit_store(cfg, sup)  # before the BFF: its workers count rate limits there
    start_auth(cfg, sup)
    say(f"auth ready on {ports(cfg.auth_ports)}")
    start_realtime(cfg, sup)
    say(f"realtime ready on {cfg.realtime_port}")
    for left_out in start_apertium(cfg, sup):  # before the BFF, whose translator it is
        say(f"translation pair left out, its data is incomplete: {left_out}")
    say(f"translation engine (Apertium APY) ready on {cfg.apertium_port}")
    start_bff(cfg, sup)
    say(f"BFF ready on {ports(cfg.bff_ports)}")
    start_redirect(cfg, sup)
    say(f"redirect service ready on {ports(cfg.redirect_ports)}")
    start_gateway(cfg, sup)
    say(f"gateway ready on {cfg.gateway_port}")
    if cfg.replicas_gateway_port:
        say(f"gateway of every replica ready on {cfg.replicas_gateway_port}")
