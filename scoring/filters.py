"""The games list's filters (django-filter): by player, club, tournament, period and status."""

from __future__ import annotations

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


def _tournaments_with_games():
    # Through the reverse relation only: scoring does not import tournaments (app order).
    rows = (Game.objects.filter(tournament_table__isnull=False)
            .values_list("tournament_table__round__tournament_id",
                         "tournament_table__round__tournament__name")
            .distinct().order_by("tournament_table__round__tournament__name",
                                 "tournament_table__round__tournament_id"))
    return [(str(pk), name) for pk, name in rows]


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
    tournament = django_filters.ChoiceFilter(
        choices=_tournaments_with_games, method="filter_tournament",
        label=_("Tournament"), empty_label=_("All tournaments"),
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
        fields = ["player", "club", "tournament", "period", "status"]

    def filter_player(self, queryset, name, value):
        # Exists, not a join: one row per game whoever else sat at it.
        return queryset.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), player=value)))

    def filter_tournament(self, queryset, name, value):
        return queryset.filter(tournament_table__round__tournament_id=int(value))

    def filter_period(self, queryset, name, value):
        # A game belongs to the period it was played in: finished, or started if still going.
        since = timezone.now() - timedelta(days=int(value))
        return queryset.filter(played_at__gte=since)
