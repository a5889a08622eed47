"""Between the game's rows and the engine: the one adapter.

Only this module turns stored rounds, turns and hands into engine calls, and the engine's
answers back into row fields (a turn's tile and points, a round's totals and winner, the game's
and seats' cached columns). Services write through it, selectors and the correction page read
through it, records are imported through it; none of them loops over turns itself.

Two names for the engine state the rows give, by what they read:

- ``replayed_state``: the whole game replayed from its first round (a correction, a record
  written or checked, a turn's correction seen as the board was before it). Always the rows.
- ``current_state``: the state at the game's current version, for a page or a write: remembered
  for that version, or replayed from the current round's rows (``from_rows=True`` for a writer
  that has just changed them).

Below them, ``turn_play`` and ``round_end_play`` play one row into a state; ``*_cache`` copies a
state into row fields, ``state_save`` and ``game_save`` save them.

It also holds the one save path of a game's content, ``game_save``, which always bumps the
version. That is what keeps the remembered engine states right: they are keyed by the version,
and a version is never saved twice with different content, so no writer has to remember to
invalidate anything.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from clubs.refusals import Refused
from scoring.engine import (
    EngineError,
    GameState,
    HandCount,
    Phase,
    RoundEnd,
    TurnResult,
    decided_state,
    final_places,
    rules_resolve,
)

from .models import Game, Round, RoundHand, Seat, Turn

# -- rows into the engine ---------------------------------------------------------------------


def player_keys(seats: list[Seat]) -> list[str]:
    """The seats as the engine's players. Player ids, not names: two players may share a
    display name, and the engine needs them distinct."""
    return [str(seat.player_id) for seat in seats]


def engine_hands(hands: list[RoundHand]) -> dict[int, list[str] | HandCount]:
    """Stored hands as the engine takes them: named tiles, or a count and pip sum."""
    return {
        hand.seat: HandCount(hand.count, hand.points) if hand.tiles is None else list(hand.tiles)
        for hand in hands
    }


def hand_rows(round_: Round, hands: dict[int, list[str] | HandCount]) -> list[RoundHand]:
    """Hands as entered (seat -> tiles or HandCount) as unsaved rows; their points are the
    engine's to fill in (round_end_play)."""
    return [
        RoundHand(round=round_, seat=seat,
                  tiles=None if isinstance(entry, HandCount) else list(entry),
                  count=entry.count if isinstance(entry, HandCount) else len(entry),
                  points=entry.points if isinstance(entry, HandCount) else 0)
        for seat, entry in hands.items()
    ]


def turn_play(state: GameState, turn: Turn) -> TurnResult:
    """Play a turn row's move (seat, draws, cell, corners) and write the engine's reading of it
    into the row: the tile, the points and their breakdown. Raises EngineError, row untouched."""
    result = state.play(
        turn.seat,
        draw=turn.draws,
        at=turn.at,
        corners=tuple(turn.corners) if turn.corners else None,
    )
    turn.seat = result.seat
    turn.cell_c, turn.cell_r = result.at if result.at else (None, None)
    turn.corners = list(result.corners) if result.corners else None
    turn.tile = str(result.tile) if result.tile else ""
    turn.points = result.points
    turn.detail = result.detail
    turn.hexagons = result.hexagons
    turn.bridge = result.bridge
    return result


# Everything turn_play writes, for a bulk update of replayed turns.
TURN_FIELDS = ["seat", "draws", "cell_c", "cell_r", "corners", "tile", "points", "detail",
               "hexagons", "bridge"]


def round_end_play(state: GameState, round_: Round, hands: list[RoundHand]) -> RoundEnd:
    """Score a round's end from its hand rows, and write the result into the rows: who won the
    round, each seat's round-end points and the totals after it, each hand's pips."""
    end = state.end_round(engine_hands(hands))
    round_.winner_seat = end.winner
    round_.end_points = list(end.points)
    round_.totals = list(state.totals)
    for hand in hands:
        hand.points = end.pips[hand.seat]
    return end


def round_cache(round_: Round, state: GameState) -> None:
    """The round's running totals and how it ended so far, as the engine has them now."""
    round_.totals = list(state.totals)
    round_.reason = state.round_reason or ""


