"""Who may do what in a club, asked the Django way (see clubs/backends.py), in one place so
views, services and templates agree."""

from .models import Club


def can_organise(user, club: Club) -> bool:
    """Manage the club's members, referees and tournaments."""
    return user.has_perm("clubs.organise_club", club)


def can_referee(user, club: Club) -> bool:
    """Record the club's games."""
    return user.has_perm("clubs.referee_club", club)
