"""Games without a tablet: results entered from a paper score sheet, as final scores only, or by
attaching a full `triominos-record/1` record to a game that already exists (a tournament table).

The engine (scoring.engine.sheet, record) checks the numbers; these services lock the game,
replace what the paper or record supersedes, cache the result like any finished game and audit
the change with what it replaced.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from clubs.permissions import Do, require
from scoring.engine import (
    EngineError,
    final_check,
    record_state,
    record_validate,
    rules_resolve,
    sheet_check,
)

from .audit import game_audit
from .limits import record_limits_check
from .models import AuditEntry, Game, Round, Seat, Turn
from .record_rows import record_rows_write
from .replay import game_save
from .services import Actor, NotPlaying, game_locked, game_saved_announce


def _refuse(code: str, message: str, **params) -> EngineError:
    return EngineError(code, message, params)


def _check_open_for_paper(game: Game) -> None:
    """Paper may finish a game in progress or replace an earlier paper result; a game finished
    move by move is corrected turn by turn instead."""
    if game.status == Game.Status.ABANDONED:
        raise NotPlaying("abandoned-no-result", status=game.status)
    if game.status == Game.Status.FINISHED and game.entry == Game.Entry.MOVES:
        raise _refuse("finished-on-tablet", "this game was finished move by move")


def _round_snapshot(round_: Round) -> dict:
    return {
        "number": round_.number, "reason": round_.reason, "points": list(round_.end_points),
        "totals": list(round_.totals),
        "turns": [{"seat": t.seat, "draw": t.draws, "at": list(t.at) if t.at else None,
                   "corners": t.corners, "points": t.points}
                  for t in sorted(round_.turns.all(), key=lambda t: t.number)],
    }


def kept_rounds(game: Game) -> list[Round]:
    """The rounds recorded move by move and scored to their end: a score sheet continues after
    them. A round the tablet left unfinished is not kept: the sheet's line replaces it."""
    kept = []
    for round_ in game.rounds.order_by("number"):
        if round_.on_paper or round_.ended_at is None or round_.number != len(kept):
            break
        kept.append(round_)
    return kept


def _finish(game: Game, seats: list[Seat], result, *, entry: str, was_finished: bool) -> None:
    """Cache a paper result in the game's and seats' columns and announce it after commit."""
    game.entry = entry
    game.status = Game.Status.FINISHED
    game.phase = Game.Phase.OVER
    game.to_play = None
    game.pool_size = 0
    game.winner_seats = list(result.winners)
    game.finished_at = game.finished_at or timezone.now()
    game_save(game, ["entry", "status", "phase", "round_number", "to_play", "pool_size",
                     "winner_seats", "finished_at", "turn_count"])
    for seat in seats:
        seat.score = result.final[seat.position]
        seat.place = result.places[seat.position]
        seat.hand_size = 0
    Seat.objects.bulk_update(seats, ["score", "place", "hand_size"])
    game_saved_announce(game, was_finished=was_finished)


def _drop_rounds(game: Game, rounds: list[Round]) -> list[dict]:
    """Delete rounds the paper replaces; returns them as they were, for the audit entry."""
    before = [_round_snapshot(r) for r in rounds]
    Round.objects.filter(pk__in=[r.pk for r in rounds]).delete()
    return before


@transaction.atomic
def game_sheet_enter(
    *,
    game_id: int,
    rounds: list[list[int]],
    actor: Actor,
    written: list[list[int | None]] | None = None,
    round_winner: int | None = None,
    reached: list[int] = (),
) -> Game:
    """The game's rounds from a score sheet: ``rounds[i][seat]`` is the seat's points in the
    i-th round after the rounds already scored on the tablet (which stay). Replaces an earlier
    sheet or final scores. Raises EngineError or NotPlaying; nothing is written then."""
    game, seats = game_locked(game_id)
    require(actor, Do.RECORD, game)
    _check_open_for_paper(game)
    kept = kept_rounds(game)
    start = list(kept[-1].totals) if kept else None
    result = sheet_check(game.rules, len(seats), rounds, start=start, rounds_before=len(kept),
                         written=written, round_winner=round_winner, reached=reached)
    was_finished = game.status == Game.Status.FINISHED
    replaced = list(game.rounds.filter(number__gte=len(kept)).prefetch_related("turns"))
    before = {"entry": game.entry, "status": game.status,
              "totals": [seat.score for seat in seats], "rounds": _drop_rounds(game, replaced)}
    now = timezone.now()
    totals = start or [0] * len(seats)
    rows = []
    for index, (points, after) in enumerate(zip(result.rounds, result.totals, strict=True)):
        last = index == len(result.rounds) - 1
        rows.append(Round(
            game=game, number=len(kept) + index, reason=Round.Reason.SHEET,
            start_totals=totals, end_points=points, totals=after, ended_at=now,
            winner_seat=round_winner if last else None,
        ))
        totals = after
    Round.objects.bulk_create(rows)
    game.round_number = rows[-1].number
    game.turn_count = Turn.objects.filter(round__game=game).count()
    _finish(game, seats, result, entry=Game.Entry.SHEET, was_finished=was_finished)
    game_audit(game, AuditEntry.Action.SHEET, actor, before=before, after={
        "from_round": len(kept), "rounds": result.rounds, "totals": result.final,
        "winners": result.winners, "round_winner": round_winner, "reached": sorted(reached),
    })
    return game


