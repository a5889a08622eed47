"""Linking a user account to its player, done by an organiser of the player's club: the person
then sees "you" in the rankings and "My games" in the games list.

A linked account also takes the player's roles in every club, so an organiser may not link or
unlink a player who holds a role in a club they do not organise."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from .audit import club_audit
from .models import Club, ClubAuditEntry, Membership, Player
from .permissions import Actor, Do, allowed, require


class AccountLinkRefused(Exception):
    """Why linking or unlinking was refused, in the reader's language."""


def _locked_member(club: Club, player: Player) -> Player:
    player = Player.objects.select_for_update().get(pk=player.pk)
    if not Membership.objects.filter(club=club, player=player).exists():
        raise AccountLinkRefused(_("%(player)s is not a member of %(club)s.") % {
            "player": player.display_name, "club": club.name})
    return player


def _refuse_roles_elsewhere(player: Player, club: Club, actor: Actor) -> None:
    for membership in (player.memberships.exclude(club=club)
                       .exclude(role=Membership.Role.MEMBER).select_related("club")):
        if not allowed(actor, Do.ORGANISE_CLUB, membership.club):
            raise AccountLinkRefused(_(
                "%(player)s has the role “%(role)s” in %(club)s: only that club's organisers "
                "may change this player's account.") % {
                "player": player.display_name, "role": membership.get_role_display(),
                "club": membership.club.name})


@transaction.atomic
def player_link_account(*, club: Club, player: Player, username: str, actor: Actor) -> Player:
    require(actor, Do.ORGANISE_CLUB, club)
    player = _locked_member(club, player)
    model = get_user_model()
    user = (model.objects.select_for_update()
            .filter(**{model.USERNAME_FIELD: username.strip()}).first())
    if user is None:
        raise AccountLinkRefused(_("No account is called “%(name)s”.") % {"name": username})
    if player.user_id == user.pk:
        return player
    if player.user_id is not None:
        raise AccountLinkRefused(_(
            "%(player)s is already linked to another account; unlink it first.") % {
            "player": player.display_name})
    owner = Player.objects.filter(user=user).first()
    if owner is not None:
        raise AccountLinkRefused(_("The account “%(name)s” already belongs to %(player)s.") % {
            "name": user.get_username(), "player": owner.display_name})
    _refuse_roles_elsewhere(player, club, actor)
    player.user = user
    player.save(update_fields=["user"])
    club_audit(actor=actor, club=club, action=ClubAuditEntry.Action.ACCOUNT_LINK,
               before={"user": None},
               after={"player": player.display_name, "player_id": player.pk,
                      "user": user.get_username()})
    return player


@transaction.atomic
def player_unlink_account(*, club: Club, player: Player, actor: Actor) -> Player:
    require(actor, Do.ORGANISE_CLUB, club)
    player = _locked_member(club, player)
    if player.user_id is None:
        return player
    if player.user_id == actor.user_id:
        # Their own roles come through this link: unlinking it would lock them out.
        raise AccountLinkRefused(_("Your own account cannot be unlinked by yourself."))
    _refuse_roles_elsewhere(player, club, actor)
    before = {"user": player.user.get_username()}
    player.user = None
    player.save(update_fields=["user"])
    club_audit(actor=actor, club=club, action=ClubAuditEntry.Action.ACCOUNT_UNLINK,
               before=before, after={"player": player.display_name, "player_id": player.pk,
                                     "user": None})
    return player
