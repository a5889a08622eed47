"""E-mail that arrives (issue 24, item 6): the settings read from the environment, a real SMTP
server on loopback (aiosmtpd), a forgotten password reset and an account's first password set,
imported accounts included, in English and Russian."""

import os
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.models import ClubAuditEntry, Membership
from tests.factories import ClubFactory, UserFactory, member
from tests.outage import closed_port
from tests.processes import ROOT

from .mailbox import body, link, subject

pytestmark = pytest.mark.django_db
PASSWORD = "tri-omino-42-hex"


def imported_account(username: str, email: str = ""):
    """An account as a club archive creates it: no usable password."""
    user = get_user_model().objects.create(username=username, email=email)
    user.set_unusable_password()
    user.save()
    return user


def choose_password(client, path: str, language: str = "en"):
    """Follow a link from a message and choose a password there; the page that follows."""
    opened = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert opened.status_code == 302  # Django moves the token out of the address first
    form = client.get(opened["Location"], HTTP_ACCEPT_LANGUAGE=language)
    assert form.status_code == 200 and 'name="new_password1"' in form.content.decode()
    return client.post(opened["Location"], {"new_password1": PASSWORD,
                                            "new_password2": PASSWORD},
                       HTTP_ACCEPT_LANGUAGE=language)


def logs_in(username: str) -> bool:
    return Client().login(username=username, password=PASSWORD)


RESET = {
    "en": ("Your new password for Triominos Club",
           "Choose the password here (the link works for three days, once):", "“anna”"),
    "ru": ("Новый пароль для Triominos Club",
           "Выберите пароль по этой ссылке (она действует три дня и один раз):", "«anna»"),
}


@pytest.mark.parametrize("language", RESET)
def test_a_forgotten_password_is_reset_through_a_real_mail_server(client, mailbox, language):
    UserFactory(username="anna", email="anna@example.org")
    asked = client.post(reverse("password_reset"), {"email": "Anna@Example.org"},
                        HTTP_ACCEPT_LANGUAGE=language)
    assert (asked.status_code, asked["Location"]) == (302, reverse("password_reset_done"))
    message = mailbox.only()
    expected, line, account = RESET[language]
    assert (message["To"], subject(message)) == ("anna@example.org", expected)
    assert line in body(message) and account in body(message)
    saved = choose_password(client, link(message), language)
    assert saved["Location"] == reverse("password_reset_complete")
    assert logs_in("anna")
    used = client.get(link(message), follow=True, HTTP_ACCEPT_LANGUAGE=language)
    assert used.context["validlink"] is False


def test_an_imported_account_with_an_address_gets_its_first_password_from_the_reset_form(
        client, mailbox):
    imported_account("boris", "boris@example.org")
    client.post(reverse("password_reset"), {"email": "boris@example.org"})
    message = mailbox.only()
    assert subject(message) == "Your first password for Triominos Club"
    assert "The account has no password yet: this link sets its first one." in body(message)
    choose_password(client, link(message))
    assert logs_in("boris")


def test_nobody_is_told_whether_an_address_has_an_account(client, mailbox):
    UserFactory(username="off", email="off@example.org", is_active=False)
    for address in ("nobody@example.org", "off@example.org"):
        asked = client.post(reverse("password_reset"), {"email": address})
        assert asked["Location"] == reverse("password_reset_done")
    assert mailbox.messages == []


@pytest.fixture
def club_with_boris(client):
    club = ClubFactory(name="Triangle")
    organiser = UserFactory(username="boss")
    member(club, Membership.Role.ORGANISER, user=organiser, name="Boss")
    boris = member(club, name="Boris Petrov")
    boris.user = imported_account("boris")
    boris.save(update_fields=["user"])
    client.force_login(organiser)
    url = reverse("clubs:member-password",
                  args=[club.slug, Membership.objects.get(player=boris).pk])
    return club, boris, url


INVITE = {
    "en": ("Your account at Triangle: choose your password",
           "Your account there is “boris” (player Boris Petrov), and it has no password yet."),
    "ru": ("Ваша учётная запись в клубе Triangle: выберите пароль",
           "Ваша учётная запись там — «boris» (игрок Boris Petrov), и пароля у неё пока нет."),
}


