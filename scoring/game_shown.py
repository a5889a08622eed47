"""What the tablet and the live page show of a game's table, as plain frozen values.

The partials read these and nothing else: no engine state, no model rows, no status codes to
compare. A renamed engine attribute then breaks here, in Python, where a test sees it, instead
of rendering as empty text; and a partial renders from these values alone
(tests/scoring/test_game_shown.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

from scoring.engine import tile_set

from .board_svg import cells_svg
from .models import Game, Round
from .selectors import GameView
from .spectating import seat_name


@dataclass(frozen=True)
class SeatLine:
    """One line of the scoreboard."""

    seat: int
    name: str
    score: int
    hand: int  # tiles in hand
    to_play: bool
    winner: bool
    pool: int | None  # tiles left in the player's own pool (individual pools only)


@dataclass(frozen=True)
class LastTurn:
    who: str
    tile: str  # "" for a pass
    points: int
    detail: dict  # the points' breakdown, part -> points


@dataclass(frozen=True)
class RoundResult:
    """How a finished round ended, as the tablet shows it until the next one is under way."""

    number: int  # 1-based
    went_out: bool
    blocked: bool  # neither: a round known only from paper, with no winner to name
    winner: str
    points: tuple[tuple[str, int | None], ...]  # each player's round-end points


@dataclass(frozen=True)
class GameShown:
    game_id: int
    version: int
    url: str  # the game's public page
    status: str  # for CSS classes only; templates test the flags below
    status_label: str
    phase: str  # for CSS classes only
    state_label: str  # what the game is doing, said once (Game.state_display)
    is_live: bool  # being played: pages poll for changes
    is_finished: bool
    is_opening: bool
    is_play: bool
    is_hands: bool  # waiting for what is left in the hands
    is_over: bool
    names: tuple[str, ...]
    rows: tuple[SeatLine, ...]
    has_pools: bool
    round_number: int  # 1-based
    pool_size: int
    set_size: int  # tiles in the set: 56, 76 or 84 (the palette's layout follows it)
    target: int | None
    rounds_limit: int | None
    to_play: str  # the name of who plays next, "" when anyone may (the opening) or nobody
    went_out: bool  # the current round: someone went out (else blocked, or not over)
    round_winner: str
    winners: tuple[str, ...]
    last_turn: LastTurn | None
    round_result: RoundResult | None
    can_undo: bool
    view_box: str
    cells_svg: SafeString

    @property
    def takes_turns(self) -> bool:
        return self.is_opening or self.is_play

    @property
    def shared_win(self) -> bool:
        return len(self.winners) > 1


def _round_result(round_: Round, names) -> RoundResult:
    points = round_.end_points or []
    return RoundResult(
        number=round_.number + 1, went_out=round_.reason == Round.Reason.OUT,
        blocked=round_.reason == Round.Reason.BLOCKED,
        winner=seat_name(names, round_.winner_seat),
        points=tuple((name, points[i] if i < len(points) else None)
                     for i, name in enumerate(names)))


def game_shown(view: GameView) -> GameShown:
    """The game view as the partials show it, from the engine's state (selectors.game_view)."""
    game, state = view.game, view.state
    names = tuple(view.names)
    phase = state.phase
    last = view.last_turn
    previous = view.previous_round
    return GameShown(
        game_id=game.pk,
        version=game.version,
        url=game.get_absolute_url(),
        status=game.status,
        status_label=str(game.get_status_display()),
        phase=phase,
        state_label=str(game.state_display),
        is_live=game.status == Game.Status.PLAYING,
        is_finished=game.status == Game.Status.FINISHED,
        is_opening=phase == Game.Phase.OPENING,
        is_play=phase == Game.Phase.PLAY,
        is_hands=phase == Game.Phase.HANDS,
        is_over=phase == Game.Phase.OVER,
        names=names,
        rows=tuple(
            SeatLine(seat=row["seat"].position, name=row["seat"].player.display_name,
                     score=row["score"], hand=row["hand"], to_play=row["to_play"],
                     winner=row["winner"], pool=row["pool"])
            for row in view.rows),
        has_pools=bool(state.pools),
        round_number=state.round_index + 1,
        pool_size=state.pool_size,
        set_size=len(tile_set(state.rules.max_number, state.rules.mirror_tiles)),
        target=game.target,
        rounds_limit=game.rounds_limit,
        to_play=seat_name(names, state.to_play),
        went_out=state.round_reason == Round.Reason.OUT,
        round_winner=seat_name(names, state.round_winner),
        winners=tuple(seat_name(names, seat) for seat in state.winners),
        last_turn=None if last is None else LastTurn(
            who=seat_name(names, last.seat), tile=last.tile, points=last.points,
            detail=last.detail or {}),
        round_result=(_round_result(previous, names)
                      if previous is not None and phase != Game.Phase.PLAY else None),
        # A finished game is reopened (game page), never undone from the tablet.
        can_undo=game.status == Game.Status.PLAYING and bool(last or state.round_index),
        view_box=view.view_box,
        cells_svg=mark_safe(cells_svg(view.cells, view.last_cell)),  # numbers and coordinates
    )
