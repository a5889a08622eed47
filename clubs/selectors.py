"""Read queries for clubs and players, each with its joins decided here."""

from __future__ import annotations

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from clubs import names

from .models import Club, Membership, Player, PlayerClaim, Preferences


def club_list() -> QuerySet[Club]:
    return Club.objects.annotate(member_count=Count("memberships")).order_by("name", "pk")


def player_of(user) -> Player | None:
    """The player a signed-in user's account is linked to, if any."""
    if not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def club_people(club: Club) -> QuerySet[Player]:
    """The people a club knows: its members, and the players it is home to without being a
    member (guests seated at its games, players of its imported records), each once, by name;
    ``is_member`` tells them apart."""
    return (Player.objects.filter(Q(memberships__club=club) | Q(home_club=club))
            .annotate(is_member=Exists(Membership.objects.filter(club=club,
                                                                 player=OuterRef("pk"))))
            .distinct().order_by("display_name", "pk").only("pk", "display_name"))


def similar_players(club: Club, name: str) -> list[Player]:
    """The club's people (members, or players it is home to) whose name is the same or close
    to ``name``: the ones an organiser typing a "new" player most likely means."""
    return [p for p in club_people(club) if names.names_alike(p.display_name, name)]


def people_named(club: Club, name: str) -> tuple[list[Player], list[Player]]:
    """The club's people of exactly this name (case, accents, spacing and word order aside),
    and everyone named like it (those included): a typed name is one person when the first
    list holds one."""
    alike = similar_players(club, name)
    return [p for p in alike if names.same_name(p.display_name, name)], alike


def claims_waiting(club: Club) -> QuerySet[PlayerClaim]:
    """Requests to be linked to a player of the club, oldest first, for its organisers."""
    return (PlayerClaim.objects.filter(club=club, status=PlayerClaim.Status.WAITING)
            .select_related("user", "player").order_by("asked_at", "pk"))


def claimable_players(club: Club) -> QuerySet[Player]:
    """The club's members no account is linked to: whom a person may ask to be."""
    return (Player.objects.filter(memberships__club=club, user__isnull=True)
            .order_by("display_name", "pk").only("pk", "display_name"))


def claim_latest(user) -> PlayerClaim | None:
    """The account's latest request to be linked to a player (waiting, or how it ended)."""
    return (PlayerClaim.objects.filter(user=user).select_related("player", "club")
            .order_by("-asked_at", "-pk").first())


def round_mail_wanted(user) -> bool:
    """Whether the account asked to be e-mailed its table when a round is published."""
    return Preferences.objects.filter(user=user, round_mail=True).exists()
