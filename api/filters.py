"""Query filters of the API's lists (the rankings reuse the page's own, clubs.filters)."""

import django_filters
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from scoring.models import Game


class GameFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="club__slug", label=_("Club (slug)"))
    status = django_filters.ChoiceFilter(choices=Game.Status.choices, label=_("Status"))
    player = django_filters.NumberFilter(method="filter_player", label=_("Player (id)"))
    tournament = django_filters.CharFilter(field_name="tournament_table__round__tournament__slug",
                                           label=_("Tournament (slug)"))
    started_after = django_filters.IsoDateTimeFilter(field_name="started_at", lookup_expr="gte",
                                                     label=_("Started at or after"))
    started_before = django_filters.IsoDateTimeFilter(field_name="started_at", lookup_expr="lt",
                                                      label=_("Started before"))

    class Meta:
        model = Game
        fields = ["club", "status", "player", "tournament", "started_after", "started_before"]

    def filter_player(self, queryset, name, value):
        # A player who keeps their games private is found in no one's list (docs/api.md).
        return queryset.filter(seats__player=value, seats__player__games_public=True)


class PlayerFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="memberships__club__slug",
                                     label=_("Member of the club (slug)"))

    class Meta:
        model = Player
        fields = ["club"]
