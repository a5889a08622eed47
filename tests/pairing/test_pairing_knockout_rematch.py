"""Table knockouts: no two players of one earlier table meet again while the tables allow it."""

from collections import Counter

import pytest

from tests.pairing.oracles import described
from tournaments.pairing import single_elimination

SHAPES = [(4, 2), (4, 1), (3, 1), (2, 1)]


def seating_exists(groups: list[int], sizes: list[int]) -> bool:
    """Gale–Ryser: can groups of these sizes sit at tables of ``sizes`` with no two of one
    group at one table? (A simple bipartite graph with these degrees exists.)"""
    sizes = sorted(sizes, reverse=True)
    if sum(groups) != sum(sizes):
        return False
    return all(
        sum(sizes[:k]) <= sum(min(g, k) for g in groups) for k in range(1, len(sizes) + 1)
    )


def clashes(matches) -> int:
    """Pairs at one table who both come from one earlier table."""
    return sum(
        c * (c - 1) // 2
        for m in matches
        for c in Counter(s.match for s in m.slots if s.kind == "result").values()
    )


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}-top{s[1]}")
def test_no_table_meets_again_when_a_seating_without_it_exists(shape):
    size, k = shape
    checked = 0
    for n in range(3, 129):
        bracket = single_elimination(list(range(1, n + 1)), table_size=size, advance=k)
        by_round: dict[int, list] = {}
        for m in bracket.matches:
            by_round.setdefault(m.round, []).append(m)
        for matches in by_round.values():
            # Each earlier table's players form a group; a seed coming in alone is its own.
            groups = Counter(
                s.match if s.kind == "result" else f"seed {s.seed}"
                for m in matches for s in m.slots
            )
            if seating_exists(list(groups.values()), [len(m.slots) for m in matches]):
                assert clashes(matches) == 0, (n, [described(bracket, s) for m in matches
                                                   for s in m.slots])
                checked += 1
            else:
                # Only the last tables, fed by too few earlier tables, may clash.
                assert len(matches) <= k, (n, len(matches))
    assert checked > 126  # every field has at least one round to check


def test_sixteen_in_fours_round_two_keeps_table_mates_apart():
    bracket = single_elimination(list(range(1, 17)), table_size=4, advance=2)
    second = [m for m in bracket.matches if m.round == 2]
    for m in second:
        labels = [described(bracket, s) for s in m.slots]
        assert len({s.match for s in m.slots}) == 4, labels
    assert clashes(second) == 0
    # Before: round 2 seated "winner of M1" with "2nd of M1".
    assert not any(
        {"winner of M1", "2nd of M1"} <= {described(bracket, s) for s in m.slots} for m in second
    )
