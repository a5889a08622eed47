"""Who may do what in a club. One place, so views, services and templates agree."""

from .models import Club, Membership

_REFEREE_ROLES = (Membership.Role.REFEREE, Membership.Role.ORGANISER)


def club_role(user, club: Club) -> str | None:
    """The user's role in the club, or None for a non-member or anonymous visitor."""
    if not user.is_authenticated:
        return None
    return (
        Membership.objects.filter(club=club, player__user=user)
        .values_list("role", flat=True)
        .first()
    )


def can_organise(user, club: Club) -> bool:
    if user.is_authenticated and user.is_superuser:
        return True
    return club_role(user, club) == Membership.Role.ORGANISER


def can_referee(user, club: Club) -> bool:
    if user.is_authenticated and user.is_superuser:
        return True
    return club_role(user, club) in _REFEREE_ROLES
