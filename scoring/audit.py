"""Audit entries for games: who wrote (a user or the table link) and what changed."""

from __future__ import annotations

from clubs.audit import audit_fields
from clubs.permissions import Actor

from .models import AuditEntry, Game, Seat, Turn


def game_audit(game: Game, action: str, actor: Actor, **fields) -> AuditEntry:
    """Write one entry. The game's id, title and club are copied so the entry still says what
    it was about after the game is deleted."""
    return AuditEntry.objects.create(
        game=game, game_ref=game.pk, game_title=game.worded_title(), action=action,
        **audit_fields(actor, game.club), **fields,
    )


def turn_snapshot(turn: Turn) -> dict:
    return {"seat": turn.seat, "draw": turn.draws, "at": list(turn.at) if turn.at else None,
            "corners": turn.corners, "tile": turn.tile, "points": turn.points}


def scores_snapshot(game: Game, seats: list[Seat]) -> dict:
    return {"status": game.status, "scores": [seat.score for seat in seats],
            "places": [seat.place for seat in seats]}
