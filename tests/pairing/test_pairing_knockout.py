"""Knockout brackets: seeding layout, byes, advancing, placements."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pairing.oracles import described
from tournaments.pairing import advance, bracket_order, single_elimination

PROPERTY = settings(max_examples=80, deadline=None, derandomize=True, database=None)


def play_out(bracket, decide):
    """Play a bracket to the end; ``decide(seats)`` returns the finishing order."""
    results = {}
    history = []
    while True:
        state = advance(bracket, results)
        if not state.ready:
            return state, results, history
        for table in state.ready:
            results[table.match] = tuple(decide(table.seats))
            history.append((table.match, table.seats, results[table.match]))


def shuffled(rng):
    """Results at random: every table finishes in an order drawn from ``rng``."""
    def decide(seats):
        order = list(seats)
        rng.shuffle(order)
        return order
    return decide


def seed_wins(bracket):
    rank = {p: i for i, p in enumerate(bracket.seeds)}
    return lambda seats: sorted(seats, key=rank.__getitem__)


def test_bracket_order_for_sixteen():
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert bracket_order(9, 3) == [1, 6, 9, 2, 5, 8, 3, 4, 7]


def test_sixteen_player_bracket_layout():
    bracket = single_elimination(list(range(101, 117)))
    first = [m for m in bracket.matches if m.round == 1]
    assert [[described(bracket, s) for s in m.slots] for m in first[:4]] == [
        ["seed 1", "seed 16"], ["seed 8", "seed 9"], ["seed 4", "seed 13"], ["seed 5", "seed 12"]
    ]
    second = [m for m in bracket.matches if m.round == 2]
    assert [described(bracket, s) for s in second[0].slots] == ["winner of M1", "winner of M2"]
    assert len(bracket.matches) == 15
    assert bracket.flags == ()


def test_byes_go_to_the_top_seeds():
    bracket = single_elimination([11, 12, 13, 14, 15, 16])
    assert [f.params for f in bracket.flags if f.code == "knockout-bye"] == [
        {"player": 11, "seed": 1, "enters_round": 2},
        {"player": 12, "seed": 2, "enters_round": 2},
    ]
    state = advance(bracket, {})
    assert [t.seats for t in state.ready] == [(14, 15), (13, 16)]


def test_advance_moves_winners_on_and_places_losers():
    bracket = single_elimination([1, 2, 3, 4])
    state = advance(bracket, {"M1": 4, "M2": 2})
    assert [t.seats for t in state.ready] == [(2, 4)]
    assert state.placements == {1: (3, 4), 3: (3, 4)}
    state = advance(bracket, {"M1": 4, "M2": 2, "M3": (4, 2)})
    assert state.champion == 4
    assert state.placements == {1: (3, 4), 3: (3, 4), 4: (1, 1), 2: (2, 2)}


def test_bad_results_are_refused():
    bracket = single_elimination([1, 2, 3, 4])
    with pytest.raises(ValueError):
        advance(bracket, {"M3": 1})  # not playable yet
    with pytest.raises(ValueError):
        advance(bracket, {"M1": 2})  # 2 is not in M1
    with pytest.raises(ValueError):
        advance(bracket, {"M9": 1})


def test_tables_of_four_top_two_advance():
    bracket = single_elimination(list(range(1, 17)), table_size=4, advance=2)
    first = [m for m in bracket.matches if m.round == 1]
    assert [[s.seed for s in m.slots] for m in first] == [
        [1, 8, 12, 16], [4, 5, 9, 13], [3, 6, 10, 14], [2, 7, 11, 15]
    ]
    # Round 2 is seeded by the expected results: winners 1-4, runners-up 5-8,
    # and nobody meets a table-mate of round 1 again (seed 8 would have joined
    # seed 1, the winner of their table: seeds 7 and 8 swap tables).
    second = [[described(bracket, s) for s in m.slots] for m in bracket.matches if m.round == 2]
    assert second == [
        ["winner of M1", "winner of M2", "2nd of M3", "2nd of M4"],
        ["winner of M4", "winner of M3", "2nd of M2", "2nd of M1"],
    ]
    state, _, _ = play_out(bracket, seed_wins(bracket))
    assert state.champion == 1
    assert state.placements[16] == (13, 16)
    assert state.placements[9] == (9, 12)


def test_tables_short_field_gives_top_seeds_free_passage():
    bracket = single_elimination(list(range(1, 11)), table_size=4, advance=2)
    byes = {f.params["seed"] for f in bracket.flags if f.code == "knockout-bye"}
    # Ten players, top two of four go on: seeds 7-10 play one table, the two
    # best of it join seeds 1-6 at two tables of four, four reach the final.
    assert byes == {1, 2, 3, 4, 5, 6}
    first = [m for m in bracket.matches if m.round == 1]
    assert [[s.seed for s in m.slots] for m in first] == [[7, 8, 9, 10]]
    sizes = [len(m.slots) for m in bracket.matches]
    assert sizes == [4, 4, 4, 4]


@PROPERTY
@given(n=st.integers(2, 70), seed=st.integers(0, 10**6))
def test_single_elimination_random_results(n, seed):
    rng = random.Random(seed)
    players = [1000 + i for i in range(n)]
    bracket = single_elimination(players)
    size = 1 << (n - 1).bit_length()
    byes = {f.params["seed"] for f in bracket.flags if f.code == "knockout-bye"}
    assert byes == set(range(1, size - n + 1))

    state, results, history = play_out(bracket, shuffled(rng))
    check_final(state, players)
    # Winners move on to the next match.
    source = {m.id: m for m in bracket.matches}
    finished = {mid: order for mid, _, order in history}
    for mid, seats, _ in history:
        expected = []
        for s in source[mid].slots:
            expected.append(players[s.seed - 1] if s.kind == "seed" else
                            finished[s.match][s.place - 1])
        assert sorted(seats) == sorted(expected)
    losers = [order[1] for _, _, order in history]
    assert state.champion not in losers


@PROPERTY
@given(n=st.integers(2, 70))
def test_favourites_always_winning_finish_in_seed_order(n):
    bracket = single_elimination(list(range(1, n + 1)))
    state, _, _ = play_out(bracket, seed_wins(bracket))
    for player, (best, worst) in state.placements.items():
        assert best <= player <= worst


@PROPERTY
@given(
    n=st.integers(2, 200),
    shape=st.sampled_from([(3, 1), (4, 1), (4, 2), (2, 1), (5, 1), (6, 2), (6, 3)]),
    seed=st.integers(0, 10**6),
)
def test_table_brackets_random_results(n, shape, seed):
    rng = random.Random(seed)
    size, k = shape
    players = list(range(1, n + 1))
    bracket = single_elimination(players, table_size=size, advance=k)

    state, _, history = play_out(bracket, shuffled(rng))
    check_final(state, players)
    for _mid, seats, _ in history:
        assert 2 <= len(seats) <= size
    # When the better seed always wins, everybody finishes where seeded.
    favourites, _, _ = play_out(bracket, seed_wins(bracket))
    assert favourites.champion == 1
    for player, (best, worst) in favourites.placements.items():
        assert best <= player <= worst


def check_final(state, players):
    """Everybody placed; each range holds exactly as many players as it spans."""
    assert set(state.placements) == set(players)
    assert not state.ready and not state.waiting
    ranges = {}
    for rng in state.placements.values():
        ranges[rng] = ranges.get(rng, 0) + 1
    covered = []
    for (best, worst), count in ranges.items():
        assert count == worst - best + 1
        covered.extend(range(best, worst + 1))
    assert sorted(covered) == list(range(1, len(players) + 1))
    assert state.placements[state.champion] == (1, 1)
