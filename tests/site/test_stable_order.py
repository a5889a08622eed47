"""Equal rows are listed in one order whatever their place on disk (issue 24, item 5): every list
a person reads ends its order with a unique key, so a restored database (whose rows pg_restore
writes in another physical order) shows the same pages. On PostgreSQL an UPDATE moves a row to
the end of its table, which is what a scan without a unique last key then follows."""

import re
from datetime import date

import pytest
from django.test import Client

from clubs import selectors as club_selectors
from clubs.models import Club, Player
from clubs.permissions import SITE
from ratings import selectors as rating_selectors
from scoring import selectors as game_selectors
from scoring.models import Game
from tests.factories import ClubFactory
from tournaments import selectors as tournament_selectors
from tournaments import services
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db


def _order(page: str, pattern: str) -> list[str]:
    return list(dict.fromkeys(re.findall(pattern, page)))


def test_tournaments_of_one_day_and_name_are_listed_by_their_number():
    club = ClubFactory()
    # Enough rows for PostgreSQL's sort to be quicksort, which keeps no order among equals.
    cups = [services.tournament_create(club=club, name="Open", starts_on=date(2026, 5, 1),
                                       actor=SITE)
            for _ in range(20)]
    for cup in cups:
        services.tournament_open(tournament=cup, actor=SITE)
    Tournament.objects.filter(pk=cups[0].pk).update(name="Open")  # rewritten: last on disk
    page = Client().get("/tournaments/").content.decode()
    assert _order(page, r'href="/tournaments/(open[\w-]*)/"') == [c.slug for c in cups]


def test_clubs_of_one_name_are_listed_by_their_number():
    clubs = [ClubFactory(name="Triominos", slug=f"triominos-{i}") for i in range(3)]
    Club.objects.filter(pk=clubs[0].pk).update(city="Tver")
    page = Client().get("/clubs/").content.decode()
    assert _order(page, r'href="/clubs/(triominos-\d)/"') == [c.slug for c in clubs]


# Every query behind a list a person or a client reads, and the default order of the models
# that lists take without an order_by of their own.
LISTS = {
    "club list": lambda: club_selectors.club_list(),
    "club people": lambda: club_selectors.club_people(Club(pk=1)),
    "club members": lambda: rating_selectors.club_members(Club(pk=1)),
    "rankings": lambda: rating_selectors.with_rank(rating_selectors.rankings()),
    "games in progress": lambda: game_selectors.games_in_progress(),
    "games": lambda: game_selectors.game_list(),
    "tournaments": lambda: tournament_selectors.tournament_list(),
    "club's upcoming tournaments": lambda: tournament_selectors.club_upcoming(Club(pk=1)),
    **{f"{model.__name__} by default": model.objects.all
       for model in (Club, Player, Game, Tournament, Registration)},
}
UNIQUE = {"pk", "id", "player_id", "game_id", "number"}


@pytest.mark.parametrize("name", LISTS)
def test_every_list_ends_its_order_with_a_unique_key(name):
    query = LISTS[name]().query
    order = query.order_by or query.get_meta().ordering
    assert order and str(order[-1]).lstrip("-") in UNIQUE, (name, order)
