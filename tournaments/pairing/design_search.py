"""Offline search for difference-family base rounds as an exact cover (CP-SAT).

Not used when pairing: it produced the base rounds stored in
:mod:`.designs` for the sizes the depth-first search there does not reach
(its node limit), and the tests run it on small sizes to show it works.
Run ``python -m tournaments.pairing.design_search 33 3`` to print a base
round for 33 players in threes.

The players are the integers modulo ``g`` times ``levels`` (plus a fixed
player ∞ when ``infinity``). A base round is a split of the players (but
∞'s table {∞, (0, every level)}) into tables of ``k``; adding each group
element to it gives ``g`` rounds. Every pair meets exactly once when every
*difference* (level of a, level of b, b − a) of two distinct players turns
up exactly once in the base tables. With three levels, no ∞ and ``k`` = 3,
``(g - 1) / 2`` more tables {(0, 0), (b, 1), (c, 2)} (*transversals*) take
the remaining differences; each transversal's translates form one more
round. That is an exact cover: columns are the players (once each in the
base round) and the differences (once each over all tables), rows the
possible tables.
"""

from __future__ import annotations

import sys
from itertools import combinations

from ortools.sat.python import cp_model

Point = tuple[int, int]  # (group element, level)


def layout(players: int, k: int) -> tuple[int, int, bool, int] | None:
    """(g, levels, infinity, transversals) of the construction tried for a size."""
    if k == 3 and players % 6 == 3 and (players // 3) % 2 == 1:
        g = players // 3
        return g, 3, False, (g - 1) // 2
    if k == 4 and players % 12 == 4:
        return (players - 1) // 3, 3, True, 0
    return None


def differences(table, g: int) -> list[tuple[int, int, int]]:
    """Ordered differences (level a, level b, b − a mod g) of a table's pairs."""
    return [(a[1], b[1], (b[0] - a[0]) % g) for a in table for b in table if a != b]


def search_base(
    players: int, k: int, seconds: float = 60.0, seed: int = 0
) -> tuple[list[tuple[Point, ...]], list[tuple[Point, ...]]] | None:
    """(base tables, transversal tables) for ``players`` at tables of ``k``, or ``None``."""
    shape = layout(players, k)
    if shape is None:
        return None
    g, levels, infinity, transversals = shape
    points = [(x, lv) for lv in range(levels) for x in range(g) if not (infinity and x == 0)]
    wanted = {
        (i, j, d)
        for i in range(levels) for j in range(levels) for d in range(g)
        if (i != j or d != 0) and not (infinity and i != j and d == 0)
    }
    m = cp_model.CpModel()
    cover_point: dict[Point, list] = {p: [] for p in points}
    cover_diff: dict[tuple[int, int, int], list] = {d: [] for d in wanted}
    rows: list[tuple[tuple[Point, ...], object, bool]] = []

    def add_row(table: tuple[Point, ...], base: bool) -> None:
        diffs = differences(table, g)
        if len(set(diffs)) != len(diffs) or not wanted.issuperset(diffs):
            return
        var = m.new_bool_var("")
        rows.append((table, var, base))
        if base:
            for p in table:
                cover_point[p].append(var)
        for d in diffs:
            cover_diff[d].append(var)

    for table in combinations(points, k):
        add_row(table, True)
    for b in range(g):
        for c in range(g):
            if transversals:
                add_row(((0, 0), (b, 1), (c, 2)), False)
    for column in (*cover_point.values(), *cover_diff.values()):
        m.add_exactly_one(column)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    base = [t for t, var, is_base in rows if is_base and solver.boolean_value(var)]
    short = [t for t, var, is_base in rows if not is_base and solver.boolean_value(var)]
    return base, short


def encode(tables) -> str:
    """Tables as stored in :mod:`.designs`: ``element.level`` players, tables split by ``/``."""
    return " / ".join(" ".join(f"{x}.{lv}" for x, lv in t) for t in tables)


def main() -> None:  # pragma: no cover - offline tool
    players, k = int(sys.argv[1]), int(sys.argv[2])
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 600.0
    found = search_base(players, k, seconds)
    if found is None:
        print("not found")
        return
    base, short = found
    print(layout(players, k))
    print(repr(encode(base)))
    print(repr(encode(short)))


if __name__ == "__main__":  # pragma: no cover
    main()
