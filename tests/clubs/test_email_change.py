"""A person changes their account's e-mail address from their page (or gives one): with their
password; where the site sends e-mail, through a link sent to the new address (a real SMTP
server on loopback) that works once and expires, the old address then told; elsewhere at once.
Each refusal says why and changes nothing."""

from datetime import datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs import email_change
from clubs.email_change import EmailChangeRefused, EmailChangeTokens
from clubs.messages import refusal
from clubs.models import ClubAuditEntry
from tests.factories import UserFactory

from .mailbox import body, link, subject

pytestmark = pytest.mark.django_db
User = get_user_model()
SITE_URL = "http://testserver/"


@pytest.fixture
def mailbox(mailbox, settings):
    """The shared SMTP server, with the site told that it sends e-mail (changes confirm then)."""
    settings.EMAIL_CONFIGURED = True
    return mailbox


@pytest.fixture
def anna():
    return UserFactory(username="anna", email="anna@example.org")


def _ask(user, new_email, password="pw"):
    return email_change.email_change_ask(user=user, new_email=new_email, password=password,
                                         site_url=SITE_URL)


def _link_parts(path: str) -> dict:
    uidb64, emailb64, token = path.strip("/").split("/")[-3:]
    return {"uidb64": uidb64, "emailb64": emailb64, "token": token}


# The service.

def test_without_e_mail_the_change_applies_at_once_and_is_audited(anna, settings):
    settings.EMAIL_CONFIGURED = False
    assert _ask(anna, "Anna.New@EXAMPLE.org") is True
    anna.refresh_from_db()
    assert (anna.email, anna.username) == ("Anna.New@example.org", "anna")
    entry = ClubAuditEntry.objects.get()
    assert (entry.action, entry.username, entry.club, entry.before, entry.after) == (
        "email-change", "anna", None, {"email": "anna@example.org"},
        {"email": "Anna.New@example.org", "user": "anna"})


def test_an_account_without_an_address_gets_one(settings):
    settings.EMAIL_CONFIGURED = False
    boris = UserFactory(username="boris", email="")
    assert _ask(boris, "boris@example.org") is True
    boris.refresh_from_db()
    assert boris.email == "boris@example.org"


def test_a_user_name_that_was_the_old_address_follows_it(settings):
    settings.EMAIL_CONFIGURED = False
    vera = UserFactory(username="Vera@example.org", email="Vera@example.org")
    _ask(vera, "vera@example.net")
    vera.refresh_from_db()
    assert (vera.username, vera.email) == ("vera@example.net", "vera@example.net")


@pytest.mark.parametrize(("new_email", "password", "code"), [
    ("new@example.org", "wrong", "wrong-password"),
    ("ANNA@example.org", "pw", "email-same"),
    ("Taken@Example.org", "pw", "email-taken"),       # another account's address
    ("gleb@example.org", "pw", "email-taken"),        # another account's user name
])
def test_refusals_change_nothing(anna, settings, new_email, password, code):
    settings.EMAIL_CONFIGURED = False
    UserFactory(username="taker", email="taken@example.org")
    UserFactory(username="gleb@example.org", email="")
    with pytest.raises(EmailChangeRefused) as refused:
        _ask(anna, new_email, password)
    assert refused.value.code == code
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"
    assert not ClubAuditEntry.objects.exists()
    worded = {}
    for language in ("en", "ru", "de"):
        with translation.override(language):
            worded[language] = refusal(refused.value)
    assert len(set(worded.values())) == 3 and all(f"({code})" not in w for w in worded.values())


