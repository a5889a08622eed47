"""Games entered from paper travel in the club archive too: a score sheet after tablet rounds,
and final scores only, come back with their rounds, places, audit and pages."""

import json
import random

import pytest

from archive.club import club_export, club_import
from archive.errors import ArchiveError
from clubs.models import Club, Membership
from clubs.permissions import SITE
from ratings.services import ratings_recompute
from scoring.demo import Robot
from scoring.services import Actor, game_start
from scoring.sheets import game_final_enter, game_sheet_enter
from tests.factories import ClubFactory, UserFactory, member

from .test_club_archive import _empty_database, _state

pytestmark = pytest.mark.django_db


def test_paper_games_round_trip():
    club = ClubFactory(slug="paper", default_preset="club")
    user = UserFactory(username="paper-org")
    players = [member(club, Membership.Role.ORGANISER, user=user, name="Anna"),
               member(club, name="Anna"), member(club, name="Boris")]
    sheet = game_start(club=club, players=players, actor=Actor(user))
    game_sheet_enter(game_id=sheet.pk, rounds=[[80, 60, 30], [70, 20, 40], [55, -12, 10]],
                     actor=Actor(user))
    final = game_start(club=club, players=players[:2], actor=Actor(user))
    game_final_enter(game_id=final.pk, scores=[210, 95], actor=Actor(user))
    mixed = game_start(club=club, players=players, actor=Actor(user))
    robot = Robot(mixed, random.Random(4), actor=Actor(user))
    robot.play_round()  # one round on the tablet, the rest from the sheet
    first = robot.engine.totals[0]
    game_sheet_enter(game_id=mixed.pk, rounds=[[max(250 - first, 0), 0, 0]], actor=Actor(user))
    ratings_recompute()  # the after-commit rating tasks do not run inside a test transaction
    before = _state()
    data = json.loads(json.dumps(club_export(club)))
    _empty_database()
    club_import(data=data)
    after = _state()
    for key in ("players", "games", "turns", "audit", "ratings", "pages"):
        assert after[key] == before[key], key


def test_paper_rounds_that_do_not_add_up_are_refused():
    club = ClubFactory(slug="paper")
    players = [member(club, name="Anna"), member(club, name="Boris")]
    game = game_start(club=club, players=players, actor=SITE)
    game_sheet_enter(game_id=game.pk, rounds=[[120, 30], [90, 40]], actor=Actor())
    data = json.loads(json.dumps(club_export(club)))
    _empty_database()
    data["games"][0]["paper_rounds"][1]["end_points"] = [95, 40]
    with pytest.raises(ArchiveError, match="do not add up"):
        club_import(data=data)
    del data["games"][0]["paper_rounds"]
    with pytest.raises(ArchiveError, match="paper rounds"):
        club_import(data=data)
    assert not Club.objects.exists()
