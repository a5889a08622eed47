"""Clubs, players and rankings. Public pages, plus member management for organisers."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from . import accounts, selectors, services
from .charts import rating_chart
from .csv_export import csv_lines
from .filters import PlayerGameFilter, RankingFilter
from .forms import AccountLinkForm, MemberAddForm, RoleForm
from .messages import similar_text
from .models import Club, Membership, Player
from .page_cache import public_page
from .permissions import Actor, Do, can_organise, require
from .tables import RankingTable

RANKING_PAGE = 50
PLAYER_GAMES_PAGE = 20


@public_page("clubs")
def club_list(request):
    return render(request, "clubs/club_list.html", {"clubs": selectors.club_list()})


@public_page("clubs", "scoring", "tournaments")
def club_detail(request, slug):
    return _club_page(request, get_object_or_404(Club, slug=slug))


def _club_page(request, club, *, add_form=None, similar=None, status=200):
    """The club's page; after a "new" member's name matched people of the club, the add form
    comes back filled in, offering them (``similar``) beside "create a new person anyway"."""
    ranking = selectors.with_rank(selectors.rankings(club=club, provisional=False))[:10]
    context = {
        "club": club,
        "members": selectors.club_members(club),
        "ranking": ranking,
        "recent_games": selectors.club_recent_games(club),
        "organiser": can_organise(request.user, club),
        "tournaments": _upcoming_tournaments(club),
    }
    if context["organiser"]:
        context["add_form"] = add_form or MemberAddForm()
        context["roles"] = Membership.Role.choices
        if similar is not None:
            context.update(similar=similar.players, similar_name=similar.name,
                           similar_keep=[("role", add_form["role"].value())])
    return render(request, "clubs/club_detail.html", context, status=status)


def _upcoming_tournaments(club):
    try:
        from tournaments.selectors import club_upcoming
    except ImportError:
        return []
    return club_upcoming(club)


@public_page("clubs")
def rankings(request):
    # The ranking proper, or one of the lists kept apart from it.
    inactive = request.GET.get("inactive") == "1"
    provisional = not inactive and request.GET.get("provisional") == "1"
    csv = request.GET.get("format") == "csv"
    # The CSV of the ranking keeps the provisional too, after the ranked, flagged and unranked.
    both = inactive or (csv and not provisional)
    rows = selectors.rankings(inactive=inactive, provisional=None if both else provisional)
    filters = RankingFilter(request.GET or None, queryset=rows)
    rows = selectors.with_rank(filters.qs)
    cleaned = filters.form.cleaned_data if filters.form.is_valid() else {}
    if cleaned.get("name"):
        rows = selectors.named(rows, cleaned["name"])
    if csv:
        return _rankings_csv(rows)
    table = RankingTable(rows)
    table.unranked = inactive or provisional
    RequestConfig(request, paginate={"per_page": RANKING_PAGE}).configure(table)
    club = cleaned.get("club")
    return render(request, "clubs/rankings.html", {
        "table": table, "filter": filters, "inactive": inactive, "provisional": provisional,
        "inactive_count": None if inactive else selectors.inactive_count(club=club),
        "provisional_count": None if inactive or provisional
        else selectors.provisional_count(club=club),
        "me": getattr(selectors.player_of(request.user), "pk", None),
    }, status=200 if not filters.is_bound or filters.form.is_valid() else 400)


def _rankings_csv(rows):
    header = [_("Rank"), _("Player"), _("Club"), _("Rating"), _("Uncertainty"),
              _("Provisional"), _("Games"), _("Wins"), _("Points / game"), _("Last played"),
              _("Trend")]
    lines = csv_lines(header, (
        ["" if r.provisional else r.rank, r.player.display_name,
         r.player.home_club.name if r.player.home_club else "", r.value, r.uncertainty,
         int(r.provisional), r.games, r.wins, f"{r.points_per_game:.1f}",
         r.last_played.date().isoformat() if r.last_played else "", r.trend]
        for r in rows.iterator(chunk_size=2000)
    ))
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="rankings.csv"'
    return response


@public_page("clubs", "scoring", "tournaments")
def player_detail(request, pk):
    try:
        player = selectors.player_detail(pk)
    except Player.DoesNotExist:
        raise Http404 from None
    history = selectors.rating_history(player)
    filters = PlayerGameFilter(request.GET or None, queryset=selectors.player_games(player))
    refused = filters.is_bound and not filters.is_valid()
    page = Paginator(filters.qs, PLAYER_GAMES_PAGE).get_page(request.GET.get("page"))
    return render(request, "clubs/player_detail.html", {
        "player": player,
        "rating": getattr(player, "rating", None),
        "chart": rating_chart(history),
        "filter": filters, "page": page, "games": page.object_list,
        "stats": selectors.player_stats(player),
        "opponents": selectors.head_to_head(player),
        "tournaments": selectors.tournament_history(player),
    }, status=400 if refused else 200)


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
        except services.NotAllowed:
            messages.error(request, _("A club keeps at least one organiser."))
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
    except services.NotAllowed:
        messages.error(request, _("A club keeps at least one organiser."))
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
def member_remove(request, slug, membership_id):
    club = _organised_club(request, slug)
    membership = get_object_or_404(Membership, pk=membership_id, club=club)
    try:
        services.member_remove(membership=membership, actor=Actor(user=request.user))
    except services.NotAllowed:
        messages.error(request, _("A club keeps at least one organiser."))
    else:
        messages.success(request, _("%(name)s is no longer a member.") % {
            "name": membership.player.display_name})
    return redirect(club)