def test_with_e_mail_the_link_changes_the_address_once(anna, mailbox,
                                                       django_capture_on_commit_callbacks):
    assert _ask(anna, "anna@example.net") is False
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"  # not yet
    message = mailbox.only()
    assert message["To"] == "anna@example.net"
    assert subject(message) == "Triominos Club: confirm your new e-mail address"
    assert [e.action for e in ClubAuditEntry.objects.all()] == ["email-change-ask"]
    parts = _link_parts(link(message))
    mailbox.messages.clear()
    with django_capture_on_commit_callbacks(execute=True):
        changed = email_change.email_change_confirm(**parts)
    assert changed.email == "anna@example.net"
    # The old address is told.
    notice = mailbox.only()
    assert notice["To"] == "anna@example.org"
    assert subject(notice) == "Triominos Club: your e-mail address was changed"
    assert "anna@example.net" in body(notice)
    assert [e.action for e in ClubAuditEntry.objects.order_by("pk")] == [
        "email-change-ask", "email-change"]
    # Single use.
    with pytest.raises(EmailChangeRefused) as again:
        email_change.email_change_confirm(**parts)
    assert again.value.code == "email-link-invalid"


def test_a_link_expires_and_cannot_be_bent(anna, mailbox, settings, monkeypatch):
    made_at = datetime(2026, 5, 9, 12, 0)
    monkeypatch.setattr(email_change, "email_change_tokens", EmailChangeTokens(now=lambda: made_at))
    _ask(anna, "anna@example.net")
    parts = _link_parts(link(mailbox.only()))
    later = made_at + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 1)
    monkeypatch.setattr(email_change, "email_change_tokens", EmailChangeTokens(now=lambda: later))
    with pytest.raises(EmailChangeRefused, match="email-link-invalid"):
        email_change.email_change_confirm(**parts)
    # Within the time it works — but not for another address, nor for another account.
    in_time = made_at + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT - 60)
    monkeypatch.setattr(email_change, "email_change_tokens", EmailChangeTokens(now=lambda: in_time))
    other = UserFactory(username="boris", email="boris@example.org")
    bent = [
        {**parts, "emailb64": email_change._encoded("evil@example.org")},
        {**parts, "uidb64": email_change._encoded(str(other.pk))},
        {**parts, "uidb64": "!!"},
        {**parts, "token": parts["token"][:-2] + "xx"},
    ]
    for wrong in bent:
        with pytest.raises(EmailChangeRefused, match="email-link-invalid"):
            email_change.email_change_confirm(**wrong)
    email_change.email_change_confirm(**parts)
    anna.refresh_from_db()
    assert anna.email == "anna@example.net"


def test_a_password_change_kills_the_link(anna, mailbox):
    _ask(anna, "anna@example.net")
    anna.set_password("other-pw")
    anna.save()
    with pytest.raises(EmailChangeRefused, match="email-link-invalid"):
        email_change.email_change_confirm(**_link_parts(link(mailbox.only())))


def test_an_address_taken_meanwhile_is_refused_on_opening(anna, mailbox):
    _ask(anna, "anna@example.net")
    UserFactory(username="quick", email="Anna@example.net")
    with pytest.raises(EmailChangeRefused) as refused:
        email_change.email_change_confirm(**_link_parts(link(mailbox.only())))
    assert refused.value.code == "email-taken"
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"


def test_a_mail_server_that_refuses_changes_nothing(anna, settings):
    settings.EMAIL_CONFIGURED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    from tests.outage import closed_port

    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", closed_port()
    with pytest.raises(EmailChangeRefused, match="email-not-sent"):
        _ask(anna, "anna@example.net")
    assert not ClubAuditEntry.objects.exists()


# The pages.

def test_my_page_shows_the_form_within_its_query_budget(client, anna, settings,
                                                        django_assert_max_num_queries):
    settings.EMAIL_CONFIGURED = False
    client.force_login(anna)
    with django_assert_max_num_queries(3):  # the session, the account, the claim
        page = client.get(reverse("my-page")).content.decode()
    assert 'id="email-change"' in page and "Your address now: anna@example.org." in page
    assert "the new address applies at once" in page


