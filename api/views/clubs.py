"""Clubs, players (with their rating history) and the rankings, read through the clubs' and the
ratings' selectors."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from clubs import selectors as club_selectors
from clubs.models import Player
from ratings import selectors
from ratings.filters import RankingFilter

from ..filters import PlayerFilter
from ..serializers.clubs import (
    ClubSerializer,
    PlayerDetailSerializer,
    PlayerSerializer,
    RankingRowSerializer,
)
from .base import ListView, ReadView


class ClubList(ListView):
    """Every club."""

    serializer_class = ClubSerializer
    queryset = club_selectors.club_list()


class ClubDetail(ReadView):
    """One club, by its slug."""

    serializer_class = ClubSerializer

    def get(self, request, slug):
        club = club_selectors.club_list().filter(slug=slug).first()
        if club is None:
            raise NotFound(_("No such club."))
        return Response(ClubSerializer(club).data)


class PlayerList(ListView):
    """Players, by name; ``?club=`` keeps the members of one club."""

    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    queryset = selectors.player_list()


class PlayerDetail(ReadView):
    """One player: the current rating and its history, game by game."""

    serializer_class = PlayerDetailSerializer

    def get(self, request, pk):
        try:
            player = selectors.player_detail(pk)
        except Player.DoesNotExist:
            raise NotFound(_("No such player.")) from None
        player.history = selectors.rating_history(player)
        return Response(PlayerDetailSerializer(player).data)


@extend_schema(parameters=[OpenApiParameter(
    "inactive", OpenApiTypes.BOOL,
    description="true: the players who have not played for half a year, listed apart.")])
class Rankings(ListView):
    """The rankings, best first, with the rankings page's filters (club, period, min_games)."""

    serializer_class = RankingRowSerializer
    filterset_class = RankingFilter

    def get_queryset(self):
        inactive = self.request.query_params.get("inactive") in ("1", "true")
        return selectors.rankings(inactive=inactive)

    def filter_queryset(self, queryset):
        # The rank is counted among the filtered rows, as on the page.
        return selectors.with_rank(super().filter_queryset(queryset))
