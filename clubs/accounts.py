"""Linking a user account to its player, done by an organiser of the player's club: the person
then sees "you" in the rankings and "My games" in the games list. An account that has never had
a password (one a club archive brought) gets, from the same organiser, a link to set one.

A linked account also takes the player's roles in every club, so an organiser may not link or
unlink a player who holds a role in a club they do not organise, nor hand out their account."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from .audit import audit_write, club_audit
from .mail import MailNotSent, mail_send, password_link
from .models import Club, ClubAuditEntry, Membership, Player, PlayerClaim, Preferences
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
    PlayerClaim.objects.filter(player=player, status=PlayerClaim.Status.CONFIRMED).update(
        status=PlayerClaim.Status.UNLINKED)  # the player may be claimed again
    club_audit(actor=actor, club=club, action=ClubAuditEntry.Action.ACCOUNT_UNLINK,
               before=before, after={"player": player.display_name, "player_id": player.pk,
                                     "user": None})
    return player


@transaction.atomic
def account_password_invite(*, club: Club, player: Player, email: str, actor: Actor,
                            site_url: str) -> None:
    """E-mail the account linked to a member who has never had a password (an imported one) a
    link to choose one, at ``email``, which becomes the account's address, so that it can also
    reset its password later. An account with a password is its owner's: they reset it
    themselves. Nothing is written when the message cannot be sent."""
    require(actor, Do.ORGANISE_CLUB, club)
    player = _locked_member(club, player)
    if player.user_id is None:
        raise AccountLinkRefused(_("%(player)s has no account; link one first.") % {
            "player": player.display_name})
    user = get_user_model().objects.select_for_update().get(pk=player.user_id)
    if user.has_usable_password():
        raise AccountLinkRefused(_(
            "The account “%(name)s” has a password already; its owner can reset it from the "
            "login page.") % {"name": user.get_username()})
    if user.is_staff or user.is_superuser:
        raise AccountLinkRefused(_("Only a site administrator may give a password to the "
                                   "account “%(name)s”.") % {"name": user.get_username()})
    _refuse_roles_elsewhere(player, club, actor)
    email_changed = user.email != email
    user.email = email
    user.save(update_fields=["email"])
    # The address itself stays out of the audit, which club archives carry to other sites.
    club_audit(actor=actor, club=club, action=ClubAuditEntry.Action.ACCOUNT_PASSWORD_LINK,
               after={"player": player.display_name, "player_id": player.pk,
                      "user": user.get_username(), "email_changed": email_changed})
    try:
        mail_send(to=email, template="registration/password_set", context={
            "user": user, "player": player, "club": club,
            "url": password_link(user, site_url)})
    except MailNotSent:
        raise AccountLinkRefused(_("The e-mail could not be sent: the mail server did not take "
                                   "it. Nothing was changed; try again later.")) from None


@transaction.atomic
def preferences_set(*, user, round_mail: bool, language: str) -> Preferences:
    """The person's own choice: e-mail their table when a round is published (in
    ``language``, the one of the page they chose it on). Audited without a club."""
    preferences, _created = Preferences.objects.select_for_update().get_or_create(user=user)
    before = {"round_mail": preferences.round_mail}
    preferences.round_mail, preferences.language = round_mail, language
    preferences.save(update_fields=["round_mail", "language"])
    if before["round_mail"] != round_mail:
        audit_write(ClubAuditEntry, actor=Actor(user=user), club=None,
                    action=ClubAuditEntry.Action.PREFERENCES, before=before,
                    after={"user": user.get_username(), "round_mail": round_mail})
    return preferences
