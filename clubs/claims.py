"""A person asks, from their own account, to be linked to their player in a club; an organiser
of that club confirms (the account becomes the player's, as if the organiser had linked it on
the club's page) or refuses. Every step is audited in the club's log.

A player is never claimed twice: confirming locks the player and refuses one that has an
account already, and the database holds one confirmed claim per player and per account
(PlayerClaim's constraints) should two confirmations ever cross. Confirming one claim refuses
the others still waiting for the same player.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .accounts import AccountLinkRefused, _refuse_roles_elsewhere
from .audit import club_audit
from .models import Club, ClubAuditEntry, Membership, Player, PlayerClaim
from .permissions import Actor, Do, require


class ClaimRefused(AccountLinkRefused):
    """Why a claim could not be made or decided, in the reader's language."""


def _about(claim: PlayerClaim) -> dict:
    return {"player": claim.player.display_name, "player_id": claim.player_id,
            "user": claim.user.get_username(), "claim_id": claim.pk}


@transaction.atomic
def claim_ask(*, user, club: Club, player: Player) -> PlayerClaim:
    """The account's request to be ``player`` of ``club``, waiting for an organiser. Refused
    when the account already has a player or a request waiting, when the player is not a
    member of the club or has an account already."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if Player.objects.filter(user=user).exists():
        raise ClaimRefused(_("Your account is linked to a player already."))
    waiting = (PlayerClaim.objects.filter(user=user, status=PlayerClaim.Status.WAITING)
               .select_related("player").first())
    if waiting is not None:
        raise ClaimRefused(_("You have asked to be %(player)s already; withdraw that request "
                             "first.") % {"player": waiting.player.display_name})
    if not Membership.objects.filter(club=club, player=player).exists():
        raise ClaimRefused(_("%(player)s is not a member of %(club)s.") % {
            "player": player.display_name, "club": club.name})
    if player.user_id is not None:
        raise ClaimRefused(_("%(player)s has an account already. If it is not yours, ask an "
                             "organiser of %(club)s.") % {
            "player": player.display_name, "club": club.name})
    claim = PlayerClaim.objects.create(user=user, club=club, player=player)
    club_audit(actor=Actor(user=user), club=club, action=ClubAuditEntry.Action.CLAIM_ASK,
               after={**_about(claim), "status": claim.status})
    return claim


def _locked_claim(claim: PlayerClaim) -> PlayerClaim:
    return (PlayerClaim.objects.select_for_update(of=("self",))
            .select_related("user", "player", "club").get(pk=claim.pk))


def _waiting(claim: PlayerClaim) -> None:
    if not claim.is_waiting:
        raise ClaimRefused(_("This request was answered already: %(status)s.") % {
            "status": claim.get_status_display()})


@transaction.atomic
def claim_withdraw(*, claim: PlayerClaim, user) -> PlayerClaim:
    """The asker takes their waiting request back."""
    claim = _locked_claim(claim)
    if claim.user_id != user.pk:
        raise ClaimRefused(_("This request is not yours."))
    _waiting(claim)
    _decided(claim, PlayerClaim.Status.WITHDRAWN, Actor(user=user),
             ClubAuditEntry.Action.CLAIM_WITHDRAW)
    return claim


def _decided(claim: PlayerClaim, status: str, actor: Actor, action: str) -> None:
    before = claim.status
    claim.status, claim.decided_at = status, timezone.now()
    claim.decided_by = actor.user
    claim.save(update_fields=["status", "decided_at", "decided_by"])
    club_audit(actor=actor, club=claim.club, action=action, before={"status": before},
               after={**_about(claim), "status": status})


@transaction.atomic
def claim_decide(*, claim: PlayerClaim, confirm: bool, actor: Actor) -> PlayerClaim:
    """An organiser of the claim's club confirms it (the account becomes the player's, and
    every other request waiting for that player is refused) or refuses it."""
    require(actor, Do.ORGANISE_CLUB, claim.club)
    claim = _locked_claim(claim)
    _waiting(claim)
    if not confirm:
        _decided(claim, PlayerClaim.Status.REFUSED, actor, ClubAuditEntry.Action.CLAIM_REFUSE)
        return claim
    player = Player.objects.select_for_update().get(pk=claim.player_id)
    if not Membership.objects.filter(club=claim.club, player=player).exists():
        raise ClaimRefused(_("%(player)s is not a member of %(club)s any more.") % {
            "player": player.display_name, "club": claim.club.name})
    if player.user_id is not None:
        raise ClaimRefused(_("%(player)s has an account already: refuse this request, or "
                             "unlink that account on the club's page first.") % {
            "player": player.display_name})
    if Player.objects.filter(user_id=claim.user_id).exists():
        raise ClaimRefused(_("The account “%(name)s” is linked to another player already.") % {
            "name": claim.user.get_username()})
    # Roles the player holds in other clubs come with the account: only their organisers'.
    _refuse_roles_elsewhere(player, claim.club, actor)
    player.user = claim.user
    player.save(update_fields=["user"])
    _decided(claim, PlayerClaim.Status.CONFIRMED, actor, ClubAuditEntry.Action.CLAIM_CONFIRM)
    rivals = (PlayerClaim.objects.select_for_update().select_related("user", "player", "club")
              .filter(player=player, status=PlayerClaim.Status.WAITING).exclude(pk=claim.pk))
    for other in rivals:
        _decided(other, PlayerClaim.Status.REFUSED, actor, ClubAuditEntry.Action.CLAIM_REFUSE)
    return claim

