"""Rounds exactly as set partitioning: every table that could be optimal is a column.

The round is a set-partitioning problem: one boolean per possible table,
every player in exactly one chosen table, the right number of tables of
each size. Its linear relaxation is strong, so CP-SAT proves the tiers
quickly — including the least repeat cost when repeats cannot be avoided,
which the assignment model of :mod:`.swiss_split` rarely proves in time.

Only tables that can be part of an optimal round become columns: none with
more conflict than the whole draft, and, when the draft has no conflict
(so the optimum has none either), none with more score mixing than the
whole draft (all tiers are sums of non-negative table values). When more
than ``COLUMN_LIMIT`` tables survive, the model is not built. The tiers are
minimised one after another as in :mod:`.swiss_exact`.
"""

from __future__ import annotations

import time
from collections import Counter

from ortools.sat.python import cp_model

#: Most candidate tables for the set-partitioning model.
COLUMN_LIMIT = 12_000


def candidate_tables(problem, draft: list[list[int]]) -> list[tuple[int, ...]] | None:
    """Tables that may belong to an optimal round, or ``None`` past ``COLUMN_LIMIT``."""
    conflicts, score, _ = problem.tiers(draft)
    score_cap = score if conflicts == 0 else None
    order, points, conflict = list(problem.order), problem.points, problem.conflict
    out: list[tuple[int, ...]] = []

    def grow(table: list[int], start: int, size: int, c: int, s: int) -> bool:
        if len(table) == size:
            out.append(tuple(table))
            return len(out) <= COLUMN_LIMIT
        for k in range(start, len(order)):
            i = order[k]
            c2 = c + sum(conflict(i, j) for j in table)
            s2 = s + sum((points[i] - points[j]) ** 2 for j in table)
            if c2 > conflicts or (score_cap is not None and s2 > score_cap):
                continue
            table.append(i)
            ok = grow(table, k + 1, size, c2, s2)
            table.pop()
            if not ok:
                return False
        return True

    for size in sorted(set(problem.sizes)):
        if not grow([], 0, size, 0, 0):
            return None
    return out


def solve_columns(problem, draft: list[list[int]], deadline: float):
    """(tables, [conflicts, score, seat] proven), or ``None`` (too many tables, or none in time)."""
    order, sizes = list(problem.order), Counter(problem.sizes)
    tables = candidate_tables(problem, draft)
    if tables is None:
        return None
    m = cp_model.CpModel()
    columns, values = [], []
    for members in tables:
        columns.append((members, m.new_bool_var("")))
        values.append(problem.tiers([list(members)]))
    cover: dict[int, list] = {i: [] for i in order}
    for members, var in columns:
        for i in members:
            cover[i].append(var)
    for i in order:
        m.add_exactly_one(cover[i])
    for size, count in sizes.items():
        m.add(sum(var for members, var in columns if len(members) == size) == count)
    position = {i: pos for pos, i in enumerate(order)}
    weight = len(order) * sum(sizes.values()) + 1  # one unfair table outweighs any spread
    spread = [max(position[i] for i in c) - min(position[i] for i in c) for c, _ in columns]
    tiers = [
        sum(v[0] * var for v, (_, var) in zip(values, columns, strict=True) if v[0]),
        sum(v[1] * var for v, (_, var) in zip(values, columns, strict=True) if v[1]),
        sum(
            (v[2] * weight + s) * var
            for v, s, (_, var) in zip(values, spread, columns, strict=True)
        ),
    ]
    position = {i: pos for pos, i in enumerate(order)}
    chosen = {tuple(sorted(t, key=position.__getitem__)) for t in draft}
    current, proven = None, []
    for tier in tiers:
        m.clear_hints()
        for members, var in columns:
            m.add_hint(var, members in chosen)
        m.minimize(tier)
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.0, deadline - time.perf_counter())
        solver.parameters.num_workers = 1
        status = solver.solve(m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            proven.append(False)
            break
        current = [list(c) for c, var in columns if solver.boolean_value(var)]
        chosen = {tuple(c) for c in current}
        proven.append(status == cp_model.OPTIMAL)
        m.add(tier <= int(solver.objective_value))
    if current is None:
        return None
    proven += [False] * (3 - len(proven))
    # The third tier mixes seat balance with the rank spread: optimal there
    # means both, so seat balance is proven too.
    return current, proven
