import pytest

from tests.factories import organiser_of

from .play import field, tournament_with


@pytest.fixture
def club_preset():
    return "club"


@pytest.fixture
def club(club):
    """tests/conftest.py's club, with its organiser from the start (as organised_club makes)."""
    organiser_of(club)
    return club


@pytest.fixture
def players(club):
    return field(club, 16)


@pytest.fixture
def tournament(club, players):
    return tournament_with(club, players, knockout_size=4)
