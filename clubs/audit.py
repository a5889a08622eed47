"""Writing audit entries the same way in every app: who did it and to which club."""

from __future__ import annotations

from .models import AuditRecord, Club, ClubAuditEntry
from .permissions import Actor


def audit_fields(actor: Actor, club: Club | None) -> dict:
    """The columns every audit entry shares, filled from the actor and the club."""
    user = actor.user if actor.user_id else None
    return {
        "user": user,
        "username": user.get_username() if user else "",
        "via_link": actor.via_link,
        "club": club,
        "club_name": club.name if club else "",
    }


def audit_write(model: type[AuditRecord], *, actor: Actor, club: Club | None,
                action: str, **fields) -> AuditRecord:
    return model.objects.create(action=action, **audit_fields(actor, club), **fields)


def club_audit(*, actor: Actor, club: Club, action: str, **fields) -> ClubAuditEntry:
    return audit_write(ClubAuditEntry, actor=actor, club=club, action=action, **fields)
