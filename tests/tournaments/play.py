"""Helpers for tournament tests: a field of players and robot referees for the tables."""

import random
from datetime import date

from scoring.demo import Robot
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
    tournament = services.tournament_create(club=club, **settings)
    services.tournament_open(tournament=tournament)
    for player in players:
        services.registration_add(tournament=tournament, player=player, checked_in=check_in)
    return tournament


def play_round(rnd: TournamentRound, seed: int = 0) -> None:
    """Every game of the round played to its end through the scoring services."""
    tables = rnd.tables.filter(bye=False, game__status="playing").select_related("game")
    for table in tables.order_by("number"):
        Robot(table.game, random.Random(seed * 100 + table.number)).play_game()


def run_round(tournament, seed: int = 0) -> TournamentRound:
    rnd = services.round_generate(tournament=tournament)
    services.round_publish(round=rnd)
    rnd.refresh_from_db()
    play_round(rnd, seed)
    return services.round_complete(round=rnd)
