"""Read queries for clubs and players, each with its joins decided here."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from clubs import names

from .models import Club, Player


def club_list() -> QuerySet[Club]:
    return Club.objects.annotate(member_count=Count("memberships")).order_by("name")


def player_of(user) -> Player | None:
    """The player a signed-in user's account is linked to, if any."""
    if not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def similar_players(club: Club, name: str) -> list[Player]:
    """The club's people (members, or players it is home to) whose name is the same or close
    to ``name``: the ones an organiser typing a "new" player most likely means."""
    people = (Player.objects.filter(Q(memberships__club=club) | Q(home_club=club))
              .distinct().order_by("display_name", "pk").only("pk", "display_name"))
    return [p for p in people if names.names_alike(p.display_name, name)]
