"""Games as `triominos-record/1` records: export a stored game, import a record as a game."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Prefetch

from clubs.models import Club, Player
from clubs.permissions import Do, require
from scoring.engine import (
    PRESETS,
    HandCount,
    record_compose,
    record_round,
    record_state,
    rules_resolve,
)

from .audit import game_audit
from .limits import record_limits_check
from .models import AuditEntry, Game, Seat, Turn
from .record_rows import record_rows_write
from .services import Actor
from .sheets import record_sheet_apply


def _rules_spec(game: Game) -> str | dict:
    """The preset name when the game used it unchanged, else preset plus every override."""
    stored = game.rules
    preset = rules_resolve(game.preset).to_dict()
    overrides = {k: v for k, v in stored.items() if preset.get(k) != v}
    if not overrides and game.preset in PRESETS:
        return game.preset
    return {"preset": game.preset, **overrides}


def game_export(game: Game) -> dict:
    """The record of a game: everything needed to replay it anywhere (record-format.md §3)."""
    seats = list(game.seats.select_related("player").order_by("position"))
    names = _unique_names([seat.player.display_name for seat in seats])
    rounds, sheet = [], []
    # Only what a move says: the cached points and details are the engine's to recompute.
    turns = Prefetch("turns", queryset=Turn.objects.only(
        "round_id", "number", "seat", "draws", "cell_c", "cell_r", "corners"))
    for round_ in game.rounds.order_by("number").prefetch_related(turns, "hands"):
        if round_.on_paper:
            # No moves to replay: the paper's points ride along under a key replayers ignore.
            line = {"points": dict(zip(names, round_.end_points, strict=True))}
            if round_.winner_seat is not None:
                line["winner"] = names[round_.winner_seat]
            sheet.append(line)
            continue
        turns_played = sorted(round_.turns.all(), key=lambda t: t.number)
        if not turns_played and round_.ended_at is None and round_.number and not round_.dealt:
            continue  # the next round has not started: nothing to say about it yet
        hands = None
        if round_.ended_at is not None:
            hands = {hand.seat: (list(hand.tiles) if hand.tiles is not None
                                 else HandCount(hand.count, hand.points))
                     for hand in round_.hands.all()}
        rounds.append(record_round(
            names, round_.dealt, [(t.seat, t.draws, t.at, t.corners) for t in turns_played], hands))
    record = record_compose(_rules_spec(game), names, rounds)
    record["club"], record["title"] = game.club.slug, game.worded_title()
    if sheet:
        record["entry"], record["sheet"] = game.entry, sheet
    return record


def _unique_names(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


@transaction.atomic
def game_import(*, club: Club, record: dict, actor: Actor) -> Game:
    """Create a game from a record: every turn checked by the engine, rows written in bulk.

    The whole record is replayed first, so an illegal record is refused with the round and
    turn of its first problem and nothing is written. Players are matched by display name
    within the club; unknown names become new players of the club. An optional
    ``"finished_at"`` (ISO 8601) dates a game entered late, so ratings take it in its place.
    """
    require(actor, Do.IMPORT, club)
    record_limits_check(record)  # raises RecordRefused before the engine spends time on it
    record_state(record)  # raises EngineError with .round / .turn
    names = record["players"]
    players = [_player_for(club, name) for name in names]
    rules = rules_resolve(record["rules"])
    game = Game.objects.create(
        club=club, title=record.get("title", ""), preset=rules.preset, rules=rules.to_dict(),
        target=rules.target, rounds_limit=rules.rounds_limit,
        created_by=actor.user if actor.user_id else None,
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=i, player=p) for i, p in enumerate(players)
    )
    record_rows_write(game=game, seats=seats, record=record, actor=actor)
    game_audit(game, AuditEntry.Action.IMPORT, actor, after={
        "players": names, "rounds": len(record["rounds"]), "turns": game.turn_count,
        "status": game.status})
    if "sheet" in record:  # a game finished on paper, as game_export writes it
        record_sheet_apply(game=game, record=record, actor=actor)
    return game


def _player_for(club: Club, name: str) -> Player:
    player = Player.objects.filter(memberships__club=club, display_name=name).first()
    if player is None:
        player = Player.objects.create(display_name=name, home_club=club)
        player.memberships.create(club=club)
    return player
