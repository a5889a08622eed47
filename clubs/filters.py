from datetime import timedelta

import django_filters
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .models import Club, PlayerRating

PERIODS = [("30", _("last 30 days")), ("90", _("last 90 days")), ("365", _("last year"))]


class RankingFilter(django_filters.FilterSet):
    club = django_filters.ModelChoiceFilter(
        queryset=Club.objects.order_by("name"), field_name="player__memberships__club",
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
        fields = ["club", "period", "min_games"]

    def filter_period(self, queryset, name, value):
        return queryset.filter(last_played__gte=timezone.now() - timedelta(days=int(value)))
