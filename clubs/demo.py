"""Demo data for a first run: a club with referees, organisers and a dozen players.

Idempotent: running it again finds what is there instead of adding duplicates.
"""

from django.contrib.auth import get_user_model
from django.db import transaction

from .models import Club, Membership, Player

DEMO_PASSWORD = "triominos"  # documented in the README; demo accounts only

_PLAYERS = [
    "Anna Volkova", "Boris Petrov", "Vera Smirnova", "Grigory Ivanov", "Darya Kuznetsova",
    "Egor Sokolov", "Zhanna Popova", "Ivan Lebedev", "Kira Kozlova", "Lev Novikov",
    "Maria Morozova", "Nikita Orlov",
]


@transaction.atomic
def demo_club() -> Club:
    """The demo club, its accounts (admin, organiser, referee) and twelve players."""
    club, _ = Club.objects.get_or_create(
        slug="moscow-triominos",
        defaults={"name": "Moscow Triominos", "city": "Moscow", "default_preset": "club",
                  "default_target": 200},
    )
    User = get_user_model()
    accounts = {}
    for username, is_super in (("admin", True), ("organiser", False), ("referee", False)):
        user, created = User.objects.get_or_create(
            username=username, defaults={"is_staff": is_super, "is_superuser": is_super}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        accounts[username] = user
    for index, name in enumerate(_PLAYERS):
        player, _ = Player.objects.get_or_create(
            display_name=name, defaults={"home_club": club, "country": "RU"}
        )
        role = Membership.Role.MEMBER
        if index == 0:
            role, player.user = Membership.Role.ORGANISER, accounts["organiser"]
        elif index == 1:
            role, player.user = Membership.Role.REFEREE, accounts["referee"]
        if player.user_id:
            player.save(update_fields=["user"])
        Membership.objects.get_or_create(club=club, player=player, defaults={"role": role})
    return club
