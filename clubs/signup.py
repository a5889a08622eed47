"""A person makes their own account: a user name (or their e-mail address as one) and a
password. Where the site sends e-mail (EMAIL_CONFIGURED), the account waits inactive until the
link sent to its address is followed; elsewhere (a club's laptop, `make run`) it can log in at
once. Either way the account is nobody's player yet: its owner asks to be linked to their
player in a club (clubs/claims.py).

Both steps are audited in the club log without a club (an account belongs to no club).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from .audit import audit_write
from .mail import MailNotSent, mail_send
from .models import ClubAuditEntry
from .permissions import Actor


class SignUpRefused(Exception):
    """Why the account was not made (or not confirmed), in the reader's language."""


class ConfirmationTokens(PasswordResetTokenGenerator):
    """Links that confirm a new account's address: their own salt (a password reset link
    cannot confirm, nor the reverse), and the account's state inside the hash, so a link
    stops working once it has been used."""

    key_salt = "triominos.clubs.signup.ConfirmationTokens"

    def _make_hash_value(self, user, timestamp):
        return f"{user.pk}{user.is_active}{user.email}{timestamp}"


confirmation_tokens = ConfirmationTokens()


def confirmation_wanted() -> bool:
    """Whether a new account must confirm its address: only where the site sends e-mail."""
    return bool(settings.EMAIL_CONFIGURED)


def confirmation_link(user, site_url: str) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    path = reverse("signup-confirm", args=[uid, confirmation_tokens.make_token(user)])
    return site_url.rstrip("/") + path


@transaction.atomic
def account_sign_up(*, username: str, email: str, password: str, site_url: str):
    """The new account, active at once unless its address must be confirmed first; then the
    link is sent, and nothing is kept when the message could not be sent. The form has
    checked the name, the address and the password (Django's validators)."""
    confirm = confirmation_wanted()
    user = get_user_model().objects.create_user(username=username, email=email,
                                                password=password, is_active=not confirm)
    audit_write(ClubAuditEntry, actor=Actor(user=user), club=None,
                action=ClubAuditEntry.Action.SIGN_UP,
                after={"user": user.get_username(), "confirm_by_mail": confirm})
    if confirm:
        try:
            mail_send(to=email, template="registration/signup_confirm",
                      context={"user": user, "url": confirmation_link(user, site_url)})
        except MailNotSent:
            raise SignUpRefused(_("The e-mail to confirm your address could not be sent: the "
                                  "mail server did not take it. No account was made; try again "
                                  "later.")) from None
    return user


def user_from_link(uidb64: str):
    try:
        pk = int(force_str(urlsafe_base64_decode(uidb64)))
    except (ValueError, TypeError, OverflowError):
        return None
    return get_user_model().objects.filter(pk=pk).first()


@transaction.atomic
def account_confirm(*, uidb64: str, token: str):
    """Activate the account the link was made for; SignUpRefused when the link is not (or no
    longer) valid. Following a used link again is refused: the account is active already."""
    user = user_from_link(uidb64)
    if user is not None:
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
    if user is None or user.is_active or not confirmation_tokens.check_token(user, token):
        raise SignUpRefused(_("This link does not confirm any account waiting for it: it was "
                              "used already, has expired or was copied incompletely."))
    user.is_active = True
    user.save(update_fields=["is_active"])
    audit_write(ClubAuditEntry, actor=Actor(user=user), club=None,
                action=ClubAuditEntry.Action.SIGN_UP_CONFIRM,
                after={"user": user.get_username()})
    return user
