"""A query compiled once per process and run again with other values (clubs/prepared.py): the
same objects as the queryset's own, whatever the values."""

import pytest
from django.db.models import OuterRef, Subquery

from clubs.models import Membership, Player
from clubs.prepared import Prepared
from tests.factories import ClubFactory, UserFactory, member

pytestmark = pytest.mark.django_db


def players(club_id, user_id, name):
    """A club's players with their club, and the user's role in that club."""
    role = Membership.objects.filter(club=OuterRef("home_club_id"), player__user=user_id)
    return (Player.objects.select_related("home_club", "user")
            .filter(home_club_id=club_id).exclude(display_name=name)
            .annotate(role=Subquery(role.values("role")[:1])).order_by("pk"))


def shown(objects):
    return [(p.pk, p.display_name, p.home_club.slug, p.user and p.user.username, p.role)
            for p in objects]


def test_rows_are_the_querysets_own_for_every_value(django_assert_num_queries):
    built = []

    def build(**values):
        built.append(values)
        return players(**values)

    query = Prepared(build)
    worlds = []
    for n in range(3):
        club = ClubFactory()
        user = UserFactory()
        member(club, Membership.Role.REFEREE, user=user, name=f"Referee {n}")
        member(club, name="Anna")
        member(club, name="Boris")
        worlds.append((club.pk, user.pk))
    for club_id, user_id in worlds:
        for name in ("Anna", "nobody"):
            with django_assert_num_queries(1):
                got = query.rows(club_id=club_id, user_id=user_id, name=name)
            assert shown(got) == shown(players(club_id, user_id, name))
            assert got and got[0].home_club.pk == club_id  # the related object, cached
    assert len(built) == 1  # built and compiled once, with stand-ins
    assert built[0]["club_id"] != worlds[0][0]


def test_a_value_the_lookup_rewrites_is_refused_before_anything_runs():
    query = Prepared(lambda name: Player.objects.filter(display_name__contains=name))
    with pytest.raises(ValueError, match="name"):
        query.rows(name="Ann")  # sent as %Ann%: the stand-in would not be where the value goes


@pytest.mark.parametrize("value", [True, None, 1.5, ["a"]])
def test_only_ints_and_strings_are_taken(value):
    query = Prepared(lambda value: Player.objects.filter(pk=value))
    with pytest.raises(TypeError):
        query.rows(value=value)
