"""Writers for clubs: members and their roles, and new players."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from . import selectors
from .audit import club_audit
from .models import Club, ClubAuditEntry, Membership, Player
from .permissions import Actor, Do, player_private_allowed, require
from .refusals import Refused


class NotAllowed(Refused):
    """A change of the club's members its rules do not allow (clubs/messages.py words it)."""


class SimilarPlayers(Exception):
    """A "new" player whose name is already (or nearly) a person of the club: the organiser
    chooses one of ``players`` or confirms a new person (``new_anyway``)."""

    def __init__(self, name: str, players: list[Player]):
        super().__init__(f"similar to {name!r}: {[p.pk for p in players]}")
        self.name = name
        self.players = players


def player_new(*, club: Club, display_name: str, new_anyway: bool = False) -> Player:
    """A new person whose home is the club; refused with SimilarPlayers when the club already
    has someone of that (or a close) name, unless the organiser confirmed ``new_anyway``."""
    name = " ".join(display_name.split())
    if not new_anyway:
        similar = selectors.similar_players(club, name)
        if similar:
            raise SimilarPlayers(name, similar)
    return Player.objects.create(display_name=name, home_club=club)


def _lock_members(club: Club) -> dict[int, Membership]:
    """Lock every membership of the club, by player: two organisers demoting each other at the
    same moment then take turns, and the second sees the first one's change."""
    return {m.player_id: m for m in
            Membership.objects.select_for_update().filter(club=club).order_by("pk")}


def _keep_an_organiser(members: dict[int, Membership], changed: Membership, role: str | None):
    """Refuse a change that would leave the club without an organiser (role None: removal)."""
    if changed.role != Membership.Role.ORGANISER or role == Membership.Role.ORGANISER:
        return
    others = [m for m in members.values()
              if m.pk != changed.pk and m.role == Membership.Role.ORGANISER]
    if not others:
        raise NotAllowed("organiser-kept")


def _member_audit(actor, club, action, membership, *, before=None, after=None):
    club_audit(actor=actor, club=club, action=action, before=before, after={
        "player": membership.player.display_name, "player_id": membership.player_id,
        **(after or {})})


def member_join(*, club: Club, player: Player, role: str = Membership.Role.MEMBER,
                actor: Actor) -> Membership:
    """The player's new membership, written and audited. The caller has checked the actor's
    right (organising the club, or starting a game there for a newcomer) and that the player
    is not a member yet."""
    membership = Membership.objects.create(club=club, player=player, role=role)
    _member_audit(actor, club, ClubAuditEntry.Action.MEMBER_ADD, membership, after={"role": role})
    return membership


@transaction.atomic
def member_add(*, club: Club, display_name: str = "", player: Player | None = None,
               role: str = Membership.Role.MEMBER, new_anyway: bool = False,
               actor: Actor) -> Membership:
    """Add an existing player, or a new one by name, to the club; a member already there gets
    the role (never leaving the club without an organiser). A new name close to someone the
    club has is refused (SimilarPlayers) unless ``new_anyway``."""
    require(actor, Do.ORGANISE_CLUB, club)
    members = _lock_members(club)
    if player is None:
        player = player_new(club=club, display_name=display_name, new_anyway=new_anyway)
    membership = members.get(player.pk)
    if membership is None:
        membership = member_join(club=club, player=player, role=role, actor=actor)
    elif membership.role != role:
        _set_role(members, membership, role, actor)
    return membership


def _set_role(members, membership: Membership, role: str, actor) -> None:
    _keep_an_organiser(members, membership, role)
    before = {"role": membership.role}
    membership.role = role
    membership.save(update_fields=["role"])
    _member_audit(actor, membership.club, ClubAuditEntry.Action.MEMBER_ROLE, membership,
                  before=before, after={"role": role})


@transaction.atomic
def member_set_role(*, membership: Membership, role: str,
                    actor: Actor) -> Membership:
    require(actor, Do.ORGANISE_CLUB, membership.club)
    members = _lock_members(membership.club)
    current = next((m for m in members.values() if m.pk == membership.pk), None)
    if current is None:
        raise Membership.DoesNotExist
    if current.role != role:
        _set_role(members, current, role, actor)
    return current


@transaction.atomic
def member_remove(*, membership: Membership, actor: Actor) -> None:
    club = membership.club
    require(actor, Do.ORGANISE_CLUB, club)
    members = _lock_members(club)
    current = next((m for m in members.values() if m.pk == membership.pk), None)
    if current is None:
        return
    _keep_an_organiser(members, current, None)
    _member_audit(actor, club, ClubAuditEntry.Action.MEMBER_REMOVE, current,
                  before={"role": current.role})
    current.delete()


@transaction.atomic
def player_games_public_set(*, player: Player, public: bool, actor: Actor) -> bool:
    """Make the player's games public or private (docs/ratings.md, "Private games"), for the
    player's own account or an organiser of one of their clubs; audited in the player's home
    club (or their first club) with the value before and after. Returns whether it changed."""
    if not player_private_allowed(actor, player):
        raise PermissionDenied("not allowed to change this player's privacy")
    # Only the player's row is locked (PostgreSQL locks no nullable side of a join).
    locked = (Player.objects.select_for_update(of=("self",)).select_related("home_club")
              .get(pk=player.pk))
    if locked.games_public == public:
        return False
    before = locked.games_public
    locked.games_public = public
    locked.save(update_fields=["games_public"])
    player.games_public = public
    club = locked.home_club or Club.objects.filter(memberships__player=locked).first()
    named = {"player": locked.display_name, "player_id": locked.pk}
    club_audit(actor=actor, club=club, action=ClubAuditEntry.Action.PLAYER_PRIVACY,
               before={**named, "games_public": before}, after={**named, "games_public": public})
    return True
