"""The exact Swiss round at tables of 3–4 and planning ahead, against brute force."""

import random
import time
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
    result = solve_round(problem, draft, time.perf_counter() + 5.0)
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


def full_model(problem, tier, caps):
    """Independent optimum of ``tier`` over every table (CP-SAT, no pruning), tiers above capped."""
    from ortools.sat.python import cp_model

    tables = [t for size in set(problem.sizes)
              for t in combinations(problem.order, size)]
    m = cp_model.CpModel()
    xs = [m.new_bool_var("") for _ in tables]
    for i in problem.order:
        m.add_exactly_one(x for t, x in zip(tables, xs, strict=True) if i in t)
    for size in set(problem.sizes):
        m.add(sum(x for t, x in zip(tables, xs, strict=True) if len(t) == size)
              == list(problem.sizes).count(size))
    values = [problem.tiers([list(t)]) for t in tables]
    for k, cap in enumerate(caps):
        m.add(sum(v[k] * x for v, x in zip(values, xs, strict=True)) <= cap)
    m.minimize(sum(v[tier] * x for v, x in zip(values, xs, strict=True)))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 60
    assert solver.solve(m) == cp_model.OPTIMAL
    return int(solver.objective_value)


@FAST
@given(points=st.lists(st.integers(0, 12), min_size=6, max_size=12), shape=st.sampled_from([3, 4]))
def test_every_round_costs_the_same_modulo_the_score_step(points, shape):
    # The parity the score tier's bound and gap round to: checked on every split.
    from tournaments.pairing.swiss_columns import score_step

    sizes = [shape] * (len(points) // shape)
    points = points[: shape * len(sizes)]
    costs = {
        sum(type_cost([points[i] for i in t]) for t in split) % score_step(sizes)
        for split in partitions(list(range(len(points))), sizes)
    }
    assert score_step(sizes) == 2
    assert len(costs) == 1
    assert score_step([4, 4, 3]) == 1


@settings(max_examples=6, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4]))
def test_set_partitioning_with_reduced_costs_matches_the_full_model(seed, size):
    # Dense repeats (as late in a small Swiss) and a poor start: the reduced-cost
    # pruning and the excess filter must not lose the optimum.
    from tournaments.pairing import swiss_columns

    rng = random.Random(seed)
    n = 12
    order = list(range(n))
    points = sorted((rng.randint(0, 6) for _ in order), reverse=True)
    weight = {frozenset(p): rng.choice([0, 0, 2, 3]) for p in combinations(order, 2)}
    problem = RoundProblem(
        order, [size] * (n // size),
        conflict=lambda i, j: weight[frozenset((i, j))],
        points=points, seat_ok=lambda i, s: i % 4 == 0,
    )
    shuffled = order[:]
    rng.shuffle(shuffled)
    draft = [shuffled[k : k + size] for k in range(0, n, size)]
    deadline = time.perf_counter() + 30
    tables, conflicts, proven = swiss_columns.least_conflict(problem, draft, deadline)
    assert proven and problem.tiers(tables)[0] == conflicts == full_model(problem, 0, [])
    tables, score, proven = swiss_columns.least_score(problem, tables, conflicts, deadline)
    assert proven and problem.tiers(tables)[:2] == (conflicts, score)
    assert score == full_model(problem, 1, [conflicts])
    tables, unfair, proven = swiss_columns.fewest_unfair(problem, tables, conflicts, deadline)
    assert proven and problem.tiers(tables) == (conflicts, score, unfair)
    assert unfair == full_model(problem, 2, [conflicts, score])


def random_problem(seed: int, n: int, size: int, density: int = 3):
    """A round with random points, random past meetings (conflict 3) and fair openers."""
    rng = random.Random(seed)
    order = list(range(n))
    points = sorted((rng.randint(0, 6) for _ in order), reverse=True)
    met = {frozenset(rng.sample(order, 2)) for _ in range(density * n // 2)}
    return RoundProblem(
        order, [size] * (n // size),
        conflict=lambda i, j: 3 if frozenset((i, j)) in met else 0,
        points=points, seat_ok=lambda i, s: i % 3 != 1,
    ), rng


@FAST
@given(points=st.lists(st.integers(0, 5), min_size=6, max_size=10), slack=st.integers(0, 30))
def test_splits_lists_every_split_below_the_cost_exactly_once(points, slack):
    sizes = [3] * (len(points) // 3)
    points = points[: 3 * len(sizes)]
    below = score_bound(points, sizes) + slack
    found, complete = splits(points, sizes, below, 10_000)
    expected = set()
    for split in partitions(list(range(len(points))), sizes):
        tables = tuple(sorted(tuple(sorted(points[i] for i in t)) for t in split))
        cost = sum(type_cost(t) for t in tables)
        if cost < below:
            expected.add((cost, tables))
    assert complete
    assert [(c, tuple(sorted(s))) for c, s in found] == sorted(expected)


@FAST
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4]), n=st.sampled_from([12, 24]))
def test_polish_and_tidy_never_worsen_a_tier_above_the_one_they_improve(seed, size, n):
    from tournaments.pairing.swiss_exact import tidy
    from tournaments.pairing.swiss_polish import polish

    problem, rng = random_problem(seed, n, size)
    shuffled = list(problem.order)
    rng.shuffle(shuffled)
    draft = [shuffled[k : k + size] for k in range(0, n, size)]
    before = problem.tiers(draft)
    polished = polish(problem, draft, time.perf_counter() + 5)
    after = problem.tiers(polished)
    assert after[0] <= before[0]
    assert after[0] < before[0] or after[1] <= before[1]
    tidied = tidy(problem, polished)
    conflicts, score, unfair = problem.tiers(tidied)
    assert conflicts <= after[0]
    assert score == after[1]  # only players with equal points swap
    assert unfair <= after[2]
    for tables in (polished, tidied):
        assert sorted(len(t) for t in tables) == sorted(problem.sizes)
        assert sorted(p for t in tables for p in t) == list(problem.order)


@settings(max_examples=6, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4]))
def test_sifting_and_a_small_keep_match_the_full_model(seed, size):
    # Tiny sifting and MIP sizes force every loop of the relaxation and the
    # reduced-cost step (pricing rounds, keeping more after no progress).
    from tournaments.pairing import swiss_columns

    problem, rng = random_problem(seed, 12, size, density=5)
    shuffled = list(problem.order)
    rng.shuffle(shuffled)
    draft = [shuffled[k : k + size] for k in range(0, 12, size)]
    saved = swiss_columns._Columns.SIFT, swiss_columns._Columns.KEEP
    swiss_columns._Columns.SIFT, swiss_columns._Columns.KEEP = 4, 3
    try:
        deadline = time.perf_counter() + 30
        tables, conflicts, proven = swiss_columns.least_conflict(problem, draft, deadline)
        assert proven and conflicts == full_model(problem, 0, [])
        tables, score, proven = swiss_columns.least_score(problem, tables, conflicts, deadline)
        assert proven and problem.tiers(tables)[:2] == (conflicts, score)
        assert score == full_model(problem, 1, [conflicts])
    finally:
        swiss_columns._Columns.SIFT, swiss_columns._Columns.KEEP = saved
