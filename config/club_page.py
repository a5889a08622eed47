"""The club's page: its members, ranking, recent games and upcoming tournaments, and the
organiser's member forms, which come back to it. A site page: it shows every app's data, so it
sits on top of them all (clubs knows nothing of games, ratings or tournaments)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import accounts, services
from clubs import selectors as club_selectors
from clubs.forms import AccountLinkForm, MemberAddForm, PasswordInviteForm, RoleForm
from clubs.messages import refusal, similar_text
from clubs.models import Club, Membership
from clubs.page_cache import public_page
from clubs.permissions import Actor, Do, can_organise, require
from ratings import selectors as rating_selectors
from scoring.presets import preset_name
from scoring.selectors import club_recent_games
from tournaments.selectors import club_upcoming


@public_page("clubs", "scoring", "tournaments")
def club_detail(request, slug):
    return _club_page(request, get_object_or_404(Club, slug=slug))


def _club_page(request, club, *, add_form=None, similar=None, status=200):
    """The club's page; after a "new" member's name matched people of the club, the add form
    comes back filled in, offering them (``similar``) beside "create a new person anyway"."""
    ranking = rating_selectors.with_rank(
        rating_selectors.rankings(club=club, provisional=False))[:10]
    context = {
        "club": club,
        "rules_name": preset_name(club.default_preset),
        "members": rating_selectors.club_members(club),
        "ranking": ranking,
        "recent_games": club_recent_games(club),
        "organiser": can_organise(request.user, club),
        "tournaments": club_upcoming(club),
    }
    if context["organiser"]:
        context["add_form"] = add_form or MemberAddForm()
        context["roles"] = Membership.Role.choices
        context["claims_waiting"] = club_selectors.claims_waiting(club).count()
        if similar is not None:
            context.update(similar=similar.players, similar_name=similar.name,
                           similar_keep=[("role", add_form["role"].value())])
    return render(request, "clubs/club_detail.html", context, status=status)


def _organised_club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Do.ORGANISE_CLUB, club)
    return club


@require_POST
def member_add(request, slug):
    club = _organised_club(request, slug)
    form = MemberAddForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            membership = services.member_add(
                club=club, player=data["player"], display_name=data["display_name"],
                role=data["role"], new_anyway=data["new_anyway"], actor=Actor(user=request.user))
        except services.SimilarPlayers as error:
            messages.warning(request, similar_text(error))
            return _club_page(request, club, add_form=form, similar=error, status=409)
        except services.NotAllowed as refused:
            messages.error(request, refusal(refused))
        else:
            messages.success(request, _("%(name)s is a member now.") % {
                "name": membership.player.display_name})
    else:
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
    return redirect(club)


@require_POST
def member_role(request, slug, membership_id):
    club = _organised_club(request, slug)
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Unknown role."))
        return redirect(club)
    try:
        services.member_set_role(membership=membership, role=form.cleaned_data["role"],
                                 actor=Actor(user=request.user))
    except services.NotAllowed as refused:
        messages.error(request, refusal(refused))
    else:
        messages.success(request, _("Role changed."))
    return redirect(club)


@require_POST
def member_account(request, slug, membership_id):
    """Link a member's player to a user account, or unlink it ("unlink" in the form)."""
    club = _organised_club(request, slug)
    membership = get_object_or_404(Membership.objects.select_related("player"), pk=membership_id,
                                   club=club)
    actor = Actor(user=request.user)
    name = membership.player.display_name
    try:
        if "unlink" in request.POST:
            accounts.player_unlink_account(club=club, player=membership.player, actor=actor)
            messages.success(request, _("%(name)s has no account linked now.") % {"name": name})
        else:
            form = AccountLinkForm(request.POST)
            if not form.is_valid():
                raise accounts.AccountLinkRefused(_("Type the account's user name."))
            accounts.player_link_account(club=club, player=membership.player,
                                         username=form.cleaned_data["username"], actor=actor)
            messages.success(request, _("%(name)s is linked to the account “%(user)s”.") % {
                "name": name, "user": form.cleaned_data["username"]})
    except accounts.AccountLinkRefused as refusal:
        # The club page again, with the reason and nothing written.
        messages.error(request, str(refusal))
        return _club_page(request, club, status=400)
    return redirect(club)


@require_POST
def member_password(request, slug, membership_id):
    """E-mail a member's account that has never had a password a link to choose one."""
    club = _organised_club(request, slug)
    membership = get_object_or_404(Membership.objects.select_related("player__user"),
                                   pk=membership_id, club=club)
    form = PasswordInviteForm(request.POST)
    try:
        if not form.is_valid():
            raise accounts.AccountLinkRefused(_("Type the e-mail address the link goes to."))
        accounts.account_password_invite(
            club=club, player=membership.player, email=form.cleaned_data["email"],
            actor=Actor(user=request.user), site_url=request.build_absolute_uri("/"))
    except accounts.AccountLinkRefused as refusal:
        messages.error(request, str(refusal))
        return _club_page(request, club, status=400)
    messages.success(request, _("A link to set the password of “%(user)s” was sent to "
                                "%(email)s.") % {"user": membership.player.user.get_username(),
                                                 "email": form.cleaned_data["email"]})
    return redirect(club)


@require_POST
def member_remove(request, slug, membership_id):
    club = _organised_club(request, slug)
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    try:
        services.member_remove(membership=membership, actor=Actor(user=request.user))
    except services.NotAllowed as refused:
        messages.error(request, refusal(refused))
    else:
        messages.success(request, _("%(name)s is no longer a member.") % {
            "name": membership.player.display_name})
    return redirect(club)
