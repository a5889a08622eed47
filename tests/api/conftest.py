"""A small world of public data (and some private data that must never show) for the API."""

from dataclasses import dataclass

import pytest
from django.core.cache import cache

from clubs.permissions import SITE
from ratings.services import ratings_recompute
from scoring.demo import demo_games
from scoring.models import Game
from tests.tournaments.play import field, organised_club, play_round, run_round, tournament_with
from tournaments import services
from tournaments.models import Tournament, TournamentRound


@dataclass
class World:
    club: object
    players: list
    live_game: Game
    finished_game: Game
    tournament: Tournament  # announced, into its knockout
    draft: Tournament  # still in preparation: never shown
    unpublished: TournamentRound  # a drafted round of an announced tournament: never shown


def build_world(size: int, name: str = "w") -> World:
    """``size`` scales everything that lists grow with: players, games, tables."""
    club, _organiser = organised_club(f"{name}-org")
    players = field(club, 4 * size)
    games = demo_games(club, players, finished=3 * size, seed=size)
    ratings_recompute()
    tournament = tournament_with(club, players, name=f"Cup {name}", knockout_size=4,
                                 table_size=2, rounds=2)
    run_round(tournament, seed=1)
    run_round(tournament, seed=2)
    services.knockout_start(tournament=tournament, actor=SITE)
    ko = tournament.rounds.get(number=3)
    services.round_publish(tournament_round=ko, actor=SITE)
    play_round(TournamentRound.objects.get(pk=ko.pk))
    draft = services.tournament_create(club=club, name=f"Secret {name}",
                                       starts_on=tournament.starts_on, table_size=2, rounds=1,
                                       actor=SITE)
    other = tournament_with(club, players[:4], name=f"Next {name}", table_size=2, rounds=1)
    unpublished = services.round_generate(tournament=other, actor=SITE)
    live = next(g for g in games if g.status == Game.Status.PLAYING)
    finished = next(g for g in games if g.status == Game.Status.FINISHED)
    return World(club, players, live, finished, tournament, draft, unpublished)


@pytest.fixture(scope="module")
def world(module_transaction, django_db_blocker):
    """Built once per module: the tests only read it, and each one's writes are rolled back
    (module_transaction)."""
    with django_db_blocker.unblock():
        return build_world(2)


@pytest.fixture(autouse=True)
def fresh_cache():
    # Throttle counters and cached versions live in the cache: each test starts clean.
    cache.clear()
    yield
    cache.clear()
