"""A loopback SMTP server that saves every message it receives as an .eml file.

Auth's sign-up confirmation and recovery mails land here, where tests and developers read them.
Run: python -m stack.mail_capture PORT DIRECTORY
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session


class SaveToDirectory:
    def __init__(self, directory: Path):
        self.directory = directory
        self.count = 0

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.count += 1
        name = f"{time.time_ns()}-{self.count}.eml"
        raw = envelope.original_content or envelope.content
        if not isinstance(raw, bytes):  # the controller runs with decode_data off: the content is bytes
            raise TypeError("expected the message's raw bytes")
        (self.directory / name).write_bytes(raw)
        return "250 Message accepted for delivery"


def main() -> None:
    port, directory = int(sys.argv[1]), Path(sys.argv[2])
    directory.mkdir(parents=True, exist_ok=True)
    controller = Controller(SaveToDirectory(directory), hostname="127.0.0.1", port=port)
    controller.start()
    print(f"mail capture listening on 127.0.0.1:{port}, saving to {directory}", flush=True)
    try:
        asyncio.run(asyncio.Event().wait())
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
