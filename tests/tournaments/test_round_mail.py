"""A player who asked for it is e-mailed their table when a round is published (issue 27.2): a
task after the commit, taking ids, each player told once however often it runs; in the
language they chose it in; a refused message is tried again by the next run. A real SMTP
server on loopback."""

import pytest
from django.urls import reverse

from clubs.models import ClubAuditEntry, Preferences
from clubs.permissions import SITE
from tests.clubs.mailbox import body, subject
from tests.factories import UserFactory, member
from tests.outage import closed_port
from tournaments import services
from tournaments.models import RoundNotice

from .play import field, organised_club, tournament_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(client):
    club, organiser = organised_club()
    me = UserFactory(username="anna", email="anna@example.org")
    anna = member(club, user=me, name="Anna Volkova")
    quiet = member(club, user=UserFactory(username="quiet", email="q@example.org"),
                   name="Quiet Player")
    tournament = tournament_with(club, [anna, quiet, *field(club, 6)], name="Club Cup")
    client.force_login(me)
    return {"organiser": organiser, "me": me, "anna": anna, "tournament": tournament}


def test_asked_for_on_my_page_then_sent_once(client, cup, mailbox,
                                             django_capture_on_commit_callbacks):
    tournament, anna = cup["tournament"], cup["anna"]
    page = client.get(reverse("my-page"), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Присылать мне мой стол по почте" in page.content.decode()
    saved = client.post(reverse("preferences"), {"round_mail": "1"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert saved["Location"] == reverse("my-page")
    assert Preferences.objects.get(user=cup["me"]).language == "ru"
    assert ClubAuditEntry.objects.get(action="preferences").after == {
        "user": "anna", "round_mail": True}

    client.force_login(cup["organiser"])
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    with django_capture_on_commit_callbacks(execute=True):
        published = client.post(reverse("tournaments:publish",
                                        args=[tournament.slug, rnd.number]))
    assert published.status_code == 302
    message = mailbox.only()  # the quiet player did not ask for it
    table = next(t for t in rnd.tables.all() if anna.pk in t.player_ids)
    assert message["X-Envelope-To"] == "anna@example.org"
    assert subject(message) == f"Club Cup, тур 1: стол {table.number}"
    text = body(message)
    assert f"Тур 1: стол {table.number}, соперники: " in text
    assert "http://testserver/me/" in text
    assert RoundNotice.objects.filter(round=rnd).count() == 1
    # Run again (a redelivered task): nobody is told twice.
    assert services.round_mail(round_id=rnd.pk) == {"sent": 0, "failed": 0}
    assert len(mailbox.messages) == 1


def test_a_refused_message_is_tried_again_and_a_draft_sends_nothing(
        cup, settings, mailbox, django_capture_on_commit_callbacks):
    tournament, me = cup["tournament"], cup["me"]
    Preferences.objects.create(user=me, round_mail=True, language="en")
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    assert services.round_mail(round_id=rnd.pk) == {"sent": 0, "failed": 0}  # a draft
    port = settings.EMAIL_PORT
    settings.EMAIL_PORT = closed_port()
    with django_capture_on_commit_callbacks(execute=True) as tasks:
        # Its task runs (eagerly); the server refuses.
        services.round_publish(tournament_round=rnd, actor=SITE)
    assert len(tasks) >= 1
    assert not RoundNotice.objects.exists() and mailbox.messages == []
    settings.EMAIL_PORT = port
    assert services.round_mail(round_id=rnd.pk, site_url="https://club.example") == {
        "sent": 1, "failed": 0}
    assert "Round 1: table" in body(mailbox.only())
    assert "https://club.example/me/" in body(mailbox.only())


def test_stopping_it_and_an_account_without_an_address(client, cup, mailbox,
                                                       django_capture_on_commit_callbacks):
    client.post(reverse("preferences"), {"round_mail": "1"})
    stopped = client.post(reverse("preferences"), {}, follow=True)
    assert "You will not be e-mailed when a round is published." in stopped.content.decode()
    assert not Preferences.objects.get(user=cup["me"]).round_mail
    nobody = UserFactory(username="nomail")
    client.force_login(nobody)
    refused = client.post(reverse("preferences"), {"round_mail": "1"}, follow=True)
    assert "Your account has no e-mail address" in refused.content.decode()
    assert not Preferences.objects.filter(user=nobody).exists()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_generate(tournament=cup["tournament"], actor=SITE)
        services.round_publish(tournament_round=rnd, actor=SITE)
    assert mailbox.messages == []