@transaction.atomic
def game_final_enter(
    *,
    game_id: int,
    scores: list[int],
    actor: Actor,
    rounds: int | None = None,
    round_winner: int | None = None,
    reached: list[int] = (),
) -> Game:
    """Only the final scores, one per seat in seating order, and the number of rounds played
    when the table kept it (it bounds what the scores can be). Whatever was recorded before is
    replaced (and kept in the audit entry). Raises EngineError or NotPlaying."""
    game, seats = game_locked(game_id)
    require(actor, Do.RECORD, game)
    _check_open_for_paper(game)
    if not isinstance(scores, list) or len(scores) != len(seats):
        raise _refuse("sheet-row", "one final score per player", round=0, players=len(seats))
    result = final_check(game.rules, scores, rounds=rounds, round_winner=round_winner,
                         reached=reached)
    was_finished = game.status == Game.Status.FINISHED
    before = {"entry": game.entry, "status": game.status,
              "totals": [seat.score for seat in seats],
              "rounds": _drop_rounds(game, list(game.rounds.prefetch_related("turns")))}
    Round.objects.create(
        game=game, number=0, reason=Round.Reason.FINAL, start_totals=[0] * len(seats),
        end_points=result.final, totals=result.final, ended_at=timezone.now(),
        winner_seat=round_winner,
    )
    game.round_number = 0
    game.turn_count = 0
    _finish(game, seats, result, entry=Game.Entry.FINAL, was_finished=was_finished)
    game_audit(game, AuditEntry.Action.FINAL, actor, before=before, after={
        "totals": result.final, "winners": result.winners, "round_winner": round_winner,
        "reached": sorted(reached), "rounds": rounds,
    })
    return game


def _seat_order(seats: list[Seat], names: list[str]) -> list[Seat]:
    """The game's seats in the record's order, matched by display name (case and outer spaces
    aside); players sharing a name are taken in their seating order."""
    free = list(seats)
    ordered = []
    for name in names:
        key = name.strip().casefold()
        seat = next((s for s in free if s.player.display_name.strip().casefold() == key), None)
        if seat is None:
            raise _refuse("record-players", f"{name} does not play this game", player=name)
        free.remove(seat)
        ordered.append(seat)
    if free:
        raise _refuse("record-players", "the record leaves out a player",
                      player=free[0].player.display_name)
    return ordered


@transaction.atomic
def game_record_attach(*, game_id: int, record: dict, actor: Actor) -> Game:
    """Replace what a game holds by a full record (turns and hands) of that same game: for a
    table whose tablet died, or a score sheet followed later by the record. The record's
    players must be the game's players and its rules the game's rules. Raises RecordRefused
    (beyond the site's limits), EngineError (with round/turn when replaying fails),
    ResultClosed or NotPlaying; nothing is written then."""
    game, seats = game_locked(game_id)
    require(actor, Do.RECORD, game)
    _check_open_for_paper(game)
    record_limits_check(record)  # the import's limits: cells, counts, texts, rule columns
    record_validate(record)
    played = rules_resolve(record["rules"]).to_dict()
    if played != game.rules:
        name = next(k for k in played if played[k] != game.rules.get(k))
        raise _refuse("record-rules", f"the record was played with {name} = {played[name]!r}",
                      name=name, game=game.rules.get(name), record=played[name])
    ordered = _seat_order(seats, record["players"])
    record_state(record)  # every turn, before anything is replaced
    was_finished = game.status == Game.Status.FINISHED
    before = {"entry": game.entry, "status": game.status,
              "totals": [seat.score for seat in seats],
              "players": [seat.player_id for seat in seats],
              "rounds": _drop_rounds(game, list(game.rounds.prefetch_related("turns")))}
    # New seat rows in the record's order (the engine numbers seats by the record).
    players = [seat.player for seat in ordered]
    Seat.objects.filter(game=game).delete()
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=i, player=p) for i, p in enumerate(players))
    for seat, player in zip(seats, players, strict=True):
        seat.player = player
    # The replay below decides whether the game is finished; a result that stays finished
    # keeps its finishing time, and so its place in the ratings' order.
    finished_at, game.finished_at = game.finished_at, None
    game.entry = Game.Entry.MOVES
    game.status = Game.Status.PLAYING
    game_save(game, ["entry", "status", "finished_at"])
    record_rows_write(game=game, seats=seats, record=record, actor=actor,
                      finished_at=finished_at)
    if was_finished and game.status != Game.Status.FINISHED:
        # Finished before, in progress now: ratings must drop the old result.
        game_saved_announce(game, was_finished=True)
    game_audit(game, AuditEntry.Action.RECORD, actor, before=before, after={
        "players": [p.pk for p in players], "totals": [s.score for s in seats],
        "status": game.status,
    })
    return game


def record_sheet_apply(*, game: Game, record: dict, actor: Actor) -> None:
    """Enter the paper part of an exported record (``"sheet"``, as game_export writes it) after
    the rounds the record replays, so a game finished on paper survives export and import.
    Raises EngineError as the sheet services do."""
    sheet, names = record["sheet"], record["players"]
    if not isinstance(sheet, list) or not sheet or not all(
            isinstance(line, dict) and isinstance(line.get("points"), dict) for line in sheet):
        raise _refuse("bad-record", "sheet: expected a list of {points: {player: number}}",
                      path="sheet", expected="sheet", part="sheet")
    rounds = [[line["points"].get(name) for name in names] for line in sheet]
    winner = sheet[-1].get("winner")
    round_winner = names.index(winner) if winner in names else None
    if record.get("entry") == Game.Entry.FINAL:
        game_final_enter(game_id=game.pk, scores=rounds[-1], round_winner=round_winner,
                         actor=actor)
    else:
        game_sheet_enter(game_id=game.pk, rounds=rounds, round_winner=round_winner,
                         actor=actor)