@dataclass
class StoredRound:
    """One round's rows in the order the engine takes them: its turns by number, and its hands
    once the round has ended (None while it is played)."""

    round: Round
    turns: list[Turn]
    hands: list[RoundHand] | None


def stored_rounds(game: Game) -> list[StoredRound]:
    """Every round of the game with its turns and hands: three queries however long."""
    rounds = game.rounds.order_by("number").prefetch_related("turns", "hands")
    return [
        StoredRound(round_, sorted(round_.turns.all(), key=lambda t: t.number),
                    list(round_.hands.all()) if round_.ended_at is not None else None)
        for round_ in rounds
    ]


def replayed_state(
    players: list[str],
    rules: dict,
    rounds: list[StoredRound],
    *,
    before: tuple[int, int] | None = None,
    rewrite: bool = False,
) -> GameState:
    """The engine state of a whole game's rows, replayed from the first round on.

    ``before=(round number, turn number)`` stops just before that turn: the board as it was
    then. ``rewrite`` also sets each round's start totals, totals and reason, for a caller that
    saves the rows again. A refusal (EngineError) carries the round and turn it came from.
    """
    state = GameState(players, rules_resolve(rules),
                      dealt=(rounds[0].round.dealt or None) if rounds else None)
    for stored in rounds:
        round_ = stored.round
        if round_.number and round_.dealt:
            state.deal(round_.dealt)
        if rewrite:
            round_.start_totals = list(state.totals)
        for turn in stored.turns:
            if before == (round_.number, turn.number):
                return state
            try:
                turn_play(state, turn)
            except EngineError as error:
                error.round, error.turn = round_.number, turn.number
                raise
        if rewrite:
            round_cache(round_, state)
        if stored.hands is not None:
            try:
                round_end_play(state, round_, stored.hands)
            except EngineError as error:
                error.round, error.turn = round_.number, None
                raise
    return state


@dataclass
class CurrentRound:
    """The engine state of a game at its current round, with the rows it was built from."""

    state: GameState
    round: Round
    last_turn: Turn | None


# Engine states by (game id, start time, version). game_save bumps the version on every save of
# a game's content, so a version names one content, and a remembered state is exactly what
# replaying the rows would give: recording turn 50 then costs what turn 1 costs. The start
# time is in the key because a database may reuse the id of a rolled-back game (SQLite does).
# Each process keeps its own few; a miss only means replaying the round from the rows.
_STATES: OrderedDict[tuple, GameState] = OrderedDict()
_STATES_LOCK = threading.Lock()
_STATES_KEPT = 256


def _key(game: Game) -> tuple:
    return (game.pk, game.started_at, game.version)


def _remember(game: Game, state: GameState) -> None:
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


def _still_at(game: Game) -> bool:
    """Whether the game is still at the version it was read at. The rows replayed were read
    after the game, each query at its own moment: a write committed in between would put its
    content under the older version. Versions only grow, so an unchanged version afterwards
    means nothing was committed in between."""
    return Game.objects.filter(pk=game.pk, version=game.version).exists()


def current_state(
    game: Game, seats: list[Seat], *, from_rows: bool = False, last_turn: bool = True,
    round_: Round | None = None,
) -> CurrentRound:
    """The engine state at the game's current version: remembered, or replayed from the rows.

    Replaying reads the current round's turns only, starting from the totals cached when it
    began; either way a fixed number of queries. ``from_rows`` forces reading the rows, for a
    caller that has just changed them; ``last_turn=False`` skips fetching the last turn for a
    caller about to add one; ``round_``: the current round's row, read with the game
    (services.rows_locked), so a remembered state costs no query at all.
    """
    if round_ is None or round_.number != game.round_number or round_.game_id != game.pk:
        round_ = Round.objects.get(game=game, number=game.round_number)
    if round_.on_paper:
        # Decided on paper: no turns to replay, only the totals and the winners.
        state = decided_state(player_keys(seats), game.rules, totals=round_.totals,
                              winners=game.winner_seats, last_round=round_.number)
        return CurrentRound(state=state, round=round_, last_turn=None)
    state = None if from_rows else _remembered(game)
    if state is not None:
        last = round_.turns.order_by("-number").first() if last_turn else None
        return CurrentRound(state=state, round=round_, last_turn=last)
    turns = list(round_.turns.order_by("number"))
    state = GameState(
        player_keys(seats),
        rules_resolve(game.rules),
        totals=list(round_.start_totals) or None,
        rounds_played=round_.number,
        dealt=round_.dealt,
    )
    for turn in turns:
        turn_play(state, turn)
    if round_.ended_at is not None:
        round_end_play(state, round_, list(round_.hands.all()))
    if not transaction.get_connection().in_atomic_block and _still_at(game):
        # Outside a transaction these rows are committed; inside one they may be half-changed.
        _remember(game, state)
    return CurrentRound(state=state, round=round_, last_turn=turns[-1] if turns else None)


