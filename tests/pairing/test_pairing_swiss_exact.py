"""The exact Swiss round at tables of 3–4 and planning ahead, against brute force."""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import PlayerEntry, SwissOptions, pair_swiss
from tournaments.pairing.swiss_exact import RoundProblem, solve_round
from tournaments.pairing.swiss_split import score_bound, splits, type_cost

from .oracles import partitions, play

FAST = settings(max_examples=25, deadline=None, derandomize=True, database=None)


@FAST
@given(
    points=st.lists(st.integers(0, 9), min_size=5, max_size=11),
    shape=st.sampled_from([3, 4]),
)
def test_score_bound_is_the_least_split_cost(points, shape):
    # Sizes like the remainder rules make them: full tables, then a few of the other size.
    n = len(points)
    other = 4 if shape == 3 else 3
    sizes = None
    for smaller in range(4):
        rest = n - other * smaller
        if rest >= 0 and rest % shape == 0:
            sizes = [shape] * (rest // shape) + [other] * smaller
            break
    if not sizes:
        return
    best = min(
        sum(type_cost([points[i] for i in t]) for t in split)
        for split in partitions(list(range(n)), sizes)  # by index: points repeat
    )
    assert score_bound(points, sizes) == best
    found, complete = splits(points, sizes, best + 1, 10_000)
    assert complete and found and found[0][0] == best


def brute_force(problem):
    """Lexicographically least (conflicts, score, unfair tables) over all splits."""
    return min(problem.tiers([list(t) for t in split])
               for split in partitions(list(problem.order), list(problem.sizes)))


@FAST
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4]))
def test_proven_tiers_match_brute_force_on_twelve_players(seed, size):
    rng = random.Random(seed)
    order = list(range(12))
    points = sorted((rng.randint(0, 4) for _ in order), reverse=True)
    met = {frozenset(rng.sample(order, 2)) for _ in range(18)}
    problem = RoundProblem(
        order, [size] * (12 // size),
        conflict=lambda i, j: 3 if frozenset((i, j)) in met else 0,
        points=points, seat_ok=lambda i, s: i % 3 != 0,
        met=lambda i, j: frozenset((i, j)) in met,
    )
    draft = [order[k : k + size] for k in range(0, 12, size)]  # top-down, as a Swiss would
    result = solve_round(problem, draft, time_limit=5.0)
    got = problem.tiers(result.tables)
    best = brute_force(problem)
    assert result.conflicts_proven and got[0] == best[0]
    if result.score_proven:
        assert got[:2] == best[:2]
    if result.proven:
        assert got == best
    assert sorted(p for t in result.tables for p in t) == order


def run_planned(seed, n=16, size=4, rounds=5):
    rng = random.Random(seed)
    points = dict.fromkeys(range(1, n + 1), 0)
    history = []
    for _ in range(rounds):
        players = [PlayerEntry(i, points[i], rating=1000 + i) for i in points]
        draft = pair_swiss(players, history, size, SwissOptions(planned_rounds=rounds))
        history.append([t.seats for t in draft.tables])
        for pid, gained in play(draft, rng).items():
            points[pid] += gained
    return history


def test_sixteen_at_fours_over_five_planned_rounds_never_repeat():
    # A schedule without repeats exists (the affine plane of order 4); each
    # round keeps one reachable, whatever the results.
    for seed in range(3):
        history = run_planned(seed)
        pairs = [frozenset(p) for rnd in history for t in rnd for p in combinations(t, 2)]
        assert len(pairs) == len(set(pairs)) == 120, seed
