"""./scripts/dev: the whole stack on the developer ports, data kept in .local/."""

from __future__ import annotations

import argparse
import shutil
import sys
import time

from . import demo_accounts
from .config import dev_config
from .services import build_app
from .stack import say, start_stack
from .supervisor import StackError, Supervisor, raise_on_termination_signals


def main() -> int:
    parser = argparse.ArgumentParser(prog="scripts/dev")
    parser.add_argument("--reset", action="store_true", help="wipe .local/ data before starting")
    parser.add_argument(
        "--replicas",
        type=int,
        choices=(1, 2),
        default=1,
        help="instances of the BFF, the redirect service and Auth behind the gateway (default 1)",
    )
    args = parser.parse_args()
    cfg = dev_config(args.replicas)
    if args.reset and cfg.data_dir.exists():
        say("wiping .local/ (database, mail, logs)")
        shutil.rmtree(cfg.data_dir)
    cfg.data_dir.mkdir(exist_ok=True)
    raise_on_termination_signals()
    sup = Supervisor(cfg.log_dir)
    try:
        if build_app():
            say("built the app")
        start_stack(cfg, sup, durable=True)
        env = cfg.service_env()
        accounts, created = demo_accounts.ensure(
            cfg.auth_url,
            env["TOOLKIT_SERVICE_ROLE_KEY"],
            env["TOOLKIT_DATABASE_ADMIN_URL"],
            cfg.data_dir / demo_accounts.STATE_FILE,
        )
        if created:
            say(f"created the demo accounts {', '.join(created)}")
        print(
            f"\nToolkit is running at {cfg.gateway_url}\n{demo_accounts.describe(accounts)}\n"
            f"Logs: {cfg.log_dir}  ·  Ctrl-C stops everything.",
            flush=True,
        )
        while (dead := sup.first_exited()) is None:
            time.sleep(1)
        say(f"{dead.name} stopped unexpectedly:\n{sup.tail(dead)}")
        return 1
    except (StackError, demo_accounts.DemoAccountError) as exc:
        say(f"error: {exc}")
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        say("stopping")
        sup.stop_all()


if __name__ == "__main__":
    sys.exit(main())
