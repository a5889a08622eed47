"""Club roles as Django permissions: `user.has_perm("clubs.organise_club", club)` and
`user.has_perm("clubs.referee_club", club)`; ``club`` may be a Club or anything with a
``club_id`` (a game, a tournament).

A member's role in a club grants the permission for that club. The same permission granted the
usual way (to a user or a group, in the admin) holds for every club — a federation's referees,
say; organising everywhere includes refereeing everywhere, as the organiser role includes the
referee's. Superusers have every permission already. Ask through clubs/permissions.py.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import BaseBackend, ModelBackend
from django.contrib.auth.models import Permission
from django.db.models import Q

from .models import Club, Membership

ORGANISE = "clubs.organise_club"
REFEREE = "clubs.referee_club"

ROLE_PERMISSIONS = {
    ORGANISE: (Membership.Role.ORGANISER,),
    REFEREE: (Membership.Role.REFEREE, Membership.Role.ORGANISER),
}
#: A grant for every club of the key also gives these.
_IMPLIED = {ORGANISE: {ORGANISE, REFEREE}, REFEREE: {REFEREE}}


def codenames_granting(perm: str) -> list[str]:
    """The codenames whose grant for every club gives ``perm`` everywhere."""
    return [p.split(".", 1)[1] for p, implied in _IMPLIED.items() if perm in implied]


def club_id_of(obj) -> int | None:
    if isinstance(obj, Club):
        return obj.pk
    return getattr(obj, "club_id", None)


def remember_role(user, club_id: int, role: str | None) -> None:
    """Note the user's role in a club, read along with something else in the same query (the
    tablet reads it with the game), so the question asked again in this request costs nothing.
    Only for the request at hand: the note lives on this user object."""
    # Through getattr/setattr, so request.user (a lazy proxy) notes it on the user itself.
    noted = getattr(user, "_club_roles", None)
    if noted is None:
        noted = user._club_roles = {}
    noted[club_id] = role


def _role_in(user, club_id: int) -> str | None:
    noted = getattr(user, "_club_roles", {})
    if club_id in noted:
        return noted[club_id]
    # A player belongs to a user at most once, and to a club at most once.
    return Membership.objects.filter(club_id=club_id, player__user=user).values_list(
        "role", flat=True).first()


class ClubRoleBackend(BaseBackend):
    def has_perm(self, user_obj, perm, obj=None):
        if perm not in ROLE_PERMISSIONS:
            return False
        club_id = club_id_of(obj)
        if club_id is None or not user_obj.is_active or user_obj.is_anonymous:
            return False
        if _role_in(user_obj, club_id) in ROLE_PERMISSIONS[perm]:
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
            user._club_grants = set().union(*(_IMPLIED[f"clubs.{c}"] for c in codenames))
        return user._club_grants


class EmailLogin(BaseBackend):
    """Log in with the account's e-mail address typed where the user name goes (after the
    throttle, which counts what was typed, and the user name's own backend). Only an address
    that exactly one active account has: sign-up keeps addresses to one account, but older
    accounts may share one, and then only the user name logs in."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if not username or "@" not in username or password is None:
            return None
        model = get_user_model()
        found = list(model._default_manager.filter(
            **{f"{model.get_email_field_name()}__iexact": username, "is_active": True})[:2])
        if len(found) != 1:
            return None
        user = found[0]
        return user if user.check_password(password) else None

    def get_user(self, user_id):
        # Only the login: its permissions are the other backends' (no second look-up).
        return ModelBackend().get_user(user_id)
