from datetime import timedelta

import django_filters
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player
from scoring.models import Game

from .models import PlayerRating

PERIODS = [("30", _("last 30 days")), ("90", _("last 90 days")), ("365", _("last year"))]


class RankingFilter(django_filters.FilterSet):
    # Applied by the view after ranking (selectors.named), so a match keeps its place.
    name = django_filters.CharFilter(method="filter_later", max_length=80,
                                     label=pgettext_lazy("person's name", "Name"))
    club = django_filters.ModelChoiceFilter(
        queryset=Club.objects.order_by("name", "pk"), field_name="player__memberships__club",
        label=_("Club"), empty_label=_("All clubs"),
    )
    period = django_filters.ChoiceFilter(
        choices=PERIODS, method="filter_period", empty_label=_("any time"),
        label=pgettext_lazy("rankings filter: when the games were played", "Played in"),
    )
    min_games = django_filters.NumberFilter(field_name="games", lookup_expr="gte",
                                            label=_("At least … games"), min_value=1)

    class Meta:
        model = PlayerRating
        fields = ["name", "club", "period", "min_games"]

    def filter_later(self, queryset, name, value):
        return queryset

    def filter_period(self, queryset, name, value):
        return queryset.filter(last_played__gte=timezone.now() - timedelta(days=int(value)))


class PlayerGameFilter(django_filters.FilterSet):
    """Filters of the games on a player's page, over the player's seats (declared filters only:
    the queryset is of scoring's seats, annotated by ratings.selectors.player_games)."""

    opponent = django_filters.ModelChoiceFilter(
        queryset=Player.objects.filter(games_public=True).order_by("display_name", "pk"),
        method="filter_opponent",
        label=_("Against"), empty_label=_("anyone"),
    )
    club = django_filters.ModelChoiceFilter(
        queryset=Club.objects.order_by("name", "pk"), field_name="game__club",
        label=_("Club"), empty_label=_("All clubs"),
    )
    period = django_filters.ChoiceFilter(
        choices=PERIODS, method="filter_period", label=pgettext_lazy("games filter", "Period"),
        empty_label=_("any time"),
    )
    result = django_filters.ChoiceFilter(
        choices=[("won", _("won")), ("lost", _("not won")), ("playing", _("in progress"))],
        method="filter_result", label=_("Result"), empty_label=_("any result"),
    )

    def filter_opponent(self, queryset, name, value):
        return queryset.filter(game__seats__player=value)

    def filter_period(self, queryset, name, value):
        return queryset.filter(played_at__gte=timezone.now() - timedelta(days=int(value)))

    def filter_result(self, queryset, name, value):
        if value == "playing":
            return queryset.filter(game__status=Game.Status.PLAYING)
        won = queryset.filter(game__status=Game.Status.FINISHED)
        return won.filter(place=1) if value == "won" else won.exclude(place=1)
