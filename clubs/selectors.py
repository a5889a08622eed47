"""Read queries for clubs and players, with their joins decided here, not in views."""

from django.db.models import Count, QuerySet

from .models import Club, Membership, Player


def club_list() -> QuerySet[Club]:
    return Club.objects.annotate(member_count=Count("memberships")).order_by("name")


def club_members(club: Club) -> QuerySet[Membership]:
    return (
        Membership.objects.filter(club=club)
        .select_related("player")
        .order_by("player__display_name")
    )


def player_detail(pk: int) -> Player:
    return Player.objects.select_related("home_club").get(pk=pk)
