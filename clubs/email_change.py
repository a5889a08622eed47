"""A person changes their account's e-mail address (or gives one, when they signed up with a
user name only), from their own page, with their password.

Where the site sends e-mail (EMAIL_CONFIGURED, as sign-up asks), the new address must be
confirmed: a link is sent to it, made as sign-up's confirmation links are
(`PasswordResetTokenGenerator` with its own salt, valid for PASSWORD_RESET_TIMEOUT), with the
new address and the account's present one inside the hash, so that the link changes this
account to this address only, and only once (after the change the present address differs).
The address changes when the link is opened; the old address, if there was one, is then told.
Elsewhere the change applies at once.

An address is one account's: login by e-mail (clubs.backends.EmailLogin) needs it, so an
address another account has, as its e-mail or as its user name, whatever the case, is refused.
An account whose user name was its old address gets the new one as user name too.

Refusals are `EmailChangeRefused` with a code (clubs.messages.refusal words them). Both steps
are audited in the club log without a club: ``email-change-ask`` (link sent) and
``email-change``.
"""

from __future__ import annotations

from contextlib import suppress

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from .audit import audit_write
from .mail import MailNotSent, mail_send
from .models import ClubAuditEntry
from .permissions import Actor
from .refusals import Refused
from .signup import confirmation_wanted  # as a new account is: where the site sends e-mail


class EmailChangeRefused(Refused):
    """Why the address was not changed: ``wrong-password``, ``email-same``, ``email-taken``,
    ``email-not-sent`` (asking), ``email-link-invalid`` (opening the link)."""


class EmailChangeTokens(PasswordResetTokenGenerator):
    """Links that change an account's address to the one they were made for. Their own salt
    (no sign-up or password link can do it, nor the reverse); the present address, the new
    one and the password inside the hash, so a link dies once used, when the address changed
    otherwise, or when the password changed. Made for a `Change`, not a user."""

    key_salt = "triominos.clubs.email_change.EmailChangeTokens"

    def __init__(self, now=None) -> None:
        """``now``: the clock (a function giving a naive datetime), for tests."""
        super().__init__()
        if now is not None:
            self._now = now

    def _make_hash_value(self, change, timestamp):
        user = change.user
        return f"{user.pk}{user.password}{user.email}{change.new_email}{timestamp}"


class Change:
    """An account and the address it is to have, what a link is made for."""

    def __init__(self, user, new_email: str) -> None:
        self.user, self.new_email = user, new_email


email_change_tokens = EmailChangeTokens()


def _encoded(text: str) -> str:
    return urlsafe_base64_encode(force_bytes(text))


def _decoded(text: str) -> str | None:
    try:
        return force_str(urlsafe_base64_decode(text))
    except (ValueError, TypeError, UnicodeDecodeError):
        return None


def change_link(user, new_email: str, site_url: str) -> str:
    token = email_change_tokens.make_token(Change(user, new_email))
    path = reverse("email-change-confirm", args=[_encoded(str(user.pk)), _encoded(new_email),
                                                 token])
    return site_url.rstrip("/") + path


def _refuse_taken(user, new_email: str) -> None:
    model = get_user_model()
    others = model._default_manager.exclude(pk=user.pk)
    field = model.get_email_field_name()
    if (others.filter(**{f"{field}__iexact": new_email}).exists()
            or others.filter(**{f"{model.USERNAME_FIELD}__iexact": new_email}).exists()):
        raise EmailChangeRefused("email-taken", email=new_email)


def _apply(user, new_email: str) -> str:
    """Change the locked account's address (and its user name if it was the old address);
    the old address."""
    old = user.email
    fields = ["email"]
    if old and user.get_username().casefold() == old.casefold():
        setattr(user, user.USERNAME_FIELD, new_email)
        fields.append(user.USERNAME_FIELD)
    user.email = new_email
    user.save(update_fields=fields)
    audit_write(ClubAuditEntry, actor=Actor(user=user), club=None,
                action=ClubAuditEntry.Action.EMAIL_CHANGE,
                before={"email": old}, after={"email": new_email,
                                              "user": user.get_username()})
    return old


def _notice_old(old: str, user, new_email: str) -> None:
    """Tell the old address, after the change is committed; a notice that cannot be sent
    undoes nothing (the change was confirmed from the new address)."""
    if not old or not confirmation_wanted() or old.casefold() == new_email.casefold():
        return

    def send():
        with suppress(MailNotSent):  # logged by mail_send
            mail_send(to=old, template="registration/email_changed",
                      context={"user": user, "new_email": new_email})

    transaction.on_commit(send)


@transaction.atomic
def email_change_ask(*, user, new_email: str, password: str, site_url: str) -> bool:
    """Ask for ``user``'s address to become ``new_email`` (the form checked it is an address),
    proven by the account's password. True when it changed at once (the site sends no
    e-mail), False when the link was sent to the new address."""
    user = get_user_model()._default_manager.select_for_update().get(pk=user.pk)
    # As sign-up stores addresses: the domain in lower case.
    new_email = BaseUserManager.normalize_email(new_email.strip())
    if not user.check_password(password):
        raise EmailChangeRefused("wrong-password")
    if new_email.casefold() == user.email.casefold():
        raise EmailChangeRefused("email-same", email=new_email)
    _refuse_taken(user, new_email)
    if not confirmation_wanted():
        old = _apply(user, new_email)
        _notice_old(old, user, new_email)
        return True
    try:
        mail_send(to=new_email, template="registration/email_change",
                  context={"user": user, "new_email": new_email,
                           "url": change_link(user, new_email, site_url)})
    except MailNotSent:
        raise EmailChangeRefused("email-not-sent", email=new_email) from None
    audit_write(ClubAuditEntry, actor=Actor(user=user), club=None,
                action=ClubAuditEntry.Action.EMAIL_CHANGE_ASK,
                before={"email": user.email}, after={"email": new_email})
    return False


@transaction.atomic
def email_change_confirm(*, uidb64: str, emailb64: str, token: str):
    """Change the address as the link says; `EmailChangeRefused` ``email-link-invalid`` when
    it is not (or no longer) valid, ``email-taken`` when another account took the address
    meanwhile. The account, changed."""
    pk, new_email = _decoded(uidb64), _decoded(emailb64)
    model = get_user_model()
    user = None
    if pk is not None and pk.isdigit() and new_email:
        user = model._default_manager.select_for_update().filter(pk=int(pk)).first()
    if (user is None or not user.is_active
            or not email_change_tokens.check_token(Change(user, new_email), token)):
        raise EmailChangeRefused("email-link-invalid")
    _refuse_taken(user, new_email)
    old = _apply(user, new_email)
    _notice_old(old, user, new_email)
    return user
