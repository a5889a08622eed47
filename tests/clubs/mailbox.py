"""A real SMTP server on loopback (aiosmtpd) that keeps what it receives, for the e-mail tests."""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage

from aiosmtpd.controller import Controller

from tests.outage import closed_port


class Mailbox:
    """aiosmtpd's handler: every message it accepts, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.port = closed_port()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def start(self) -> None:
        self._controller.start()

    def stop(self) -> None:
        self._controller.stop()

    def only(self) -> EmailMessage:
        assert len(self.messages) == 1, [m["Subject"] for m in self.messages]
        return self.messages[0]


def subject(message: EmailMessage) -> str:
    # A non-ASCII subject is folded onto a line of its own after "Subject:"; the parser keeps
    # the space that starts the fold.
    return str(message["Subject"]).strip()


def body(message: EmailMessage) -> str:
    return message.get_body(("plain",)).get_content()


def link(message: EmailMessage) -> str:
    """The path of the one link in the message."""
    found = re.findall(r"https?://[^/\s]+(/\S+)", body(message))
    assert len(found) == 1, body(message)
    return found[0]
