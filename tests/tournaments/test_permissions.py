"""Only the club's organisers run its tournaments: everybody else gets 403, as does a forged
request without the CSRF token."""

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Membership
from clubs.permissions import SITE
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services
from tournaments.models import TournamentRound

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(tournament):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    return rnd


def organiser_urls(tournament, rnd):
    slug, n = tournament.slug, rnd.number
    reg = tournament.registrations.first()
    gets = [reverse("tournaments:manage", args=[slug]),
            reverse("tournaments:manage-round", args=[slug, n]),
            reverse("tournaments:progress", args=[slug, n]),
            reverse("tournaments:print", args=[slug, n])]
    posts = [reverse("tournaments:open", args=[slug]),
             reverse("tournaments:register", args=[slug]),
             reverse("tournaments:check-in", args=[slug, reg.pk]),
             reverse("tournaments:withdraw", args=[slug, reg.pk]),
             reverse("tournaments:generate", args=[slug]),
             reverse("tournaments:knockout", args=[slug]),
             reverse("tournaments:finish", args=[slug]),
             reverse("tournaments:swap", args=[slug, n]),
             reverse("tournaments:move", args=[slug, n]),
             reverse("tournaments:publish", args=[slug, n]),
             reverse("tournaments:complete", args=[slug, n]),
             reverse("tournaments:discard", args=[slug, n]),
             reverse("tournaments:replay", args=[slug, n, 1])]
    return gets, posts


@pytest.mark.parametrize("who", ["anonymous", "member", "referee", "other-club-organiser"])
def test_non_organisers_get_403_everywhere(client, tournament, published, who):
    club = tournament.club
    if who != "anonymous":
        user = UserFactory(username=who)
        if who == "other-club-organiser":
            member(ClubFactory(), Membership.Role.ORGANISER, user=user)
        else:
            member(club, who, user=user)
        client.force_login(user)
    gets, posts = organiser_urls(tournament, published)
    reg = tournament.registrations.first()
    for url in gets:
        assert client.get(url).status_code == 403, url
    for url in posts:
        data = {"first": reg.player_id, "second": reg.player_id, "player": reg.player_id,
                "table_number": 1, "display_name": "Intruder"}
        assert client.post(url, data).status_code == 403, url
        assert client.post(url, {"table_number": "x"}).status_code == 403, url
    # Nothing changed.
    published.refresh_from_db()
    assert published.status == TournamentRound.Status.PUBLISHED
    assert tournament.registrations.count() == 16
    assert not tournament.registrations.filter(withdrawn=True).exists()
    assert tournament.rounds.count() == 1


def test_creating_needs_an_organiser(client, club):
    assert client.get(reverse("tournaments:new")).status_code == 302  # to the login page
    user = UserFactory(username="plain")
    member(club, Membership.Role.REFEREE, user=user)
    client.force_login(user)
    assert client.get(reverse("tournaments:new")).status_code == 403
    assert client.post(reverse("tournaments:new"), {"name": "X"}).status_code == 403


def test_a_forged_post_without_csrf_token_is_refused(organiser, tournament):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(organiser)
    response = browser.post(reverse("tournaments:generate", args=[tournament.slug]))
    assert response.status_code == 403
    assert not tournament.rounds.exists()
    # The same organiser with the token gets through.
    page = browser.get(reverse("tournaments:manage", args=[tournament.slug]))
    token = page.cookies["csrftoken"].value
    response = browser.post(reverse("tournaments:generate", args=[tournament.slug]),
                            {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert tournament.rounds.get().status == TournamentRound.Status.DRAFT


def test_a_draft_is_not_public(client, tournament):
    services.round_generate(tournament=tournament, actor=SITE)
    assert client.get(reverse("tournaments:round", args=[tournament.slug, 1])).status_code == 404
    draft = services.tournament_create(club=tournament.club, name="Secret",
                                       starts_on=tournament.starts_on, actor=SITE)
    assert client.get(draft.get_absolute_url()).status_code == 404
    assert "Secret" not in client.get(reverse("tournaments:list")).content.decode()
