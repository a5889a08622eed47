"""A game one turn and one hand away from its end, for the live page's tests: a robot-played
one-round game imported without its last move and hands, which the test then records through
the services as a referee would."""

import random

from scoring.demo import robot_record
from scoring.records import game_import
from scoring.services import Actor, round_end, turn_record

NAMES = ["Anna", "Boris"]


def nearly_finished_game(club):
    """(game, finish): ``finish(step)`` records the last move (step "turn") or the hands that
    end the game (step "hands")."""
    record = robot_record(NAMES, {"preset": "pressman", "rounds_limit": 1}, random.Random(1))
    last_round = record["rounds"][-1]
    last_move = last_round["moves"].pop()
    hands = last_round.pop("hands")
    game = game_import(club=club, record=record, actor=Actor())

    def finish(step):
        if step == "turn":
            return turn_record(game_id=game.pk, seat=NAMES.index(last_move["player"]),
                               at=tuple(last_move["at"]), corners=tuple(last_move["corners"]),
                               draw=last_move.get("draw", 0), expected_version=None,
                               actor=Actor())
        return round_end(game_id=game.pk, hands={NAMES.index(name): tiles
                                                 for name, tiles in hands.items()},
                         expected_version=None, actor=Actor())

    return game, last_move, finish
