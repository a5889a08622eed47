"""recompute(): ordered history, identical to incremental rating, GameChanges."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.core import (
    DEFAULT,
    GameChanges,
    GameResult,
    Rating,
    RatingChange,
    rate_game,
    recompute,
)


def random_history(seed, n_games, n_players, max_score):
    """Games of 2-6 players; a small max_score makes ties common."""
    rng = random.Random(seed)
    games = []
    for key in range(n_games):
        size = rng.randint(2, 6)
        players = tuple(f"p{i}" for i in rng.sample(range(n_players), size))
        scores = tuple(rng.randint(0, max_score) for _ in range(size))
        games.append(GameResult(f"g{key}", players, scores))
    return games


def incremental(games, start=None):
    """What the live site does: rate each new game from the current ratings."""
    current = dict(start or {})
    changes = {}
    for game in games:
        before = [current.get(p, DEFAULT) for p in game.player_keys]
        after = rate_game(before, game.scores)
        changes[game.game_key] = [
            RatingChange(p, b, a) for p, b, a in zip(game.player_keys, before, after, strict=True)
        ]
        current.update(zip(game.player_keys, after, strict=True))
    return current, changes


def exact(ratings):
    """Ratings as bare float pairs, so == means bit-for-bit equal."""
    return {k: (r.mu, r.sigma) for k, r in ratings.items()}


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    n_players=st.integers(min_value=30, max_value=40),
    max_score=st.sampled_from([5, 40, 400]),
)
def test_recompute_equals_incremental_over_500_games(seed, n_players, max_score):
    games = random_history(seed, 500, n_players, max_score)
    final, changes = recompute(games)
    inc_final, inc_changes = incremental(games)
    assert exact(final) == exact(inc_final)
    assert changes.keys() == inc_changes.keys()
    for key, game_changes in changes.items():
        assert list(game_changes) == inc_changes[key]


game_st = st.integers(min_value=2, max_value=6).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 7), min_size=n, max_size=n, unique=True),
        st.lists(st.integers(0, 3), min_size=n, max_size=n),
    )
)


@settings(max_examples=40, deadline=None)
@given(st.lists(game_st, max_size=25), st.integers(min_value=0, max_value=25))
def test_prefix_then_continue_equals_whole(raw_games, split):
    games = [GameResult(i, tuple(p), tuple(s)) for i, (p, s) in enumerate(raw_games)]
    split = min(split, len(games))
    whole_final, whole_changes = recompute(games)
    head_final, head_changes = recompute(games[:split])
    tail_final, tail_changes = recompute(games[split:], start=head_final)
    assert exact(tail_final) == exact(whole_final)
    assert head_changes | tail_changes == whole_changes
    inc_final, _ = incremental(games)
    assert exact(inc_final) == exact(whole_final)


def test_prefix_then_continue_on_a_larger_history():
    games = random_history(7, 300, 25, 60)
    whole_final, whole_changes = recompute(games)
    for split in (0, 1, 150, 299, 300):
        head_final, _ = recompute(games[:split])
        tail_final, tail_changes = recompute(games[split:], start=head_final)
        assert exact(tail_final) == exact(whole_final)
        for game in games[split:]:
            assert tail_changes[game.game_key] == whole_changes[game.game_key]


def test_correcting_a_game_matches_a_recompute_from_scratch():
    games = random_history(11, 200, 20, 300)
    _, changes = recompute(games)
    k = 120
    fixed = list(games)
    old = games[k]
    fixed[k] = GameResult(old.game_key, old.player_keys, tuple(reversed(old.scores)))
    # Ratings as they stood before game k, read back from the stored changes.
    before_k = {}
    for game in games[:k]:
        for change in changes[game.game_key]:
            before_k[change.player_key] = change.after
    partial_final, partial_changes = recompute(fixed[k:], start=before_k)
    full_final, full_changes = recompute(fixed)
    assert exact(partial_final) == exact(full_final)
    for game in fixed[k:]:
        assert partial_changes[game.game_key] == full_changes[game.game_key]
    assert partial_changes[old.game_key] != changes[old.game_key]


def test_order_matters():
    g1 = GameResult("g1", ("ann", "bob"), (300, 200))
    g2 = GameResult("g2", ("bob", "cat"), (250, 100))
    in_order, _ = recompute([g1, g2])
    swapped, _ = recompute([g2, g1])
    # Bob meets Ann as a fresh player in one order and after a win in the other.
    assert in_order["ann"] != swapped["ann"]
    assert in_order["bob"] != swapped["bob"]
    assert in_order["cat"] != swapped["cat"]
    # Values from a run of openskill 6.2.0.
    assert in_order["ann"] == Rating(27.635389493140497, 8.06590141354368)
    assert swapped["cat"] == Rating(22.364610506859503, 8.06590141354368)


def test_start_ratings_are_used_and_kept():
    start = {"ann": Rating(30.0, 2.0), "zed": Rating(28.0, 3.0)}
    game = GameResult("g", ("ann", "bob"), (10, 20))
    final, changes = recompute([game], start=start)
    assert final["zed"] == Rating(28.0, 3.0)  # did not play, still reported
    assert changes["g"][0].before == Rating(30.0, 2.0)
    assert changes["g"][1].before == DEFAULT
    assert [final["ann"], final["bob"]] == rate_game([start["ann"], DEFAULT], [10, 20])
    assert start == {"ann": Rating(30.0, 2.0), "zed": Rating(28.0, 3.0)}


def test_before_is_the_previous_after():
    games = random_history(3, 100, 10, 50)
    _, changes = recompute(games)
    last = {}
    for game in games:
        for change in changes[game.game_key]:
            assert change.before == last.get(change.player_key, DEFAULT)
            last[change.player_key] = change.after


def test_empty_history_and_generator_input():
    assert recompute([]) == ({}, {})
    assert recompute([], start={"a": DEFAULT}) == ({"a": DEFAULT}, {})
    games = random_history(5, 30, 8, 20)
    assert recompute(g for g in games) == recompute(games)


def test_repeated_game_key_is_rejected():
    game = GameResult("g", ("a", "b"), (1, 2))
    with pytest.raises(ValueError, match="twice"):
        recompute([game, game])


def test_game_result_validation():
    with pytest.raises(ValueError):
        GameResult("g", ("a",), (1,))
    with pytest.raises(ValueError):
        GameResult("g", tuple("abcdefg"), tuple(range(7)))
    with pytest.raises(ValueError):
        GameResult("g", ("a", "b"), (1, 2, 3))
    with pytest.raises(ValueError, match="twice"):
        GameResult("g", ("a", "b", "a"), (1, 2, 3))
    with pytest.raises(ValueError):
        GameResult("g", ("a", "b"), (1, float("nan")))


def test_game_result_from_pairs_and_tuple_coercion():
    game = GameResult.from_pairs("g", [("ann", 120), ("bob", 95)])
    assert game == GameResult("g", ("ann", "bob"), (120, 95))
    assert GameResult("g", ["ann", "bob"], [120, 95]) == game
    assert isinstance(GameResult("g", ["a", "b"], [1, 2]).player_keys, tuple)


def test_game_changes_behaves_like_a_read_only_list():
    _, changes = recompute([GameResult("g", ("a", "b", "c"), (30, 20, 10))])
    gc = changes["g"]
    as_list = list(gc)
    assert len(gc) == 3
    assert [c.player_key for c in gc] == ["a", "b", "c"]
    assert gc[0] == as_list[0] and gc[-1] == as_list[2]
    assert gc[1:] == as_list[1:]
    assert gc == as_list and gc == tuple(as_list)
    assert gc != as_list[:2]
    assert as_list[1] in gc
    assert GameChanges.of(as_list) == gc
    assert repr(gc).startswith("GameChanges([RatingChange(player_key='a'")
    with pytest.raises(IndexError):
        gc[3]
    with pytest.raises(TypeError):
        hash(gc)
    with pytest.raises(ValueError):
        GameChanges(("a",), (1.0, 2.0))
    first = gc[0]
    assert first.before == DEFAULT
    assert first.after.mu > DEFAULT.mu
