"""The one adapter between the game's rows and the engine (scoring/replay.py)."""

import random
import re
from pathlib import Path

import pytest

from scoring.demo import Robot
from scoring.models import Round, Turn
from scoring.replay import TURN_FIELDS, player_keys, replayed_state, stored_rounds
from scoring.services import Actor

ROOT = Path(__file__).resolve().parents[2]
# Assigning a game's version anywhere else would let a remembered engine state, a tablet's
# expected version or a cached live fragment stand for two different contents of one game.
SETS_VERSION = re.compile(r"\.version\s*(\+|-)?=(?!=)|\bversion\s*=\s*F\(")


def test_only_the_adapter_sets_a_games_version():
    offenders = []
    for app in ("scoring", "clubs", "tournaments", "archive", "api", "config"):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts or path == ROOT / "scoring" / "replay.py":
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if SETS_VERSION.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_pattern_sees_a_version_set_by_hand():
    assert SETS_VERSION.search("    game.version += 1")
    assert SETS_VERSION.search("game.version = base + 2")
    assert SETS_VERSION.search("Game.objects.update(version=F('version') + 1)")
    assert not SETS_VERSION.search("if game.version == expected:")


@pytest.mark.django_db
def test_a_replay_of_the_rows_gives_what_the_services_stored(game):
    Robot(game, random.Random(5), Actor()).play_game(max_rounds=3)
    game.refresh_from_db()
    seats = list(game.seats.order_by("position"))
    stored = {t.pk: [getattr(t, f) for f in TURN_FIELDS]
              for t in Turn.objects.filter(round__game=game)}
    rounds = stored_rounds(game)
    state = replayed_state(player_keys(seats), game.rules, rounds, rewrite=True)
    assert state.totals == [seat.score for seat in seats]
    assert state.phase == game.phase and state.round_index == game.round_number
    # The rows came back as they were written, turn by turn and round by round.
    assert {t.pk: [getattr(t, f) for f in TURN_FIELDS] for s in rounds for t in s.turns} == stored
    for s in rounds:
        row = Round.objects.get(pk=s.round.pk)
        assert (s.round.totals, s.round.end_points, s.round.winner_seat, s.round.start_totals) \
            == (row.totals, row.end_points, row.winner_seat, row.start_totals)


@pytest.mark.django_db
def test_a_replay_stops_before_the_turn_asked_for(game):
    Robot(game, random.Random(9), Actor()).play_game(max_rounds=1)
    seats = list(game.seats.order_by("position"))
    first = Turn.objects.filter(round__game=game, round__number=0).order_by("number")
    state = replayed_state(player_keys(seats), game.rules, stored_rounds(game), before=(0, 2))
    assert state.round_turns == 2
    assert len(state.board.cells) == sum(1 for t in first[:2] if t.at)
