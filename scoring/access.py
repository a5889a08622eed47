"""Who may record a game: the club's referees and organisers when logged in, or whoever holds
the game's table link."""

from __future__ import annotations

import secrets

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from clubs.permissions import can_referee

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
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not can_record(request.user, game):
        raise PermissionDenied("not a referee of this club")
    return game, Actor(user=request.user)
