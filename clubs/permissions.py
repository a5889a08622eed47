"""Who may do what in a club, asked the Django way (see clubs/backends.py), in one place so
views, services and templates agree."""

from django.contrib.auth.models import Permission
from django.db.models import Exists, Q, QuerySet

from .backends import ROLE_PERMISSIONS
from .models import Club

REFEREE_ROLES = ROLE_PERMISSIONS["clubs.referee_club"]


def can_organise(user, club: Club) -> bool:
    """Manage the club's members, referees and tournaments."""
    return user.has_perm("clubs.organise_club", club)


def can_referee(user, club: Club) -> bool:
    """Record the club's games."""
    return user.has_perm("clubs.referee_club", club)


def clubs_refereed_by(user) -> QuerySet[Club]:
    """The clubs whose games the user may record: by role, or all of them by a grant (the same
    rules as clubs/backends.py, asked in the one query that lists the clubs)."""
    if user.is_superuser:
        return Club.objects.all()
    granted = Permission.objects.filter(
        Q(user=user) | Q(group__user=user), content_type__app_label="clubs",
        codename="referee_club",
    )
    return Club.objects.filter(
        Q(memberships__player__user=user, memberships__role__in=REFEREE_ROLES) | Exists(granted)
    ).distinct()
