"""Public pages from the cache: ETag and 304, a write shown at once, no queries on a warm
cache, nobody's private buttons shown to anybody else, each language cached on its own."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache.backends.locmem import LocMemCache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import data_version
from clubs.models import Player
from clubs.permissions import SITE
from ratings.services import ratings_recompute
from scoring.models import Game
from tests.factories import member
from tests.ratings.test_ratings_db import finished_game
from tests.tournaments.play import field, organised_club, run_round, tournament_with
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def site():
    """A club with an organiser, a tournament whose first round is played and second is being
    played, and the ratings its finished games gave."""
    club, organiser = organised_club()
    players = field(club, 8)
    tournament = tournament_with(club, players)
    run_round(tournament)
    second = tournament_services.round_generate(tournament=tournament, actor=SITE)
    tournament_services.round_publish(tournament_round=second, actor=SITE)
    ratings_recompute()
    finished = Game.objects.filter(status=Game.Status.FINISHED).order_by("pk").first()
    live = Game.objects.filter(status=Game.Status.PLAYING).order_by("pk").first()
    return {"club": club, "organiser": organiser, "players": players,
            "tournament": tournament, "finished": finished, "live": live}


def pages(site) -> dict[str, str]:
    slug = site["tournament"].slug
    return {
        "home": reverse("home"),
        "rankings": reverse("ratings:rankings"),
        "clubs": reverse("clubs:club-list"),
        "club": reverse("clubs:club-detail", args=[site["club"].slug]),
        "player": reverse("ratings:player-detail", args=[site["players"][0].pk]),
        "games": reverse("scoring:game-list"),
        "live game": reverse("scoring:game-detail", args=[site["live"].pk]),
        "finished game": reverse("scoring:game-detail", args=[site["finished"].pk]),
        "tournaments": reverse("tournaments:list"),
        "tournament": reverse("tournaments:detail", args=[slug]),
        "round": reverse("tournaments:round", args=[slug, 2]),
        "standings": reverse("tournaments:standings", args=[slug]),
        "bracket": reverse("tournaments:bracket", args=[slug]),
        "results": reverse("tournaments:results", args=[slug]),
    }


PAGES = ["home", "rankings", "clubs", "club", "player", "games", "live game", "finished game",
         "tournaments", "tournament", "round", "standings", "bracket", "results"]


def without_token(html: bytes) -> str:
    return re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[A-Za-z0-9]{64}"', r"\1",
                  html.decode())


@pytest.mark.parametrize("name", PAGES)
def test_each_public_page_answers_304_and_is_served_warm_without_queries(
        site, name, django_assert_max_num_queries):
    url = pages(site)[name]
    visitor = Client()
    cold = visitor.get(url)
    assert cold.status_code == 200, name
    etag = cold["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    assert "no-cache" in cold["Cache-Control"]
    # The same visitor again: nothing changed, so no body at all.
    again = visitor.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    # Anyone else: the stored page, at most the one query that reads the data versions.
    stranger = Client()
    with django_assert_max_num_queries(1):
        warm = stranger.get(url)
    assert warm.status_code == 200
    assert without_token(warm.content) == without_token(cold.content)
    # Their own ETag (the page carries their own CSRF token), and a stale one gets the page.
    assert warm["ETag"] != etag
    assert stranger.get(url, HTTP_IF_NONE_MATCH='"stale"').status_code == 200


def test_a_cached_page_carries_a_token_valid_for_its_visitor(site):
    url = pages(site)["home"]
    Client().get(url)  # stored
    visitor = Client(enforce_csrf_checks=True)
    body = visitor.get(url).content.decode()
    token = re.search(r'csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"', body).group(1)
    assert f'"X-CSRFToken": "{token}"' in body  # what htmx sends: the visitor's own too
    switched = visitor.post(reverse("set_language"),
                            {"language": "ru", "next": "/", "csrfmiddlewaretoken": token})
    assert switched.status_code == 302
    assert visitor.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ru"


def test_a_write_shows_on_the_next_anonymous_page(site):
    url = pages(site)
    visitor = Client()
    def on_rankings(name):  # ranked or still provisional, a player is on one of the two lists
        return any(name in visitor.get(url["rankings"], query).content.decode()
                   for query in ({}, {"provisional": "1"}))

    assert not on_rankings("Renamed Anna")
    etag = visitor.get(url["player"])["ETag"]
    player = site["players"][0]
    Player.objects.filter(pk=player.pk).update(display_name="Renamed Anna")
    player.refresh_from_db()
    player.save()  # what every service does: a save, whose signal notes the write
    assert on_rankings("Renamed Anna")
    assert "Renamed Anna" in visitor.get(url["tournament"]).content.decode()
    changed = visitor.get(url["player"], HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and "Renamed Anna" in changed.content.decode()


def test_another_process_sees_a_write_through_the_database(site):
    """What other server processes read (at most a second old) is the data itself: a write
    through a request gives a new version without anything pending in this process."""
    url = pages(site)["live game"]
    visitor = Client()
    assert visitor.get(url).status_code == 200
    before = data_version.versions()
    organiser = Client()
    organiser.force_login(site["organiser"])
    response = organiser.post(reverse("scoring:game-abandon", args=[site["live"].pk]))
    assert response.status_code == 302
    assert Game.objects.get(pk=site["live"].pk).status == Game.Status.ABANDONED
    # Another process: it never saw the save signal, only what the database holds.
    data_version._local.pending = 0
    data_version._local.read_at = float("-inf")
    after = data_version.versions()
    assert after["scoring"] != before["scoring"]  # the abandon's audit entry
    assert after["tournaments"] == before["tournaments"]
    assert "Abandoned" in visitor.get(url).content.decode()
    assert data_version.FRESH_SECONDS < 3  # the promise: every page within 3 s


def test_ratings_recomputed_show_on_the_rankings(site):
    """Ratings are written in bulk (no save signal): their new rows give the new version."""
    club = site["club"]
    visitor = Client()
    newcomer = member(club, name="Newcomer Zed")
    finished_game(club, [(newcomer, 500), (site["players"][1], 10)],
                  timezone.now() - timedelta(minutes=1))
    provisional = reverse("ratings:rankings") + "?provisional=1"  # one game: not ranked yet
    assert "Newcomer Zed" not in visitor.get(provisional).content.decode()
    before = data_version.versions()["clubs"]
    ratings_recompute()
    data_version._local.pending = 0  # as another process, which saw no save signal
    data_version._local.read_at = float("-inf")
    assert data_version.versions()["clubs"] != before
    assert "Newcomer Zed" in visitor.get(provisional).content.decode()


def test_no_after_commit_hook_and_no_query_is_added_to_a_write(
        site, django_capture_on_commit_callbacks, django_assert_num_queries):
    """A write costs what it cost: the services' own after-commit hooks stay exactly theirs."""
    player = Player.objects.get(pk=site["players"][0].pk)
    with django_capture_on_commit_callbacks() as hooks, django_assert_num_queries(1):
        player.save(update_fields=["display_name"])
    assert hooks == []


