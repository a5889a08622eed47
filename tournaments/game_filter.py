"""The games list's filter by tournament, contributed to scoring's GameFilter (scoring sits below
tournaments and names none of its tables): registered in tournaments/apps.py."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext_lazy as _

from .models import Table


def _tournaments_with_games() -> list[tuple[str, str]]:
    rows = (Table.objects.filter(game__isnull=False)
            .values_list("round__tournament_id", "round__tournament__name")
            .distinct().order_by("round__tournament__name", "round__tournament_id"))
    return [(str(pk), name) for pk, name in rows]


def _games_of(queryset, name, value):
    return queryset.filter(tournament_table__round__tournament_id=int(value))


def tournament_filter() -> django_filters.Filter:
    return django_filters.ChoiceFilter(
        field_name="tournament", choices=_tournaments_with_games, method=_games_of,
        label=_("Tournament"), empty_label=_("All tournaments"),
    )
