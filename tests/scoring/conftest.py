"""Fixtures shared by the scoring tests: a club, its referee, and a three-player game."""

import pytest

from clubs.models import Membership
from scoring.services import Actor, game_start
from tests.factories import ClubFactory, UserFactory, member


@pytest.fixture
def club():
    return ClubFactory(default_preset="pressman")


@pytest.fixture
def referee(club):
    user = UserFactory(username="ref")
    member(club, Membership.Role.REFEREE, user=user)
    return user


@pytest.fixture
def game(club):
    players = [member(club, name=n) for n in ("Anna", "Boris", "Vera")]
    return game_start(club=club, players=players, preset="pressman", actor=Actor())
