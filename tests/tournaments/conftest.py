import pytest

from clubs.models import Membership
from tests.factories import UserFactory, member

from .play import field, organised_club, tournament_with


@pytest.fixture
def club_and_organiser(db):
    return organised_club()


@pytest.fixture
def club(club_and_organiser):
    return club_and_organiser[0]


@pytest.fixture
def organiser(club_and_organiser):
    return club_and_organiser[1]


@pytest.fixture
def referee(club):
    user = UserFactory(username="ref")
    member(club, Membership.Role.REFEREE, user=user, name="Referee")
    return user


@pytest.fixture
def players(club):
    return field(club, 16)


@pytest.fixture
def tournament(club, players):
    return tournament_with(club, players, knockout_size=4)