def test_changing_at_once_from_the_page(client, anna, settings, django_assert_max_num_queries):
    settings.EMAIL_CONFIGURED = False
    client.force_login(anna)
    with django_assert_max_num_queries(8):
        answer = client.post(reverse("email-change"), {"email": "anna@example.net",
                                                       "password": "pw"})
    assert (answer.status_code, answer["Location"]) == (302, reverse("my-page"))
    page = client.get(reverse("my-page")).content.decode()
    assert "Your e-mail address is anna@example.net now." in page


@pytest.mark.parametrize(("fields", "field", "words"), [
    ({"email": "new@example.org", "password": "nope"}, "password", "That is not your password"),
    ({"email": "taken@example.org", "password": "pw"}, "email",
     "Another account has the address taken@example.org already"),
    ({"email": "not-an-address", "password": "pw"}, "email", "Enter a valid email address."),
])
def test_page_refusals_keep_what_was_typed(client, anna, settings, fields, field, words,
                                           django_assert_max_num_queries):
    settings.EMAIL_CONFIGURED = False
    UserFactory(username="taker", email="taken@example.org")
    client.force_login(anna)
    with django_assert_max_num_queries(6):
        answer = client.post(reverse("email-change"), fields)
    assert answer.status_code == 400
    assert any(words in error for error in answer.context["form"].errors[field])
    assert f'value="{fields["email"]}"' in answer.content.decode()
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"


def test_a_refusal_in_russian(client, anna, settings):
    settings.EMAIL_CONFIGURED = False
    client.force_login(anna)
    answer = client.post(reverse("email-change"), {"email": "new@example.org", "password": "x"},
                         HTTP_ACCEPT_LANGUAGE="ru")
    assert "Это не ваш пароль" in answer.content.decode()


def test_the_link_from_the_page_by_mail(client, anna, mailbox, django_assert_max_num_queries,
                                        django_capture_on_commit_callbacks):
    client.force_login(anna)
    answer = client.post(reverse("email-change"), {"email": "anna@example.net",
                                                   "password": "pw"})
    assert answer["Location"] == reverse("my-page")
    assert "We sent a link to anna@example.net." in client.get(reverse("my-page")).content.decode()
    path = link(mailbox.only())
    assert "the account “anna” use this e-mail address" in body(mailbox.only())
    mailbox.messages.clear()
    with django_assert_max_num_queries(8), django_capture_on_commit_callbacks(execute=True):
        opened = client.get(path)
    assert (opened.status_code, opened["Location"]) == (302, reverse("my-page"))
    anna.refresh_from_db()
    assert anna.email == "anna@example.net"
    assert mailbox.only()["To"] == "anna@example.org"
    # Logging in by the new address works; a second opening is refused in words.
    assert Client().login(username="anna@example.net", password="pw")
    again = Client().get(path)
    assert again.status_code == 400
    assert "This link does not change any address" in again.content.decode()


def test_the_messages_in_russian(client, anna, mailbox, django_capture_on_commit_callbacks):
    client.force_login(anna)
    client.post(reverse("email-change"), {"email": "anna@example.net", "password": "pw"},
                HTTP_ACCEPT_LANGUAGE="ru")
    message = mailbox.only()
    assert subject(message) == "Triominos Club: подтвердите новый адрес электронной почты"
    assert "учётная запись «anna»" in body(message)
    mailbox.messages.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.get(link(message), HTTP_ACCEPT_LANGUAGE="ru")
    assert subject(mailbox.only()) == "Triominos Club: ваш адрес электронной почты изменён"
    page = client.get(reverse("my-page"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Теперь ваш адрес электронной почты — anna@example.net." in page


def test_the_link_opened_logged_out_asks_to_log_in(anna, mailbox):
    _ask(anna, "anna@example.net")
    opened = Client().get(link(mailbox.only()))
    assert opened["Location"] == reverse("login") + "?next=" + reverse("my-page")
    anna.refresh_from_db()
    assert anna.email == "anna@example.net"


def test_the_form_needs_a_login(client):
    assert client.get(reverse("email-change"))["Location"].startswith(reverse("login"))
