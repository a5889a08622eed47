"""Clubs, players (with their rating history) and the rankings, read through the clubs' and the
ratings' selectors."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema

from clubs import selectors as club_selectors
from ratings import selectors
from ratings.filters import RankingFilter

from ..filters import PlayerFilter
from ..serializers.clubs import (
    ClubSerializer,
    PlayerDetailSerializer,
    PlayerSerializer,
    RankingRowSerializer,
)
from .base import DetailView, ListView, found


class ClubList(ListView):
    """Every club."""

    scopes = ("clubs",)

    serializer_class = ClubSerializer
    queryset = club_selectors.club_list()


class ClubDetail(DetailView):
    """One club, by its slug."""

    scopes = ("clubs",)

    lookup_field = "slug"
    missing = _("No such club.")
    serializer_class = ClubSerializer
    queryset = club_selectors.club_list()


class PlayerList(ListView):
    """Players, by name; ``?club=`` keeps the members of one club."""

    scopes = ("clubs",)

    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    queryset = selectors.player_list()


class PlayerDetail(DetailView):
    """One player: the current rating and its history, game by game."""

    scopes = ("clubs", "scoring")

    serializer_class = PlayerDetailSerializer

    def get_object(self):
        player = found(selectors.player_detail(self.kwargs["pk"]), _("No such player."))
        player.history = selectors.rating_history(player)
        return player


@extend_schema(parameters=[OpenApiParameter(
    "inactive", OpenApiTypes.BOOL,
    description="true: the players who have not played for half a year, listed apart.")])
class Rankings(ListView):
    """The rankings, best first, with the rankings page's filters (club, period, min_games)."""

    scopes = ("clubs",)

    serializer_class = RankingRowSerializer
    filterset_class = RankingFilter

    def get_queryset(self):
        inactive = self.request.query_params.get("inactive") in ("1", "true")
        return selectors.rankings(inactive=inactive)

    def filter_queryset(self, queryset):
        # The rank is counted among the filtered rows, as on the page.
        return selectors.with_rank(super().filter_queryset(queryset))
