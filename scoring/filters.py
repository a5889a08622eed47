"""The games list's filters (django-filter): by player, club, period and status, and those the
apps above contribute (tournaments: by tournament; registered in its AppConfig.ready)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import django_filters
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player

from .models import Game, Seat

PERIODS = [("7", _("last 7 days")), ("30", _("last 30 days")), ("90", _("last 90 days")),
           ("365", _("last year"))]


# Filters of the apps above scoring, by name, in the order registered: each a function making
# a fresh django-filter Filter whose ``method`` is a callable (queryset, name, value). They
# stand after the club in the form.
_CONTRIBUTED: dict[str, Callable[[], django_filters.Filter]] = {}


def game_filter_register(name: str, make: Callable[[], django_filters.Filter]) -> None:
    _CONTRIBUTED[name] = make


class GameFilter(django_filters.FilterSet):
    player = django_filters.ModelChoiceFilter(
        # A player who keeps their games private is no choice here (docs/ratings.md); the view
        # lets their own account choose them ("My games").
        queryset=Player.objects.filter(games_public=True).order_by("display_name", "pk"),
        method="filter_player",
        label=_("Player"), empty_label=_("All players"),
    )
    club = django_filters.ModelChoiceFilter(
        queryset=Club.objects.order_by("name", "pk"), label=_("Club"),
        empty_label=_("All clubs"),
    )
    period = django_filters.ChoiceFilter(
        choices=PERIODS, method="filter_period", label=pgettext_lazy("games filter", "Period"),
        empty_label=_("any time"),
    )
    status = django_filters.ChoiceFilter(
        choices=Game.Status.choices, label=_("Status"),
        empty_label=_("any status"),
    )

    class Meta:
        model = Game
        fields = ["player", "club", "period", "status"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not _CONTRIBUTED:
            return
        filters = {}
        for name, filter_ in self.filters.items():
            filters[name] = filter_
            if name == "club":
                for added, make in _CONTRIBUTED.items():
                    filters[added] = make()
                    filters[added].model, filters[added].parent = self.queryset.model, self
        self.filters = filters

    def filter_player(self, queryset, name, value):
        # Exists, not a join: one row per game whoever else sat at it.
        return queryset.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), player=value)))

    def filter_period(self, queryset, name, value):
        # A game belongs to the period it was played in: finished, or started if still going.
        since = timezone.now() - timedelta(days=int(value))
        return queryset.filter(played_at__gte=since)