# -- the engine into rows ---------------------------------------------------------------------


def cache_state(game: Game, seats: list[Seat], state: GameState) -> None:
    """Copy what the engine says into the game's and seats' cached columns (saved by the caller)."""
    game.phase = state.phase
    game.round_number = state.round_index
    game.to_play = state.to_play
    game.pool_size = state.pool_size
    game.winner_seats = list(state.winners)
    for seat in seats:
        seat.score = state.totals[seat.position]
        seat.hand_size = state.hand_sizes[seat.position] if state.phase != Phase.OVER else 0


def places_cache(seats: list[Seat], state: GameState) -> None:
    """Final places: winners first; then by score, equal scores sharing a place."""
    places = final_places(state.totals, state.winners)
    for seat in seats:
        seat.place = places[seat.position]


class ResultClosed(Refused):
    """The game's result is closed (the tournament round it was played in is complete): no
    write changes it until an organiser opens it for a correction, with a reason. Code
    ``result-closed``, param ``game`` (its id); worded by scoring.messages.refusal."""


def result_guard(game: Game) -> None:
    """The guard every write of a game passes: ResultClosed while its result is closed.

    Asked of the row as locked for the write (services.game_locked, which every write service
    reads the game through) and again by game_save, so a write that forgot the first cannot
    save. tests/integrity/test_closed_results.py enumerates the write services."""
    if game.result_lock == Game.Lock.CLOSED:
        raise ResultClosed("result-closed", game=game.pk)


def game_save(game: Game, fields: list[str], *, events: int = 1) -> None:
    """The one way a game's content is saved: the version goes up by the number of changes
    (``events``: one, or every turn and round end of a record written at once).

    A tablet sends the version it saw, so a stale one is refused instead of overwriting; the
    live pages and the remembered engine states are keyed by it. Saving through here is what
    makes those keys trustworthy (tests/scoring/test_replay.py checks no other code sets it).

    A closed result is refused (result_guard); a result opened for one correction is closed
    again by the write that leaves the game over (finished or abandoned)."""
    result_guard(game)
    fields = [*fields, "version"]
    if game.result_lock == Game.Lock.REOPENED and game.status != Game.Status.PLAYING:
        game.result_lock = Game.Lock.CLOSED
        fields.append("result_lock")
    game.version += events
    game.save(update_fields=fields)


def state_save(game: Game, seats: list[Seat], state: GameState, *, finished_at=None,
               events: int = 1) -> None:
    """Write what the engine says into the game's and seats' cached columns, finish (or
    unfinish) the game as the engine says, and save it through game_save."""
    before = {seat.pk: (seat.score, seat.hand_size, seat.place) for seat in seats}
    cache_state(game, seats, state)
    if state.finished and game.status == Game.Status.PLAYING:
        game.status = Game.Status.FINISHED
        game.finished_at = finished_at or timezone.now()
    if state.finished:  # a correction of a finished game may change who won
        places_cache(seats, state)
    elif game.status == Game.Status.FINISHED:
        game.status = Game.Status.PLAYING
        game.finished_at = None
        for seat in seats:
            seat.place = None
    game_save(game, ["phase", "round_number", "to_play", "pool_size", "winner_seats",
                     "turn_count", "status", "finished_at"], events=events)
    # A turn changes one seat; plain updates of the changed rows beat one bulk CASE statement.
    for seat in seats:
        if before[seat.pk] != (seat.score, seat.hand_size, seat.place):
            Seat.objects.filter(pk=seat.pk).update(
                score=seat.score, hand_size=seat.hand_size, place=seat.place
            )
    # Remembered only once committed: a rolled-back version must never be found later.
    snapshot = state.copy()
    transaction.on_commit(lambda: _remember(game, snapshot), robust=True)
