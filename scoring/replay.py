"""Between the database and the engine: rebuild a GameState from stored turns, and write the
engine's numbers back into the cached columns."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import GameState, HandCount, rules_resolve

from .models import Game, Round, RoundHand, Seat, Turn


def seat_names(seats: list[Seat]) -> list[str]:
    # Player ids, not names: two players may share a display name, the engine needs them distinct.
    return [str(seat.player_id) for seat in seats]


def hands_for_engine(hands: list[RoundHand]) -> dict[int, list[str] | HandCount]:
    return {
        hand.seat: list(hand.tiles) if hand.tiles is not None else HandCount(hand.count, hand.points)
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
    turns: list[Turn]


def current_round_state(game: Game, seats: list[Seat]) -> CurrentRound:
    """Replay only the current round, starting from the totals cached when it began.

    Two queries whatever the game's length: the round row and its turns.
    """
    round_ = Round.objects.get(game=game, number=game.round_number)
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
    return CurrentRound(state=state, round=round_, turns=turns)


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