@pytest.mark.parametrize("language", INVITE)
def test_an_organiser_sends_an_imported_account_the_link_to_its_first_password(
        client, mailbox, club_with_boris, language):
    club, boris, url = club_with_boris
    page = client.get(reverse("clubs:club-detail", args=[club.slug]))
    assert f'action="{url}"' in page.content.decode()
    sent = client.post(url, {"email": "boris@example.org"}, HTTP_ACCEPT_LANGUAGE=language)
    assert sent.status_code == 302
    message = mailbox.only()
    expected, line = INVITE[language]
    assert (message["To"], subject(message)) == ("boris@example.org", expected)
    assert line in body(message)
    entry = ClubAuditEntry.objects.get(action=ClubAuditEntry.Action.ACCOUNT_PASSWORD_LINK)
    assert (entry.username, entry.after) == ("boss", {
        "player": "Boris Petrov", "player_id": boris.pk, "user": "boris", "email_changed": True})
    assert "boris@example.org" not in str(entry.after)  # archives carry the audit elsewhere
    choose_password(Client(), link(message), language)
    assert logs_in("boris")
    assert get_user_model().objects.get(username="boris").email == "boris@example.org"
    # With a password now, the account is its owner's: no second link from the organiser.
    again = client.post(url, {"email": "other@example.org"})
    assert again.status_code == 400
    assert "has a password already" in again.content.decode()
    assert len(mailbox.messages) == 1


def test_refusals_send_nothing_and_write_nothing(client, mailbox, club_with_boris, settings):
    club, boris, url = club_with_boris
    for data, text in (({"email": "not an address"}, "Type the e-mail address"),
                       ({}, "Type the e-mail address")):
        refused = client.post(url, data)
        assert refused.status_code == 400 and text in refused.content.decode()
    get_user_model().objects.filter(username="boris").update(is_staff=True)
    refused = client.post(url, {"email": "boris@example.org"})
    assert "Only a site administrator" in refused.content.decode()
    get_user_model().objects.filter(username="boris").update(is_staff=False)
    # The mail server is down: the organiser is told, and the address is not kept.
    settings.EMAIL_PORT = closed_port()
    refused = client.post(url, {"email": "boris@example.org"})
    assert refused.status_code == 400
    assert "The e-mail could not be sent" in refused.content.decode()
    assert mailbox.messages == []
    assert get_user_model().objects.get(username="boris").email == ""
    assert not ClubAuditEntry.objects.filter(
        action=ClubAuditEntry.Action.ACCOUNT_PASSWORD_LINK).exists()
    # Someone who does not organise the club may not.
    client.force_login(UserFactory(username="stranger"))
    assert client.post(url, {"email": "x@example.org"}).status_code == 403


# -- the settings, read from the environment by a process of its own ---------------------------

def _send_test_email(**env):
    kept = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")
            and k not in ("DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    return subprocess.run([sys.executable, "manage.py", "sendtestemail", "anna@example.org"],
                          cwd=ROOT, env={**kept, **env}, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("variables", ["EMAIL_URL", "EMAIL_HOST"])
def test_the_mail_server_is_read_from_the_environment(mailbox, variables):
    env = ({"EMAIL_URL": f"smtp://127.0.0.1:{mailbox.port}"} if variables == "EMAIL_URL"
           else {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(mailbox.port)})
    sent = _send_test_email(DEBUG="1", DEFAULT_FROM_EMAIL="Club <club@example.org>", **env)
    assert sent.returncode == 0, sent.stderr
    message = mailbox.only()
    assert message["To"] == "anna@example.org" and message["From"] == "Club <club@example.org>"


def test_without_a_mail_server_make_run_prints_each_message():
    printed = _send_test_email(DEBUG="1")
    assert printed.returncode == 0, printed.stderr
    assert "To: anna@example.org" in printed.stdout and "Subject: Test email from" in (
        printed.stdout)
