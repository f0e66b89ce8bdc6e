"""python -m local_realtime: the service, configured by the environment (config.py)."""

import asyncio
import logging

from .config import Config
from .server import Server

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection
asyncio.run(Server(Config.from_env()).run())
