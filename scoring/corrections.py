"""Corrections on the board: the table as it was just before any recorded turn, so that the turn
can be entered again the way turns are entered. Writing the correction is ``turn_correct``
(services), which replays the rest of the game and refuses when a later turn becomes illegal."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import GameState

from .board_svg import view_box
from .models import Game, Turn
from .replay import player_keys, replayed_state, stored_rounds
from .selectors import GameView, game_seats


@dataclass(frozen=True)
class Step:
    """One recorded turn, as the correction page lists and steps through them."""

    round_number: int
    turn_number: int
    seat: int
    tile: str
    points: int
    draws: int


@dataclass
class Correction:
    view: GameView   # the table just before the turn
    turn: Turn        # the turn as recorded
    steps: list[Step]
    index: int        # where this turn is in steps

    @property
    def previous(self) -> Step | None:
        return self.steps[self.index - 1] if self.index else None

    @property
    def next(self) -> Step | None:
        return self.steps[self.index + 1] if self.index + 1 < len(self.steps) else None


def correction_view(game: Game, round_number: int, turn_number: int) -> Correction:
    """Replay the game up to (not including) the given turn; Turn.DoesNotExist if there is none.

    A fixed number of queries: the seats, and the rounds with their turns and hands.
    """
    seats = game_seats(game)
    rounds = stored_rounds(game)
    steps = [Step(s.round.number, t.number, t.seat, t.tile, t.points, t.draws)
             for s in rounds for t in s.turns]
    found = [(s.round, t) for s in rounds for t in s.turns
             if (s.round.number, t.number) == (round_number, turn_number)]
    if not found:
        raise Turn.DoesNotExist(
            f"game {game.pk} has no turn {turn_number} in round {round_number}")
    (round_, turn), = found
    index = steps.index(Step(round_.number, turn.number, turn.seat, turn.tile, turn.points,
                             turn.draws))
    state = replayed_state(player_keys(seats), game.rules, rounds,
                           before=(round_number, turn_number))
    return Correction(view=_game_view(game, seats, state, round_), turn=turn, steps=steps,
                      index=index)


def _game_view(game: Game, seats, state: GameState, round_) -> GameView:
    board = state.board
    return GameView(game=game, seats=seats, state=state, round=round_, last_turn=None,
                     cells=list(board.cells.items()), view_box=view_box(list(board.cells)),
                     last_cell=board.last, previous_round=None)
