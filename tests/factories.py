"""factory_boy factories shared by the database tests."""

import factory
from django.contrib.auth import get_user_model

from clubs.models import Club, Membership, Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")
    city = "Moscow"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    display_name = factory.Sequence(lambda n: f"Player {n}")
    home_club = factory.SubFactory(ClubFactory)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    player = factory.SubFactory(PlayerFactory)
    role = Membership.Role.MEMBER


def member(club, role=Membership.Role.MEMBER, *, user=None, name=None):
    """A player of `club` with the role, optionally linked to a user account."""
    player = PlayerFactory(home_club=club, user=user, **({"display_name": name} if name else {}))
    MembershipFactory(club=club, player=player, role=role)
    return player


def organiser_of(club, username="org"):
    """The club's organiser account, made on the first ask (asking again returns the same)."""
    user = UserFactory(username=username)
    if not Membership.objects.filter(club=club, player__user=user).exists():
        member(club, Membership.Role.ORGANISER, user=user, name=f"Organiser {username}")
    return user
