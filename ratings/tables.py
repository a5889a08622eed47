import django_tables2 as tables
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
    last_played = tables.DateColumn(verbose_name=_("Last played"), short=False,
                                   attrs=WIDE)
    trend = tables.Column(verbose_name=_("Trend"), attrs={"td": {"class": "num nowrap"}})

    class Meta:
        model = PlayerRating
        fields = ["rank", "player", "club", "value", "games", "wins", "points_per_game",
                  "last_played", "trend"]
        attrs = {"class": "ranking"}
        # Best first; the provisional and the inactive are listed apart (ratings.selectors).
        order_by = ("-value",)
        # The body is drawn by templatetags/ranking_tags.py: generic rendering cost too much.


# A ranking row's values as both the page (templatetags/ranking_tags.py) and the CSV show them;
# the columns above only name and sort them.
def club_shown(player) -> str:
    return player.home_club.name if player.home_club_id else ""


def per_game_shown(rating: PlayerRating) -> str:
    """For the CSV: a machine-readable 134.2 in every language (the page shows the reader's
    134,2 through clubs.numbers)."""
    return f"{rating.points_per_game:.1f}"
