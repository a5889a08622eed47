"""The one answer to "may this user or table link do this to that".

Every view and service asks here. A logged-in user's answer comes from the club permissions
(clubs/backends.py turns a member's role into `clubs.organise_club` / `clubs.referee_club` for
that club; the same permission granted in the admin holds for every club; superusers have all).
A table link may only record the game it was made for, and only while that game is played.

Objects are answered by their club: a Club, or anything with a `club_id` (a game, a
tournament), so this module needs no app above clubs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, Q, QuerySet

from .backends import ORGANISE, REFEREE, ROLE_PERMISSIONS, codenames_granting, remember_role
from .models import Club


@dataclass(frozen=True)
class Actor:
    """Who is writing: a user, a holder of a table link (with the user if one is logged in),
    or — with neither — the site itself (tasks, demo data, a tournament publishing its games),
    which the services trust. Every service takes an actor, always: the site is named as
    ``SITE``, never meant by a missing one."""

    user: object = None
    via_link: bool = False
    link_game_id: int | None = None  # the game whose table link was used

    @property
    def user_id(self):
        return getattr(self.user, "pk", None)

    @property
    def is_site(self) -> bool:
        return self.user is None and not self.via_link


#: The site itself as the actor: the tasks, the demo data, the reconciliation, the tests'
#: set-up. The one actor allowed everything; written in audits with no user.
SITE = Actor()


class Do(StrEnum):
    """Everything someone may be allowed to do."""

    RECORD = "record"  # turns, undo and round ends of a game being played
    CORRECT = "correct"  # rewrite an earlier turn
    ABANDON = "abandon"
    REOPEN = "reopen"  # a finished game, with a reason
    CLOSE_RESULT = "close-result"  # close a game's result, or open it for one correction
    DELETE_GAME = "delete-game"
    MANAGE_LINK = "manage-link"  # see, revoke and renew a game's table link
    START_GAME = "start-game"
    IMPORT = "import"
    ORGANISE_CLUB = "organise-club"  # members and their roles
    CREATE_TOURNAMENT = "create-tournament"
    MANAGE_TOURNAMENT = "manage-tournament"


#: The club permission a logged-in user needs for each action.
NEEDS = {
    Do.RECORD: REFEREE,
    Do.CORRECT: REFEREE,
    Do.ABANDON: REFEREE,
    Do.MANAGE_LINK: REFEREE,
    Do.START_GAME: REFEREE,
    Do.IMPORT: REFEREE,
    Do.REOPEN: ORGANISE,
    Do.CLOSE_RESULT: ORGANISE,
    Do.DELETE_GAME: ORGANISE,
    Do.ORGANISE_CLUB: ORGANISE,
    Do.CREATE_TOURNAMENT: ORGANISE,
    Do.MANAGE_TOURNAMENT: ORGANISE,
}


def _as_actor(who) -> Actor:
    return who if isinstance(who, Actor) else Actor(user=who)


def allowed(who, action: Do, obj) -> bool:
    """May ``who`` (a user, anonymous included, or an Actor) do ``action`` to ``obj``?"""
    actor = _as_actor(who)
    if actor.via_link:
        return (action == Do.RECORD and actor.link_game_id is not None
                and getattr(obj, "pk", None) == actor.link_game_id
                and getattr(obj, "is_playing", False))
    if actor.is_site:
        return True
    return actor.user.has_perm(NEEDS[action], obj)


def require(who, action: Do, obj) -> None:
    """Raise PermissionDenied (a 403) unless ``allowed``."""
    if not allowed(who, action, obj):
        raise PermissionDenied(f"not allowed to {action}")


def clubs_where(user, action: Do) -> QuerySet[Club]:
    """The clubs where the user may do ``action``: by role, or all of them by a grant — the
    same rules as ``allowed``, in the one query that lists the clubs."""
    if not user.is_authenticated or not user.is_active:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    needed = NEEDS[action]
    granted = Permission.objects.filter(
        Q(user=user) | Q(group__user=user), content_type__app_label="clubs",
        codename__in=codenames_granting(needed),
    )
    return Club.objects.filter(
        Q(memberships__player__user=user, memberships__role__in=ROLE_PERMISSIONS[needed])
        | Exists(granted)
    ).distinct()


def clubs_where_required(user, action: Do) -> QuerySet[Club]:
    """``clubs_where``, refused with PermissionDenied (a 403) when there is none: the pages
    that start something in one of the user's clubs."""
    clubs = clubs_where(user, action)
    if not clubs.exists():
        raise PermissionDenied(f"no club where this user may {action}")
    return clubs


def player_private_allowed(who, player) -> bool:
    """May ``who`` see a private player's games and decide whether they are public: the
    player's own account, an organiser of a club the player belongs to, or the site itself.
    Not a club permission (`NEEDS`): it is about one person, whoever's club."""
    actor = _as_actor(who)
    if actor.via_link:
        return False
    if actor.is_site:
        return True
    user = actor.user
    if not user.is_authenticated or not user.is_active:
        return False
    if player.user_id is not None and player.user_id == user.pk:
        return True
    return clubs_where(user, Do.ORGANISE_CLUB).filter(memberships__player=player).exists()


__all__ = ["SITE", "Actor", "Do", "allowed", "clubs_where", "player_private_allowed",
           "remember_role", "require"]


# Older names, kept for the callers that ask in these words.

def can_organise(user, club) -> bool:
    """Manage the club's members, referees and tournaments."""
    return allowed(user, Do.ORGANISE_CLUB, club)

