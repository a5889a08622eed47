"""Helpers for tournament tests: a field of players and robot players for the tables."""

import random
from datetime import date

from clubs.permissions import SITE
from scoring.demo import robot_record
from scoring.services import Actor
from scoring.sheets import game_record_attach
from tests.factories import ClubFactory, member, organiser_of
from tournaments import services
from tournaments.models import TournamentRound


def organised_club(username="org"):
    club = ClubFactory(default_preset="club")
    return club, organiser_of(club, username)


def field(club, count):
    return [member(club, name=f"P{i:02d}") for i in range(1, count + 1)]


def tournament_with(club, players, *, check_in=True, **settings):
    settings = {"name": "Spring Open", "starts_on": date(2026, 4, 18), "table_size": 4,
                "rounds": 4, "rounds_per_game": 1, **settings}
    tournament = services.tournament_create(club=club, actor=SITE, **settings)
    services.tournament_open(tournament=tournament, actor=SITE)
    for player in players:
        services.registration_add(tournament=tournament, player=player, checked_in=check_in,
                                  actor=SITE)
    return tournament


def play_round(rnd: TournamentRound, seed: int = 0) -> None:
    """Every game of the round played to its end: robots play it by the game's rules with the
    engine (real deals, draws and legal moves) and its whole record goes in through the scoring
    service a referee uses when a table's tablet died (game_record_attach), one write per game
    instead of one per turn. Turn-by-turn entry has tests of its own (tests/scoring, the
    tablet's browser tests, tests/tournaments/test_paper_tables.py)."""
    tables = rnd.tables.filter(bye=False, game__status="playing").select_related("game")
    for table in tables.order_by("number"):
        game = table.game
        names = list(game.seats.order_by("position").values_list("player__display_name",
                                                                   flat=True))
        record = robot_record(names, game.rules, random.Random(seed * 100 + table.number))
        game_record_attach(game_id=game.pk, record=record, actor=Actor())


def run_round(tournament, seed: int = 0) -> TournamentRound:
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    rnd.refresh_from_db()
    play_round(rnd, seed)
    return services.round_complete(tournament_round=rnd, actor=SITE)
