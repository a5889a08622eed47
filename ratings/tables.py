import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import PlayerRating

WIDE = {"th": {"class": "wide"}, "td": {"class": "wide"}}
NUM_WIDE = {"th": {"class": "wide"}, "td": {"class": "num wide"}}

# Numbers read best (or latest) first: the first click on these headers sorts high to low.
HIGH_FIRST = frozenset({"value", "games", "wins", "points_per_game", "last_played", "trend"})


class RankingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), orderable=False, attrs={"td": {"class": "num"}})
    player = tables.Column(
        verbose_name=_("Player"), accessor="player__display_name",
        order_by=("player__display_name",),
        linkify=("ratings:player-detail", {"pk": tables.A("player_id")}),
    )
    # "wide" columns give way on a phone (site.css) so the ranking needs no sideways scroll.
    club = tables.Column(verbose_name=_("Club"), accessor="player__home_club__name",
                         default="", order_by=("player__home_club__name",), attrs=WIDE)
    value = tables.Column(verbose_name=_("Rating"), attrs={"td": {"class": "num rating"}})
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    wins = tables.Column(verbose_name=_("Wins"), attrs=NUM_WIDE)
    points_per_game = tables.Column(verbose_name=_("Points / game"), empty_values=(),
                                    order_by=("per_game",), attrs=NUM_WIDE)
    last_played = tables.DateColumn(verbose_name=_("Last played"), format="j M Y", attrs=WIDE)
    trend = tables.Column(verbose_name=_("Trend"), attrs={"td": {"class": "num nowrap"}})

    class Meta:
        model = PlayerRating
        fields = ["rank", "player", "club", "value", "games", "wins", "points_per_game",
                  "last_played", "trend"]
        attrs = {"class": "ranking"}
        # Best first; the provisional and the inactive are listed apart (ratings.selectors).
        order_by = ("-value",)

    # The body is drawn by ratings/templatetags/ranking_tags.py; these render_* serve exports and
    # anyone rendering the table generically.
    def render_value(self, value, record):
        if record.provisional:
            return format_html('{} <span class="muted">±{}</span> <abbr title="{}">?</abbr>',
                               value, record.uncertainty, _("provisional: too few games yet"))
        return format_html('{} <span class="muted">±{}</span>', value, record.uncertainty)

    def render_points_per_game(self, record):
        return f"{record.points_per_game:.1f}"

    def render_trend(self, value):
        if value > 0:
            return format_html('<span class="plus">▲ +{}</span>', value)
        if value < 0:
            return format_html('<span class="minus">▼ −{}</span>', -value)
        return "·"
