import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import PlayerRating


class RankingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), orderable=False, attrs={"td": {"class": "num"}})
    player = tables.Column(
        verbose_name=_("Player"), accessor="player__display_name",
        order_by=("player__display_name",),
        linkify=("clubs:player-detail", {"pk": tables.A("player_id")}),
    )
    club = tables.Column(verbose_name=_("Club"), accessor="player__home_club__name",
                         default="", order_by=("player__home_club__name",))
    value = tables.Column(verbose_name=_("Rating"), attrs={"td": {"class": "num rating"}},
                          order_by=("provisional", "-value"))
    games = tables.Column(verbose_name=_("Games"), attrs={"td": {"class": "num"}})
    wins = tables.Column(verbose_name=_("Wins"), attrs={"td": {"class": "num"}})
    points_per_game = tables.Column(verbose_name=_("Points / game"), empty_values=(),
                                    orderable=False, attrs={"td": {"class": "num"}})
    last_played = tables.DateColumn(verbose_name=_("Last played"), format="j M Y")
    trend = tables.Column(verbose_name=_("Trend"), attrs={"td": {"class": "num nowrap"}})

    class Meta:
        model = PlayerRating
        fields = ["rank", "player", "club", "value", "games", "wins", "points_per_game",
                  "last_played", "trend"]
        attrs = {"class": "ranking"}
        # "value" sorts by the column's own order_by: established first, best first.
        order_by = ("value",)

    # The body is drawn by clubs/templatetags/ranking_tags.py; these render_* serve exports and
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
