"""Between the database and the engine: rebuild a GameState from stored turns, and write the
engine's numbers back into the cached columns."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db import transaction

from scoring.engine import GameState, HandCount, rules_resolve

from .models import Game, Round, RoundHand, Seat, Turn


def seat_names(seats: list[Seat]) -> list[str]:
    # Player ids, not names: two players may share a display name, the engine needs them distinct.
    return [str(seat.player_id) for seat in seats]


def hands_for_engine(hands: list[RoundHand]) -> dict[int, list[str] | HandCount]:
    return {
        hand.seat: HandCount(hand.count, hand.points) if hand.tiles is None else list(hand.tiles)
        for hand in hands
    }


def play_stored_turn(state: GameState, turn: Turn):
    return state.play(
        turn.seat,
        draw=turn.draws,
        at=turn.at,
        corners=tuple(turn.corners) if turn.corners else None,
    )


@dataclass
class CurrentRound:
    """The engine state of a game at its current round, with the rows it was built from."""

    state: GameState
    round: Round
    last_turn: Turn | None


# Engine states by (game id, start time, version). A version names one immutable state, so a
# remembered
# state is exactly what replaying the turns would give; recording turn 50 then costs what turn 1
# costs. Each process keeps its own few; a miss only means replaying the round from the rows.
_STATES: OrderedDict[tuple, GameState] = OrderedDict()
_STATES_LOCK = threading.Lock()
_STATES_KEPT = 256


def _key(game: Game) -> tuple:
    # The start time too: a database that reuses the id of a rolled-back game (SQLite does)
    # must not meet the old game's states.
    return (game.pk, game.started_at, game.version)


def remember_state(game: Game, state: GameState) -> None:
    key = _key(game)
    with _STATES_LOCK:
        _STATES[key] = state.copy()
        _STATES.move_to_end(key)
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)


def _remembered(game: Game) -> GameState | None:
    with _STATES_LOCK:
        state = _STATES.get(_key(game))
    return state.copy() if state is not None else None


def current_round_state(
    game: Game, seats: list[Seat], *, replay: bool = False, last_turn: bool = True
) -> CurrentRound:
    """The engine state at the game's current version: remembered, or replayed from the rows.

    Replaying reads the current round's turns only, starting from the totals cached when it
    began; either way a fixed number of queries. ``replay`` forces reading the rows, for a
    caller that has just changed them; ``last_turn=False`` skips fetching the last turn for a
    caller about to add one.
    """
    round_ = Round.objects.get(game=game, number=game.round_number)
    state = None if replay else _remembered(game)
    if state is not None:
        last = round_.turns.order_by("-number").first() if last_turn else None
        return CurrentRound(state=state, round=round_, last_turn=last)
    turns = list(round_.turns.order_by("number"))
    state = GameState(
        seat_names(seats),
        rules_resolve(game.rules),
        totals=list(round_.start_totals) or None,
        rounds_played=round_.number,
        dealt=round_.dealt,
    )
    for turn in turns:
        play_stored_turn(state, turn)
    if round_.ended_at is not None:
        state.end_round(hands_for_engine(list(round_.hands.all())))
    if not transaction.get_connection().in_atomic_block:
        # Outside a transaction these rows are committed; inside one they may be half-changed.
        remember_state(game, state)
    return CurrentRound(state=state, round=round_, last_turn=turns[-1] if turns else None)


def cache_state(game: Game, seats: list[Seat], state: GameState) -> None:
    """Copy what the engine says into the game's and seats' cached columns (saved by the caller)."""
    game.phase = state.phase
    game.round_number = state.round_index
    game.to_play = state.to_play
    game.pool_size = state.pool_size
    game.winner_seats = list(state.winners)
    for seat in seats:
        seat.score = state.totals[seat.position]
        seat.hand_size = state.hand_sizes[seat.position] if state.phase != "over" else 0
