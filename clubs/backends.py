"""Club roles as Django permissions: `user.has_perm("clubs.organise_club", club)` and
`user.has_perm("clubs.referee_club", club)`.

A member's role in a club grants the permission for that club. The same permission granted the
usual way (to a user or a group, in the admin) holds for every club — a federation's referees,
say. Superusers have every permission already.
"""

from django.contrib.auth.backends import BaseBackend
from django.contrib.auth.models import Permission
from django.db.models import Q

from .models import Club, Membership

ROLE_PERMISSIONS = {
    "clubs.organise_club": (Membership.Role.ORGANISER,),
    "clubs.referee_club": (Membership.Role.REFEREE, Membership.Role.ORGANISER),
}


class ClubRoleBackend(BaseBackend):
    def has_perm(self, user_obj, perm, obj=None):
        if perm not in ROLE_PERMISSIONS or not isinstance(obj, Club):
            return False
        if not user_obj.is_active or user_obj.is_anonymous:
            return False
        if Membership.objects.filter(
            club=obj, player__user=user_obj, role__in=ROLE_PERMISSIONS[perm]
        ).exists():
            return True
        return perm in self._granted_everywhere(user_obj)

    def _granted_everywhere(self, user) -> set[str]:
        """Club permissions given to the user or their groups directly: one query, then kept
        on the user object for the rest of the request."""
        if not hasattr(user, "_club_grants"):
            codenames = Permission.objects.filter(
                Q(user=user) | Q(group__user=user), content_type__app_label="clubs",
                codename__in=[p.split(".", 1)[1] for p in ROLE_PERMISSIONS],
            ).values_list("codename", flat=True)
            user._club_grants = {f"clubs.{c}" for c in codenames}
        return user._club_grants
