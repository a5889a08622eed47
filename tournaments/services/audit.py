"""Who may change a tournament, asked of clubs.permissions, and the audit of what they did."""

from __future__ import annotations

from clubs import push
from clubs.audit import audit_write
from clubs.permissions import Actor, Do, require

from ..models import Tournament, TournamentAuditEntry

Action = TournamentAuditEntry.Action


def check(actor: Actor, tournament: Tournament) -> None:
    """PermissionDenied unless the actor may manage the tournament (SITE may)."""
    require(actor, Do.MANAGE_TOURNAMENT, tournament)


def tournament_changed(tournament_id: int) -> None:
    """After commit, the pages following the tournament fetch it again (clubs/push.py): the
    one after-commit point of a tournament's change. Every audited write passes here through
    tournament_audit; the pairing task (progress, the draft) and a table's game result, which
    are not audited, call it themselves."""
    push.publish_after_commit(push.tournament_topic(tournament_id))


def tournament_audit(tournament: Tournament, action: str, actor: Actor, *,
                     round_number: int | None = None, **fields) -> TournamentAuditEntry:
    tournament_changed(tournament.pk)
    return audit_write(
        TournamentAuditEntry, actor=actor, club=tournament.club, action=action,
        tournament=tournament, tournament_name=tournament.name, round_number=round_number,
        **fields,
    )