@pytest.mark.parametrize("first", ["organiser", "anonymous"])
def test_private_buttons_never_reach_another_visitor(site, first):
    url = pages(site)
    organiser = Client()
    organiser.force_login(site["organiser"])
    anonymous = Client()
    private = {
        "club": "Add a member",
        "tournament": "Organise",
        "live game": "Open the tablet",
        "finished game": "reopen",
    }
    order = [organiser, anonymous] if first == "organiser" else [anonymous, organiser]
    for _ in range(2):  # the second round of visits meets whatever the first one stored
        for visitor in order:
            for name, words in private.items():
                response = visitor.get(url[name])
                assert response.status_code == 200
                shown = words.casefold() in response.content.decode().casefold()
                assert shown is (visitor is organiser), (name, first)
                if visitor is organiser:
                    assert "ETag" not in response  # never from, nor into, the cache
    # The organiser's name in the header never reaches the anonymous page either.
    assert site["organiser"].username not in anonymous.get(url["home"]).content.decode()


def test_a_message_is_shown_to_its_visitor_not_stored(site):
    url = pages(site)["club"]
    anonymous = Client()
    anonymous.get(url)  # stored
    organiser = Client()
    organiser.force_login(site["organiser"])
    organiser.post(reverse("clubs:member-add", args=[site["club"].slug]),
                   {"display_name": "Brand New", "role": "member"})
    shown = organiser.get(url).content.decode()
    assert "Brand New is a member now." in shown
    assert "is a member now" not in anonymous.get(url).content.decode()
    assert "Brand New" in anonymous.get(url).content.decode()  # the write itself shows


def test_each_language_is_cached_on_its_own(site):
    url = pages(site)["rankings"]
    english, russian = Client(), Client()
    russian.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    for _ in range(2):  # cold, then warm
        en = english.get(url)
        ru = russian.get(url)
        assert '<html lang="en">' in en.content.decode() and "Rankings" in en.content.decode()
        assert '<html lang="ru">' in ru.content.decode() and "Рейтинг" in ru.content.decode()
        assert en["ETag"] != ru["ETag"]
        assert en["Content-Language"] == "en" and ru["Content-Language"] == "ru"


def test_htmx_fragments_and_writes_bypass_the_cache(site):
    slug = site["tournament"].slug
    url = reverse("tournaments:round", args=[slug, 2])
    visitor = Client()
    visitor.get(url)  # the whole page stored
    partial = visitor.get(url, HTTP_HX_REQUEST="true")
    assert "<html" not in partial.content.decode() and "ETag" not in partial
    assert "<html" in visitor.get(url).content.decode()


class BrokenCache(LocMemCache):
    """A cache whose server is gone: every call fails."""

    def get(self, *args, **kwargs):
        raise ConnectionError("cache down")

    def set(self, *args, **kwargs):
        raise ConnectionError("cache down")


def test_a_failing_cache_still_serves_every_page(site, settings):
    settings.CACHES = {"default": {"BACKEND": "tests.site.test_page_cache.BrokenCache"}}
    for name, url in pages(site).items():
        response = Client().get(url)
        assert response.status_code == 200, name
        assert response["ETag"]
