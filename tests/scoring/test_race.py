"""Two tablets submitting at the same moment, on a real PostgreSQL (row locks)."""

import pytest
from django.db import connection

from clubs.permissions import SITE
from scoring.models import Turn
from scoring.services import Actor, Conflict, game_start, turn_record
from tests.factories import ClubFactory, member
from tests.together import run_together

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks need PostgreSQL (CI runs this on PostgreSQL)"),
]


def race(game, moves):
    """Each move submitted from its own tablet at the same instant."""
    return run_together([
        lambda move=move: turn_record(game_id=game.pk, expected_version=game.version,
                                      actor=Actor(via_link=True, link_game_id=game.pk), **move)
        for move in moves
    ], expected=(Conflict,))


def test_two_tablets_racing_record_one_turn_and_one_conflict():
    club = ClubFactory()
    game = game_start(club=club, players=[member(club), member(club)], preset="pressman",
                      actor=SITE)
    outcomes = race(game, [
        {"seat": 0, "at": (0, 0), "corners": (4, 4, 4)},
        {"seat": 1, "at": (0, 0), "corners": (5, 5, 5)},
    ])
    conflicts = [o for o in outcomes if isinstance(o, Conflict)]
    recorded = [o for o in outcomes if not isinstance(o, Conflict)]
    assert len(conflicts) == 1 and len(recorded) == 1
    assert (conflicts[0].code, conflicts[0].params) == ("stale-version",
                                                       {"version": 1, "expected": 0})
    assert Turn.objects.filter(round__game=game).count() == 1
    game.refresh_from_db()
    assert game.version == 1


def test_the_same_submission_twice_at_once_is_recorded_once():
    club = ClubFactory()
    game = game_start(club=club, players=[member(club), member(club)], preset="pressman",
                      actor=SITE)
    move = {"seat": 0, "at": (0, 0), "corners": (4, 4, 4), "client_key": "retry-1"}
    outcomes = race(game, [move, move])
    assert all(not isinstance(o, Conflict) for o in outcomes)
    assert sorted(o.duplicate for o in outcomes) == [False, True]
    assert Turn.objects.filter(round__game=game).count() == 1
