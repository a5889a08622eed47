"""Which game a tablet request is about, and who is asking: a logged-in recorder, or whoever
holds the game's table link. The answer to "may they" comes from clubs.permissions."""

from __future__ import annotations

import secrets

from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.shortcuts import get_object_or_404

from clubs.models import Membership
from clubs.permissions import Actor, Do, allowed, remember_role

from .models import Game, RevokedLink


class LinkRevoked(PermissionDenied):
    """A table link that worked once and was revoked (or replaced by a new one): its holder is
    told so (the 403 page says it), since knowing it was revoked gives nothing away."""


def can_record(user, game: Game) -> bool:
    return allowed(user, Do.RECORD, game)


def recording_access(request, *, pk: int | None = None, token: str | None = None):
    """The game and the Actor for a tablet request, or PermissionDenied.

    A token that matches no game is refused the same way as a wrong one, so links cannot be
    probed for existence; one that was revoked is refused with LinkRevoked, which says so. A
    link still opens its game once it is over (to show the final state); the services refuse
    its writes then.
    """
    if token is not None:
        game = Game.objects.select_related("club").filter(table_token=token).first()
        if game is None or not secrets.compare_digest(game.table_token, token):
            if RevokedLink.objects.filter(token=token).exists():
                raise LinkRevoked("table link revoked")
            raise PermissionDenied("table link unknown")
        user = request.user if request.user.is_authenticated else None
        return game, Actor(user=user, via_link=True, link_game_id=game.pk)
    user = request.user
    games = Game.objects.select_related("club")
    if user.is_authenticated and not user.is_superuser:
        # The game and the user's role in its club in one query: the tablet asks on every tap.
        role = Membership.objects.filter(club=OuterRef("club_id"), player__user=user)
        games = games.annotate(role=Subquery(role.values("role")[:1]))
    game = get_object_or_404(games, pk=pk)
    if hasattr(game, "role"):
        remember_role(user, game.club_id, game.role)
    if not allowed(user, Do.RECORD, game):
        raise PermissionDenied("not a referee of this club")
    return game, Actor(user=user)
