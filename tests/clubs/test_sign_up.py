"""A person makes their own account (issue 27.1): with a user name or the e-mail address as one;
where the site sends e-mail, the account waits for its address to be confirmed (a real SMTP
server on loopback); logging in by the e-mail address; refusals say why and make nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.models import ClubAuditEntry
from tests.factories import UserFactory

from .mailbox import body, link, subject

pytestmark = pytest.mark.django_db
PASSWORD = "tri-omino-42-hex"
User = get_user_model()


def _form(**fields):
    return {"username": "", "email": "", "password1": PASSWORD, "password2": PASSWORD,
            **fields}


@pytest.fixture
def mailbox(mailbox, settings):
    """The shared SMTP server, with the site told that it sends e-mail (sign-up confirms then)."""
    settings.EMAIL_CONFIGURED = True
    return mailbox


def test_without_e_mail_the_account_logs_in_at_once(client, settings):
    settings.EMAIL_CONFIGURED = False
    page = client.get(reverse("signup"))
    assert page.status_code == 200 and 'name="password2"' in page.content.decode()
    answer = client.post(reverse("signup"), _form(username="anna"))
    assert (answer.status_code, answer["Location"]) == (302, reverse("claim"))
    user = User.objects.get(username="anna")
    assert user.is_active and user.email == "" and user.check_password(PASSWORD)
    welcome = client.get(reverse("claim")).content.decode()
    assert "Welcome! Your account “anna” is ready." in welcome
    assert client.get(reverse("my-page")).context["user"] == user
    entry = ClubAuditEntry.objects.get(action="sign-up")
    assert (entry.username, entry.club, entry.after) == (
        "anna", None, {"user": "anna", "confirm_by_mail": False})


def test_the_e_mail_address_as_the_user_name_and_logging_in_with_it(client, settings):
    settings.EMAIL_CONFIGURED = False
    client.post(reverse("signup"), _form(email="Boris@Example.org"))
    user = User.objects.get(email__iexact="boris@example.org")
    assert (user.username, user.email) == ("Boris@Example.org", "Boris@example.org")
    other = UserFactory(username="vera", email="vera@example.org", password=PASSWORD)
    fresh = Client()
    logged = fresh.post(reverse("login"), {"username": "VERA@example.org",
                                           "password": PASSWORD})
    assert logged.status_code == 302
    assert fresh.get(reverse("my-page")).context["user"] == other
    wrong = Client().post(reverse("login"), {"username": "vera@example.org",
                                             "password": "nope"})
    assert wrong.status_code == 200 and "correct username and password" in \
        wrong.content.decode()


@pytest.mark.parametrize(("fields", "field", "words"), [
    ({}, "__all__", "Choose a user name or give your e-mail address."),
    ({"username": "anna"}, "username", "A user with that username already exists."),
    ({"username": "ANNA"}, "username", "A user with that username already exists."),
    ({"username": "new", "email": "ANNA@example.org"}, "email",
     "An account with this e-mail address exists already"),
    ({"username": "has space"}, "username", "Enter a valid username."),
    ({"username": "new", "password2": "other-42-hex"}, "password2",
     "The two password fields didn’t match."),
    ({"username": "new", "password1": "123", "password2": "123"}, "password2",
     "This password is too short."),
])
def test_refusals_say_why_and_make_nothing(client, settings, fields, field, words):
    settings.EMAIL_CONFIGURED = False
    UserFactory(username="anna", email="anna@example.org")
    before = User.objects.count()
    answer = client.post(reverse("signup"), _form(**fields))
    assert answer.status_code == 400
    assert any(words in error for error in answer.context["form"].errors[field]), \
        answer.context["form"].errors
    assert User.objects.count() == before
    assert not ClubAuditEntry.objects.exists()


def test_with_e_mail_the_address_is_confirmed_first(client, mailbox):
    form = client.get(reverse("signup")).context["form"]
    assert form.fields["email"].required
    assert client.post(reverse("signup"), _form(username="gleb")).status_code == 400
    answer = client.post(reverse("signup"), _form(username="gleb", email="gleb@example.org"))
    assert answer.status_code == 200
    assert "We sent a link to gleb@example.org." in answer.content.decode()
    user = User.objects.get(username="gleb")
    assert not user.is_active
    assert not Client().login(username="gleb", password=PASSWORD)
    message = mailbox.only()
    assert subject(message) == "Triominos Club: confirm your e-mail address"
    assert "the account “gleb”" in body(message)
    path = link(message)
    confirmed = client.get(path)
    assert (confirmed.status_code, confirmed["Location"]) == (302, reverse("claim"))
    user.refresh_from_db()
    assert user.is_active and Client().login(username="gleb", password=PASSWORD)
    assert [e.action for e in ClubAuditEntry.objects.order_by("pk")] == [
        "sign-up", "sign-up-confirm"]
    # The link works once.
    again = Client().get(path)
    assert again.status_code == 400
    assert "This link does not confirm any account waiting for it" in again.content.decode()


def test_a_confirmation_in_russian_and_a_mangled_link(client, mailbox):
    client.post(reverse("signup"), _form(username="dasha", email="dasha@example.org"),
                HTTP_ACCEPT_LANGUAGE="ru")
    assert subject(mailbox.only()) == "Triominos Club: подтвердите адрес электронной почты"
    assert client.get(link(mailbox.only())[:-3] + "xyz/").status_code == 400
    assert client.get(reverse("signup-confirm", args=["!!", "x-y"])).status_code == 400
    assert not User.objects.get(username="dasha").is_active


def test_a_mail_server_that_refuses_leaves_no_account(client, settings):
    settings.EMAIL_CONFIGURED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    from tests.outage import closed_port

    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port()
    answer = client.post(reverse("signup"), _form(username="egor", email="egor@example.org"))
    assert answer.status_code == 400
    assert "could not be sent" in answer.content.decode()
    assert not User.objects.filter(username="egor").exists()
    assert not ClubAuditEntry.objects.exists()


def test_the_login_throttle_still_holds(client, settings):
    settings.EMAIL_CONFIGURED = False
    UserFactory(username="fedor", password=PASSWORD)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "fedor", "password": "wrong"})
    locked = client.post(reverse("login"), {"username": "fedor", "password": PASSWORD})
    assert locked.status_code == 429


def test_a_signed_in_person_is_sent_to_their_page(client):
    client.force_login(UserFactory(username="ira"))
    assert client.get(reverse("signup"))["Location"] == reverse("my-page")
