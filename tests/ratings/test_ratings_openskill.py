"""ratings.core against openskill itself: published values and direct calls.

Expected numbers marked "openskill 6.2.0 run" were produced once by calling
openskill 6.2.0 (PlackettLuce with default parameters) directly and are
hard-coded here so that a change of library version or of the wrapper shows up.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from ratings.core import (
    DEFAULT,
    MAX_PLAYERS,
    Rating,
    placings,
    rate_game,
    rate_places,
)

# Equal to the last bit on this platform; a little slack for another libm's exp().
REL = 1e-12


def as_pairs(ratings):
    return [(r.mu, r.sigma) for r in ratings]


def approx_pairs(pairs):
    return [(pytest.approx(mu, rel=REL), pytest.approx(s, rel=REL)) for mu, s in pairs]


def direct(ratings, **kwargs):
    """Rate with openskill directly, one team per player; return (mu, sigma) pairs."""
    model = PlackettLuce()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, **kwargs)]


def test_model_defaults_are_the_documented_ones():
    assert (DEFAULT.mu, DEFAULT.sigma) == (25.0, 25.0 / 3.0)
    model = PlackettLuce()
    assert (model.mu, model.sigma, model.beta, model.tau) == (25.0, 25 / 3, 25 / 6, 25 / 300)


def test_published_example_still_holds_for_installed_openskill():
    # The README / user-manual example of openskill.py: two teams of two new
    # players, the first team wins.  Our wrapper only rates teams of one, so
    # this checks the pinned library itself reproduces its own documentation.
    model = PlackettLuce()
    r = model.rating
    [[a, b], [x, y]] = model.rate([[r(), r()], [r(), r()]])
    assert (a.mu, a.sigma) == (
        pytest.approx(26.964294621803063, rel=REL),
        pytest.approx(8.177962604389991, rel=REL),
    )
    assert (b.mu, b.sigma) == (a.mu, a.sigma)
    assert (x.mu, x.sigma) == (
        pytest.approx(23.035705378196937, rel=REL),
        pytest.approx(8.177962604389991, rel=REL),
    )
    assert (y.mu, y.sigma) == (x.mu, x.sigma)
    # The manual's ordinal() values for the same players (mu - 3 sigma).
    assert a.ordinal() == pytest.approx(2.4304068086330872, rel=REL)
    assert x.ordinal() == pytest.approx(-1.4981824349730388, rel=REL)


# Each: the ratings before, the scores, what one openskill 6.2.0 run gave, and the direct calls
# that must give the same floats.
@pytest.mark.parametrize(("old", "scores", "pinned", "same_as"), [
    # model.rate([[r()], [r()]]) with the first player winning.
    pytest.param(
        [DEFAULT, DEFAULT], [310, 120],
        [(27.635389493140497, 8.06590141354368), (22.364610506859503, 8.06590141354368)],
        [{"ranks": [1, 2]}], id="two players"),
    # The weaker, less certain player wins.
    pytest.param(
        [Rating(30.0, 3.0), Rating(20.0, 6.0)], [100, 250],
        [(29.239494681505345, 2.9905706247200228), (23.040262202309012, 5.829241846773371)],
        [{"ranks": [2, 1]}], id="two players, an upset"),
    # model.rate([[r()], [r()], [r()], [r()]]) in finishing order.
    pytest.param(
        [DEFAULT] * 4, [412, 305, 280, 97],
        [(27.795252672501135, 8.263571791259416), (26.55291815138952, 8.17961798837266),
         (24.689416369722096, 8.084127880168786), (20.962412806387245, 8.084127880168786)],
        [{"ranks": [1, 2, 3, 4]}], id="four players"),
    # The scores used in openskill's manual to illustrate ties: model.rate(..., scores=...).
    pytest.param(
        [DEFAULT] * 4, [37, 19, 37, 42],
        [(24.689416369722096, 8.17961798837266), (22.825914588054673, 8.17961798837266),
         (24.689416369722096, 8.17961798837266), (27.795252672501135, 8.263571791259416)],
        [{"scores": [37, 19, 37, 42]}], id="four players, a tie"),
    pytest.param(
        [
            Rating(31.0, 2.5),
            Rating(27.5, 4.0),
            Rating(25.0, 25 / 3),
            Rating(22.0, 3.5),
            Rating(18.0, 6.0),
            Rating(29.0, 1.5),
        ],
        [120, 310, 95, 310, 40, 200],
        [
            (30.98626989908079, 2.4981063618224826),
            (27.822869060359054, 3.995904820053814),
            (23.60403403029929, 7.842952619575253),
            (22.2895530113658, 3.4988066193027256),
            (16.06807738072727, 5.896409551723586),
            (29.072570457507897, 1.50207041777424),
        ],
        [{"scores": [120, 310, 95, 310, 40, 200]}, {"ranks": [4, 1, 5, 1, 6, 3]}],
        id="six players, mixed ratings and a tie"),
])
def test_a_game_rates_as_openskill_did(old, scores, pinned, same_as):
    new = rate_game(old, scores)
    assert as_pairs(new) == approx_pairs(pinned)
    for kwargs in same_as:
        assert as_pairs(new) == direct(old, **kwargs)


def test_equal_scores_from_equal_ratings_give_identical_updates():
    new = rate_game([DEFAULT] * 4, [37, 19, 37, 42])
    assert new[0] == new[2]


def test_all_scores_equal_leaves_mu_alone():
    new = rate_game([DEFAULT] * 3, [150, 150, 150])
    # openskill 6.2.0 run: a three-way tie between new players.
    assert as_pairs(new) == approx_pairs([(25.0, 8.205243377397993)] * 3)


ratings_st = st.builds(
    Rating,
    mu=st.floats(min_value=0.0, max_value=50.0),
    sigma=st.floats(min_value=0.5, max_value=25 / 3),
)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=MAX_PLAYERS).flatmap(
        lambda n: st.tuples(
            st.lists(ratings_st, min_size=n, max_size=n),
            st.lists(st.integers(min_value=0, max_value=30), min_size=n, max_size=n),
        )
    )
)
def test_ranks_from_placings_equal_openskill_scores_argument(game):
    # The wrapper passes ranks=placings(scores); openskill's own scores= path
    # gives the very same floats (with margin=0 its score adjustment is +0.0),
    # it just does more work per call.
    old, scores = game
    ours = as_pairs(rate_game(old, scores))
    assert ours == direct(old, scores=scores)
    assert ours == direct(old, ranks=placings(scores))


def test_fractional_scores_are_not_merged_into_a_tie():
    # openskill int()s the ranks it is given, so ranks=[-10.5, -10.2] would be a
    # tie; the wrapper's integer placings keep 10.5 ahead of 10.2.
    assert direct([DEFAULT, DEFAULT], ranks=[-10.5, -10.2]) == direct(
        [DEFAULT, DEFAULT], ranks=[1, 1]
    )
    assert as_pairs(rate_game([DEFAULT, DEFAULT], [10.5, 10.2])) == direct(
        [DEFAULT, DEFAULT], ranks=[1, 2]
    )


def test_only_the_order_of_places_matters():
    old = [Rating(26.0, 5.0), Rating(24.0, 6.0), Rating(25.0, 4.0)]
    assert rate_places(old, [1, 1, 3]) == rate_places(old, [1, 1, 2])
    assert rate_places(old, [2, 1, 3]) == rate_game(old, [50, 80, 10])


def test_inputs_are_left_alone_and_plain_ratings_come_back():
    old = [Rating(26.0, 5.0), DEFAULT]
    snapshot = list(old)
    new = rate_game(old, [1, 2])
    assert old == snapshot
    assert all(type(r) is Rating for r in new)
    assert all(type(r.mu) is float and type(r.sigma) is float for r in new)


@pytest.mark.parametrize(
    ("n_ratings", "scores"),
    [(1, [10]), (7, [1, 2, 3, 4, 5, 6, 7]), (3, [1, 2]), (0, [])],
)
def test_rate_game_rejects_bad_player_counts(n_ratings, scores):
    with pytest.raises(ValueError):
        rate_game([DEFAULT] * n_ratings, scores)


@pytest.mark.parametrize("places", [[0, 1], [1, 1.5], [True, 2], [1, "2"], [-1, 1]])
def test_rate_places_rejects_bad_places(places):
    with pytest.raises(ValueError):
        rate_places([DEFAULT, DEFAULT], places)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
def test_rate_game_rejects_non_finite_scores(bad):
    with pytest.raises(ValueError):
        rate_game([DEFAULT, DEFAULT], [10, bad])
