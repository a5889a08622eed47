"""The rankings and the player pages: public, cached under the versions of what they show."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubs import services as clubs_services
from clubs.models import Player
from clubs.page_cache import public_page
from clubs.permissions import Actor, player_private_allowed
from clubs.selectors import player_of

from . import selectors
from .charts import rating_chart
from .csv_export import csv_lines
from .filters import PlayerGameFilter, RankingFilter
from .player_parts import player_parts
from .tables import RankingTable, club_shown, per_game_shown

RANKING_PAGE = 50
PLAYER_GAMES_PAGE = 20


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
    return render(request, "ratings/rankings.html", {
        "table": table, "filter": filters, "inactive": inactive, "provisional": provisional,
        "inactive_count": None if inactive else selectors.inactive_count(club=club),
        "provisional_count": None if inactive or provisional
        else selectors.provisional_count(club=club),
        "me": getattr(player_of(request.user), "pk", None),
    }, status=200 if not filters.is_bound or filters.form.is_valid() else 400)


def _rankings_csv(rows):
    header = [_("Rank"), _("Player"), _("Club"), _("Rating"), _("Uncertainty"),
              _("Provisional"), _("Games"), _("Wins"), _("Points / game"), _("Last played"),
              _("Trend")]
    lines = csv_lines(header, (
        ["" if r.provisional else r.rank, r.player.display_name,
         club_shown(r.player), r.value, r.uncertainty,
         int(r.provisional), r.games, r.wins, per_game_shown(r),
         r.last_played.date().isoformat() if r.last_played else "", r.trend]
        for r in rows.iterator(chunk_size=2000)
    ))
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="rankings.csv"'
    return response


@public_page("clubs", "scoring", "tournaments")
def player_detail(request, pk):
    player = selectors.player_detail(pk)
    if player is None:
        raise Http404
    # The games are shown to everyone, unless the player keeps them private: then to their own
    # account and their clubs' organisers only (docs/ratings.md, "Private games").
    trusted = request.user.is_authenticated and player_private_allowed(request.user, player)
    shown = player.games_public or trusted
    context = {
        "player": player, "rating": getattr(player, "rating", None),
        "stats": selectors.player_stats(player),
        "parts": player_parts(player),
        "games_shown": shown, "privacy_editable": trusted,
        "mine": player.user_id is not None and player.user_id == request.user.pk,
    }
    refused = False
    if shown:
        filters = PlayerGameFilter(request.GET or None, queryset=selectors.player_games(player))
        refused = filters.is_bound and not filters.is_valid()
        page = Paginator(filters.qs, PLAYER_GAMES_PAGE).get_page(request.GET.get("page"))
        context.update({
            "chart": rating_chart(selectors.rating_history(player)),
            "filter": filters, "page": page, "games": page.object_list,
            "opponents": selectors.head_to_head(player),
        })
    return render(request, "ratings/player_detail.html", context,
                  status=400 if refused else 200)


@require_POST
@login_required
def player_privacy(request, pk):
    """The player's own account (or an organiser of their club) makes their games public or
    private; audited by the service."""
    player = get_object_or_404(Player, pk=pk)
    choice = request.POST.get("games")
    where = reverse("ratings:player-detail", args=[player.pk]) + "#privacy"
    if choice not in ("public", "private"):
        messages.error(request, _("Choose whether the games are public or private."))
        return redirect(where)
    changed = clubs_services.player_games_public_set(
        player=player, public=choice == "public", actor=Actor(user=request.user))
    if changed:
        messages.success(request, _("The games are public now: everyone sees them.")
                         if choice == "public" else
                         _("The games are private now: only the player and the club's "
                           "organisers see them."))
    return redirect(where)
