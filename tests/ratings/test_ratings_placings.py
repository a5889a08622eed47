"""placings(): final scores to 1-based places, standard competition ranking."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.core import placings


def test_ties_share_the_best_place_and_skip_the_next():
    assert placings([50, 80, 50, 10]) == [2, 1, 2, 4]


def test_tie_for_first():
    assert placings([300, 300, 120]) == [1, 1, 3]


def test_tie_for_last():
    assert placings([300, 120, 120]) == [1, 2, 2]


def test_all_equal():
    assert placings([77, 77, 77, 77]) == [1, 1, 1, 1]


def test_descending_input():
    assert placings([400, 300, 200, 100]) == [1, 2, 3, 4]


def test_ascending_input():
    assert placings([100, 200, 300, 400]) == [4, 3, 2, 1]


def test_six_players_with_a_tie():
    assert placings([120, 310, 95, 310, 40, 200]) == [4, 1, 5, 1, 6, 3]


def test_six_players_two_ties():
    assert placings([10, 20, 10, 30, 20, 5]) == [4, 2, 4, 1, 2, 6]


def test_negative_and_fractional_scores():
    assert placings([-5, 0, 2.5, -5.0, 2.25]) == [4, 3, 1, 4, 2]


def test_int_and_float_of_equal_value_tie():
    assert placings([100, 100.0, 99]) == [1, 1, 3]


def test_any_sequence_is_accepted():
    assert placings((3, 1, 2)) == [1, 3, 2]


def test_edge_sizes():
    assert placings([]) == []
    assert placings([42]) == [1]


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
def test_non_finite_scores_are_rejected(bad):
    with pytest.raises(ValueError):
        placings([10, bad, 3])


@given(st.lists(st.integers(min_value=-50, max_value=50), max_size=8))
def test_place_is_one_plus_the_number_of_better_scores(scores):
    assert placings(scores) == [1 + sum(o > s for o in scores) for s in scores]
