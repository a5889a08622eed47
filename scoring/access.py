"""Who may record a game: the club's referees and organisers when logged in, or whoever holds
the game's table link."""

from __future__ import annotations

import secrets

from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.shortcuts import get_object_or_404

from clubs.models import Membership
from clubs.permissions import REFEREE_ROLES, can_referee

from .models import Game
from .services import Actor


def can_record(user, game: Game) -> bool:
    return can_referee(user, game.club)


def recording_access(request, *, pk: int | None = None, token: str | None = None):
    """The game and the Actor for a tablet request, or PermissionDenied.

    A token that matches no game is refused the same way as a wrong one, so links cannot be
    probed for existence.
    """
    if token is not None:
        game = Game.objects.select_related("club").filter(table_token=token).first()
        if game is None or not secrets.compare_digest(game.table_token, token):
            raise PermissionDenied("table link unknown or revoked")
        user = request.user if request.user.is_authenticated else None
        return game, Actor(user=user, via_link=True)
    user = request.user
    games = Game.objects.select_related("club")
    if user.is_authenticated and not user.is_superuser:
        # The game and the user's role in its club in one query: the tablet asks on every tap.
        role = Membership.objects.filter(club=OuterRef("club_id"), player__user=user)
        games = games.annotate(role=Subquery(role.values("role")[:1]))
    game = get_object_or_404(games, pk=pk)
    allowed = user.is_authenticated and (
        user.is_superuser
        or game.role in REFEREE_ROLES
        or can_referee(user, game.club)  # granted for every club, not by a role here
    )
    if not allowed:
        raise PermissionDenied("not a referee of this club")
    return game, Actor(user=user)
