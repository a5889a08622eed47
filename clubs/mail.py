"""E-mail from the site: one way to write and send a message, and the links that let an account
set its password.

Messages are templates (``<name>_subject.txt`` and ``<name>_body.txt``) rendered in the active
language, so a message reads in the language of the page it was sent from. The server is
whatever the settings say (EMAIL_URL or EMAIL_HOST…, docs/deployment.md; the console while
developing). A message that cannot be sent raises `MailNotSent`, so the caller can say so
instead of saying "sent".
"""

from __future__ import annotations

import logging
import smtplib

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

log = logging.getLogger(__name__)


class MailNotSent(Exception):
    """The mail server refused the message or could not be reached."""


def mail_send(*, to: str, template: str, context: dict) -> None:
    """Send one message made from ``template`` (a path without ``_subject.txt`` and
    ``_body.txt``) to the address ``to``."""
    subject = "".join(render_to_string(f"{template}_subject.txt", context).splitlines())
    body = render_to_string(f"{template}_body.txt", context)
    message = EmailMessage(subject.strip(), body, settings.DEFAULT_FROM_EMAIL, [to])
    try:
        message.send()
    except (smtplib.SMTPException, OSError) as error:  # OSError: refused, unreachable, timeout
        log.warning("E-mail %s to a user could not be sent: %s", template, error)
        raise MailNotSent(str(error)) from error


def password_link(user, site_url: str) -> str:
    """The address where ``user`` chooses a new password (or a first one), valid for
    PASSWORD_RESET_TIMEOUT and only until the password changes or the account logs in."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    path = reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(user)])
    return site_url.rstrip("/") + path
