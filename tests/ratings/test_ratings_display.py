"""display(), uncertainty(), is_provisional() and RatingChange.display_delta."""

import pytest

from ratings.core import (
    DEFAULT,
    DISPLAY_BASE,
    DISPLAY_SCALE,
    PROVISIONAL_SIGMA,
    Rating,
    RatingChange,
    display,
    is_provisional,
    rate_game,
    uncertainty,
)


def test_documented_constants():
    assert (DISPLAY_BASE, DISPLAY_SCALE, PROVISIONAL_SIGMA) == (1000, 30, 5.0)


def test_new_player():
    assert display(DEFAULT) == 1000
    assert uncertainty(DEFAULT) == 250
    assert is_provisional(DEFAULT)


@pytest.mark.parametrize(
    ("rating", "shown", "plus_minus", "provisional"),
    [
        (Rating(30.0, 2.0), 1720, 60, False),  # 1000 + 30 * (30 - 6)
        (Rating(25.0, 1.0), 1660, 30, False),
        (Rating(20.0, 6.0), 1060, 180, True),
        (Rating(0.0, 25 / 3), 250, 250, True),  # no clamp: can fall below 1000
        (Rating(40.0, 5.0), 1750, 150, False),  # exactly at the threshold
        (Rating(40.0, 5.000001), 1750, 150, True),
    ],
)
def test_values(rating, shown, plus_minus, provisional):
    assert display(rating) == shown
    assert uncertainty(rating) == plus_minus
    assert is_provisional(rating) is provisional


def test_display_is_the_scaled_ordinal():
    r = Rating(27.2, 3.1)
    assert display(r) == 1000 + round(30 * (27.2 - 3 * 3.1))


def test_after_one_two_player_game():
    winner, loser = rate_game([DEFAULT, DEFAULT], [310, 120])
    # mu/sigma from openskill 6.2.0: 27.6354/8.0659 and 22.3646/8.0659.
    assert (display(winner), uncertainty(winner)) == (1103, 242)
    assert (display(loser), uncertainty(loser)) == (945, 242)
    assert is_provisional(winner) and is_provisional(loser)


def test_newcomer_against_an_established_player():
    # A new player alternately wins and loses two-player games against a settled
    # opponent (mu 25, sigma 2).  Values from a run of openskill 6.2.0.
    opponent = Rating(25.0, 2.0)
    me = DEFAULT
    seen = {}
    left_provisional = None
    for game in range(1, 21):
        me = rate_game([me, opponent], [200, 100] if game % 2 else [100, 200])[0]
        seen[game] = (display(me), uncertainty(me), is_provisional(me))
        if left_provisional is None and not is_provisional(me):
            left_provisional = game
    assert seen[1] == (1150, 233, True)
    assert seen[5] == (1253, 187, True)
    assert seen[10] == (1279, 153, True)
    assert seen[11] == (1344, 148, False)
    assert seen[20] == (1384, 118, False)
    assert left_provisional == 11


def test_display_delta():
    change = RatingChange("p", before=DEFAULT, after=Rating(27.635389493140497, 8.06590141354368))
    assert change.display_delta == 103
    assert RatingChange("p", before=change.after, after=change.after).display_delta == 0
