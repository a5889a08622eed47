"""Score mixing on table types (:mod:`tournaments.pairing.swiss_types`) against brute force.

No wall-clock cap: the solvers get an infinite deadline, so every example is decided the same
way on any machine.
"""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import swiss_types
from tournaments.pairing.swiss_columns import score_step
from tournaments.pairing.swiss_exact import RoundProblem

from .oracles import partitions

FAST = settings(max_examples=25, deadline=None, derandomize=True, database=None)
FOREVER = float("inf")
SHAPES = {"threes": [3, 3, 3, 3], "fours": [4, 4, 4], "mixed": [4, 3, 3]}


def set_partitions(items):
    """Every partition of ``items`` into non-empty blocks."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for tail in set_partitions(rest):
        yield [[first], *tail]
        for k in range(len(tail)):
            yield [*tail[:k], [first, *tail[k]], *tail[k + 1 :]]


@FAST
@given(n=st.integers(0, 8), density=st.integers(0, 10), largest=st.sampled_from([3, 4]),
       seed=st.integers(0, 10**6))
def test_block_profiles_are_those_of_every_partition_into_compatible_blocks(
    n, density, largest, seed
):
    rng = random.Random(seed)
    members = [10 + 3 * k for k in range(n)]  # any ids
    apart = {frozenset(p) for p in combinations(members, 2) if rng.randrange(10) < density}

    def ok(a, b):
        return frozenset((a, b)) not in apart

    expected = set()
    for partition in set_partitions(members):
        if all(len(b) <= largest and all(ok(a, c) for a, c in combinations(b, 2))
               for b in partition):
            expected.add(tuple(sum(1 for b in partition if len(b) == s)
                               for s in range(2, largest + 1)))
    assert swiss_types.block_profiles(members, ok, largest) == expected


def dense_problem(seed: int, shape: str, top: int):
    """A round with random points up to ``top`` (few values: identical tables) and dense
    weighted conflicts (repeats often unavoidable, so the conflict total the score tier is
    held to is often above 0)."""
    rng = random.Random(seed)
    sizes = SHAPES[shape]
    order = list(range(sum(sizes)))
    points = sorted((rng.randint(0, top) for _ in order), reverse=True)
    weight = {frozenset(p): rng.choice([0, 0, 0, 2, 3, 3]) for p in combinations(order, 2)}
    return RoundProblem(
        order, sizes, conflict=lambda i, j: weight[frozenset((i, j))], points=points,
        seat_ok=lambda i, s: True,
    )


def brute_force(problem):
    """(least conflict C, least score at conflict C, the costliest round at C)."""
    rounds = [(problem.tiers([list(t) for t in split]), split)
              for split in partitions(list(problem.order), list(problem.sizes))]
    least = min(tiers[0] for tiers, _ in rounds)
    at_least = [(tiers, split) for tiers, split in rounds if tiers[0] == least]
    best = min(tiers[1] for tiers, _ in at_least)
    worst = max(at_least, key=lambda r: r[0][1])[1]
    return least, best, [list(t) for t in worst]


def check_round(problem, tables, conflicts):
    assert sorted(len(t) for t in tables) == sorted(problem.sizes)
    assert sorted(p for t in tables for p in t) == list(problem.order)
    assert problem.tiers(tables)[0] <= conflicts


def with_scarce(group: int):
    """Run with score groups of up to ``group`` players seated table by table in the master
    (0: none, so the cores do all the work; on 12 players the default covers most groups)."""
    class Scarce:
        def __enter__(self):
            self.saved, swiss_types.SCARCE_GROUP = swiss_types.SCARCE_GROUP, group

        def __exit__(self, *exc):
            swiss_types.SCARCE_GROUP = self.saved

    return Scarce()


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), shape=st.sampled_from(sorted(SHAPES)),
       top=st.sampled_from([2, 5]), scarce=st.sampled_from([0, 2, swiss_types.SCARCE_GROUP]))
def test_table_types_prove_the_score_tier_as_brute_force(seed, shape, top, scarce):
    # From the costliest round at the least conflict: the master and its cuts must reach
    # the least score at that conflict (which often needs several cores), never below it.
    problem = dense_problem(seed, shape, top)
    conflicts, best, start = brute_force(problem)
    with with_scarce(scarce):
        tables, bound, proven = swiss_types.least_score(
            problem, start, conflicts, FOREVER, score_step(problem.sizes))
    assert proven
    assert bound == best
    if tables is None:
        assert problem.tiers(start)[1] == best
    else:
        check_round(problem, tables, conflicts)
        assert problem.tiers(tables)[1] == best


@settings(max_examples=10, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), shape=st.sampled_from(sorted(SHAPES)))
def test_a_bound_cut_short_is_still_a_lower_bound(seed, shape):
    # One master and no block partitions (over budget): what it proves, and its bound, hold.
    problem = dense_problem(seed, shape, 5)
    conflicts, best, start = brute_force(problem)
    saved = swiss_types.ROUND_LIMIT, swiss_types.PROFILE_LIMIT
    swiss_types.ROUND_LIMIT, swiss_types.PROFILE_LIMIT = 1, 1
    try:
        tables, bound, proven = swiss_types.least_score(
            problem, start, conflicts, FOREVER, score_step(problem.sizes))
    finally:
        swiss_types.ROUND_LIMIT, swiss_types.PROFILE_LIMIT = saved
    assert bound is None or bound <= best
    if tables is not None:
        check_round(problem, tables, conflicts)
        assert problem.tiers(tables)[1] == bound == best
    elif proven:
        assert problem.tiers(start)[1] == best


def test_a_round_at_the_split_bound_needs_no_model():
    # Points that split into equal tables: the current round is at the bound already.
    problem = RoundProblem(list(range(6)), [3, 3], conflict=lambda i, j: 0,
                           points=[2, 2, 2, 1, 1, 1], seat_ok=lambda i, s: True)
    assert swiss_types.least_score(problem, [[0, 1, 2], [3, 4, 5]], 0, FOREVER, 2) == (
        None, 0, True)


@settings(max_examples=20, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), shape=st.sampled_from(sorted(SHAPES)),
       top=st.sampled_from([2, 5]), scarce=st.sampled_from([0, swiss_types.SCARCE_GROUP]))
def test_windows_over_the_relaxation_prove_the_score_tier_as_brute_force(
    seed, shape, top, scarce
):
    # The path of the exact round: the set-partitioning relaxation, then table types window
    # by window over the tables it leaves (and the MIP for whatever they leave unproven).
    from tournaments.pairing import swiss_columns

    problem = dense_problem(seed, shape, top)
    conflicts, best, start = brute_force(problem)
    step = score_step(problem.sizes)
    learnt = swiss_types.Learnt(conflicts)
    calls = []

    def prove(tables, reduced, value, upper, bound, until):
        out = swiss_types.by_windows(
            problem, tables, reduced, value, upper, bound, conflicts, until, step, learnt)
        calls.append(out)
        return out

    with with_scarce(scarce):
        tables, score, proven = swiss_columns.least_score(
            problem, start, conflicts, FOREVER, 0, prove)
    assert proven and score == best
    check_round(problem, tables, conflicts)
    assert problem.tiers(tables)[1] == best
    for better, bound, settled in calls:
        assert settled  # no deadline: the windows always decide
        assert bound <= best if better is None else bound == best
