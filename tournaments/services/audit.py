"""Who may change a tournament, asked of clubs.permissions, and the audit of what they did."""

from __future__ import annotations

from clubs.audit import audit_write
from clubs.permissions import Actor, Do, require

from ..models import Tournament, TournamentAuditEntry

Action = TournamentAuditEntry.Action


def check(actor: Actor | None, tournament: Tournament) -> None:
    """PermissionDenied unless the actor may manage the tournament; no actor is the site."""
    if actor is not None:
        require(actor, Do.MANAGE_TOURNAMENT, tournament)


def tournament_audit(tournament: Tournament, action: str, actor: Actor | None, *,
                     round_number: int | None = None, **fields) -> TournamentAuditEntry:
    return audit_write(
        TournamentAuditEntry, actor=actor, club=tournament.club, action=action,
        tournament=tournament, tournament_name=tournament.name, round_number=round_number,
        **fields,
    )
