"""Play real games through the services and check each turn against the engine's own answer."""

from scoring.demo import Robot
from scoring.engine import GameState


class CheckingRobot(Robot):
    def turn(self, seat, draw, at=None, corners=None):
        expected = super().turn(seat, draw, at, corners)
        turn = self.last_outcome.turn
        assert (turn.points, turn.detail, turn.hexagons, turn.bridge) == (
            expected.points, expected.detail, expected.hexagons, expected.bridge)
        return expected


def play_game(game, rng, actor, max_rounds: int = 40) -> GameState:
    return CheckingRobot(game, rng, actor).play_game(max_rounds=max_rounds)
