"""A `triominos-record/1` record's rounds, turns and hands as rows of one game, replayed by the
engine: what importing a record (records.game_import), attaching one to a game (sheets) and the
club archive write. Below both records and sheets, so neither imports the other's module for
it (records builds on sheets for a record's paper part)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from scoring.engine import GameState, HandCount, Phase

from .limits import record_finished_at
from .models import Game, Round, RoundHand, Seat, Turn
from .replay import StoredRound, hand_rows, replayed_state, result_guard
from .services import Actor, engine_state_save


def record_rows_write(*, game: Game, seats: list[Seat], record: dict, actor: Actor,
                      finished_at=None) -> None:
    """Write a checked record's rounds, turns and hands into a game that has none (its seats
    in the record's order), and cache the engine's result. The version goes on from where it
    was, so no tablet or remembered state can mistake the new content for an old one. The
    game is the row its caller locked; a closed result is refused before anything is written."""
    result_guard(game)
    rows = record_rows(game, record, actor=actor, ended_at=timezone.now())
    rows.save()
    game.turn_count = len(rows.turns)
    if finished_at is None:
        finished_at = record_finished_at(record)
    engine_state_save(game, seats, rows.state, finished_at=finished_at, events=rows.events)


@dataclass
class RecordRows:
    """A record replayed into the unsaved rounds, turns and hands of one game."""

    state: GameState
    rounds: list[Round]
    turns: list[Turn]
    hands: list[RoundHand]
    events: int  # turns and round ends: what the game's version counts

    def save(self) -> None:
        # Turns and hands point at rounds saved just before them: bulk_create takes the new
        # round ids through those references.
        Round.objects.bulk_create(self.rounds)
        Turn.objects.bulk_create(self.turns, batch_size=1000)
        RoundHand.objects.bulk_create(self.hands)


def record_rows(game: Game, record: dict, *, actor: Actor, ended_at) -> RecordRows:
    """A checked record as rows of `game` (not yet saved), replayed by the engine (replay.py)
    to fill in what the moves score.

    Every ended round gets ``ended_at``; a caller that knows better times sets them on the
    rows before saving (the club archive does)."""
    names = record["players"]

    def seat(who) -> int:
        return names.index(who) if isinstance(who, str) else who

    stored = []
    for number, rnd in enumerate(record["rounds"]):
        row = Round(game=game, number=number, dealt=rnd.get("dealt"))
        turns = []
        for index, move in enumerate(rnd["moves"]):
            at = move.get("at")
            turns.append(Turn(
                round=row, number=index, seat=seat(move["player"]), draws=move.get("draw", 0),
                cell_c=at[0] if at else None, cell_r=at[1] if at else None,
                corners=list(move["corners"]) if at else None,
                via_link=actor.via_link, entered_by=actor.user if actor.user_id else None))
        hands = None
        if "hands" in rnd:
            row.ended_at = ended_at
            hands = hand_rows(row, {
                seat(name): (HandCount(hand["count"], hand["points"]) if isinstance(hand, dict)
                             else list(hand))
                for name, hand in rnd["hands"].items()})
        stored.append(StoredRound(row, turns, hands))
    state = replayed_state(names, game.rules, stored, rewrite=True)
    rounds = [s.round for s in stored]
    turns = [turn for s in stored for turn in s.turns]
    ended = [s.hands for s in stored if s.hands is not None]
    if state.phase == Phase.OPENING and state.round_index == len(rounds):
        rounds.append(Round(game=game, number=state.round_index,
                            start_totals=list(state.totals), totals=list(state.totals)))
    return RecordRows(state=state, rounds=rounds, turns=turns,
                      hands=[hand for held in ended for hand in held if hand.count],
                      events=len(turns) + len(ended))
