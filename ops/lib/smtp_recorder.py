#!/usr/bin/env python3
"""A real SMTP server for the tests (aiosmtpd on 127.0.0.1): each message it receives is written
to FOLDER as NNNN.eml (the raw message) and NNNN.json (envelope, From, To, Subject and the decoded
text and HTML parts), the JSON last and atomically, so a reader that sees it sees it whole.

Usage: smtp_recorder.py FOLDER [PORT]. Prints the port it listens on, then serves until killed.
Used by the API tests (api/tests/api/support/smtp.rs) and ops/e2e.
"""
import email
import json
import os
import signal
import socket
import sys
import threading
from email import policy

from aiosmtpd.controller import Controller


class Recorder:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            number = self.count
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        text = message.get_body(("plain",))
        html = message.get_body(("html",))
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "from": str(message["From"]),
            "to": str(message["To"]),
            "subject": str(message["Subject"]),
            "text": text.get_content() if text is not None else None,
            "html": html.get_content() if html is not None else None,
        }
        base = os.path.join(self.folder, f"{number:04d}")
        with open(base + ".eml", "wb") as raw:
            raw.write(envelope.content)
        with open(base + ".json.tmp", "w", encoding="utf-8") as out:
            json.dump(record, out, ensure_ascii=False)
        os.replace(base + ".json.tmp", base + ".json")
        return "250 Message accepted for delivery"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    folder = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 else free_port()
    os.makedirs(folder, exist_ok=True)
    controller = Controller(Recorder(folder), hostname="127.0.0.1", port=port)
    controller.start()
    print(port, flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()


if __name__ == "__main__":
    main()
