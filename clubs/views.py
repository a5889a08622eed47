"""Clubs, players and rankings. Public pages, plus member management for organisers."""

from django.contrib import messages
from django.http import Http404, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from . import selectors, services
from .charts import rating_chart
from .csv_export import csv_lines
from .filters import RankingFilter
from .forms import MemberAddForm, RoleForm
from .models import Club, Membership, Player
from .page_cache import public_page
from .permissions import Actor, Do, can_organise, require
from .tables import RankingTable

RANKING_PAGE = 50


@public_page("clubs")
def club_list(request):
    return render(request, "clubs/club_list.html", {"clubs": selectors.club_list()})


@public_page("clubs", "scoring", "tournaments")
def club_detail(request, slug):
    club = get_object_or_404(Club, slug=slug)
    ranking = selectors.with_rank(selectors.rankings(club=club))[:10]
    context = {
        "club": club,
        "members": selectors.club_members(club),
        "ranking": ranking,
        "recent_games": selectors.club_recent_games(club),
        "organiser": can_organise(request.user, club),
        "tournaments": _upcoming_tournaments(club),
    }
    if context["organiser"]:
        context["add_form"] = MemberAddForm()
        context["roles"] = Membership.Role.choices
    return render(request, "clubs/club_detail.html", context)


def _upcoming_tournaments(club):
    try:
        from tournaments.selectors import club_upcoming
    except ImportError:
        return []
    return club_upcoming(club)


@public_page("clubs")
def rankings(request):
    inactive = request.GET.get("inactive") == "1"
    rows = selectors.rankings(inactive=inactive)
    filters = RankingFilter(request.GET or None, queryset=rows)
    rows = selectors.with_rank(filters.qs)
    if request.GET.get("format") == "csv":
        return _rankings_csv(rows)
    table = RankingTable(rows)
    RequestConfig(request, paginate={"per_page": RANKING_PAGE}).configure(table)
    club = filters.form.cleaned_data.get("club") if filters.form.is_valid() else None
    return render(request, "clubs/rankings.html", {
        "table": table, "filter": filters, "inactive": inactive,
        "inactive_count": None if inactive else selectors.inactive_count(club=club),
    })


def _rankings_csv(rows):
    header = [_("Rank"), _("Player"), _("Club"), _("Rating"), _("Uncertainty"),
              _("Provisional"), _("Games"), _("Wins"), _("Points / game"), _("Last played"),
              _("Trend")]
    lines = csv_lines(header, (
        [r.rank, r.player.display_name,
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
    return render(request, "clubs/player_detail.html", {
        "player": player,
        "rating": getattr(player, "rating", None),
        "chart": rating_chart(history),
        "games": selectors.player_games(player),
        "stats": selectors.player_stats(player),
        "opponents": selectors.head_to_head(player),
    })


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
                role=data["role"], actor=Actor(user=request.user))
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
