"""Which game a tablet request is about, and who is asking: a logged-in recorder, or whoever
holds the game's table link. The answer to "may they" comes from clubs.permissions.

The game and what the check needs (the user's role in its club) are read in one query: alone
for a page (``recording_access``), or as the locked read of a write (``TabletAsking``, given to
services.turn_record), so that a turn reads its game once."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import NoReturn

from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404

from clubs.models import Membership
from clubs.permissions import Actor, Do, allowed, remember_role

from .models import Game, RevokedLink


class LinkRevoked(PermissionDenied):
    """A table link that worked once and was revoked (or replaced by a new one): its holder is
    told so (the 403 page says it), since knowing it was revoked gives nothing away."""


def can_record(user, game: Game) -> bool:
    return allowed(user, Do.RECORD, game)


@dataclass(frozen=True)
class TabletAsking:
    """A tablet request's claim on a game: the logged-in user for game ``pk``, or whoever holds
    the table link ``token``. Reading nothing itself, it says how to find the game and what to
    read with it, and checks what was read (services.Asking)."""

    user: object
    pk: int | None = None
    token: str | None = None

    @property
    def where(self) -> dict:
        return {"table_token": self.token} if self.token is not None else {"pk": self.pk}

    def also(self, game_path: str = "") -> dict:
        """The user's role in the game's club, read with the game: the tablet asks on every
        tap. ``game_path``: where the game's fields are in the query ("" on Game itself)."""
        user = self.user
        if self.token is not None or not user.is_authenticated or user.is_superuser:
            return {}
        role = Membership.objects.filter(club=OuterRef(f"{game_path}club_id"), player__user=user)
        return {"role": Subquery(role.values("role")[:1])}

    def missing(self) -> NoReturn:
        """No game found. A token that matches no game is refused the same way as a wrong one,
        so links cannot be probed for existence; one that was revoked is refused with
        LinkRevoked, which says so."""
        if self.token is not None:
            if RevokedLink.objects.filter(token=self.token).exists():
                raise LinkRevoked("table link revoked")
            raise PermissionDenied("table link unknown")
        raise Http404("no such game")

    def admit(self, game: Game, also: dict) -> Actor:
        """Who writes, or PermissionDenied. A link still opens its game once it is over (to
        show the final state); the services refuse its writes then."""
        if self.token is not None:
            if not secrets.compare_digest(game.table_token, self.token):
                self.missing()
            user = self.user if self.user.is_authenticated else None
            return Actor(user=user, via_link=True, link_game_id=game.pk)
        if "role" in also:
            remember_role(self.user, game.club_id, also["role"])
        if not allowed(self.user, Do.RECORD, game):
            raise PermissionDenied("not a referee of this club")
        return Actor(user=self.user)


def tablet_asking(request, *, pk: int | None = None, token: str | None = None) -> TabletAsking:
    return TabletAsking(user=request.user, pk=pk, token=token)


def recording_access(request, *, pk: int | None = None, token: str | None = None):
    """The game and the Actor for a tablet request, or PermissionDenied (Http404 for a game
    that does not exist); one query."""
    asking = tablet_asking(request, pk=pk, token=token)
    also = asking.also()
    game = (Game.objects.select_related("club").annotate(**also)
            .filter(**asking.where).first())
    if game is None:
        asking.missing()
    return game, asking.admit(game, {name: getattr(game, name) for name in also})
