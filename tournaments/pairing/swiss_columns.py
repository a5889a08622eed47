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


def candidate_tables(problem, conflict_cap: int, score_cap: int | None):
    """Tables within the caps (``None``: no score cap), or ``None`` past ``COLUMN_LIMIT``."""
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
            if c2 > conflict_cap or (score_cap is not None and s2 > score_cap):
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
    """(tables, [conflicts, score, seat] proven), or ``None`` (too many tables, or none in time).

    Conflicts first over the tables within the draft's conflict; once the
    least conflict is proven, a round with it and score ``S`` bounds every
    table's conflict and score, so the model is rebuilt on those tables
    (usually far fewer) for score mixing and seat balance.
    """
    conflicts, score, _ = problem.tiers(draft)
    current, proven = [list(t) for t in draft], [conflicts == 0]
    model = _Columns(problem, conflicts, score if conflicts == 0 else None)
    if not model.columns:
        return None
    if conflicts:
        found, best, optimal = model.minimise(0, current, deadline)
        if found is None:
            return None
        current, proven = found, [optimal]
        if optimal:
            rebuilt = _Columns(problem, best, problem.tiers(found)[1])
            model = rebuilt if rebuilt.columns else model
        model.fix(0, best)
    for tier in (1, 2):
        found, best, optimal = model.minimise(tier, current, deadline)
        if found is None:
            break
        current = found
        proven.append(optimal)
        model.fix(tier, best)
    proven += [False] * (3 - len(proven))
    # The third tier mixes seat balance with the rank spread: optimal there
    # means both, so seat balance is proven too.
    return current, proven


class _Columns:
    """The set-partitioning model over the tables within the caps (none past the limit)."""

    def __init__(self, problem, conflict_cap: int, score_cap: int | None) -> None:
        self.order = list(problem.order)
        tables = candidate_tables(problem, conflict_cap, score_cap)
        self.columns = []
        if tables is None:
            return
        m = self.m = cp_model.CpModel()
        sizes = Counter(problem.sizes)
        self.columns = [(members, m.new_bool_var("")) for members in tables]
        values = [problem.tiers([list(members)]) for members in tables]
        cover: dict[int, list] = {i: [] for i in self.order}
        for members, var in self.columns:
            for i in members:
                cover[i].append(var)
        for i in self.order:
            m.add_exactly_one(cover[i])
        for size, count in sizes.items():
            m.add(sum(var for members, var in self.columns if len(members) == size) == count)
        position = {i: pos for pos, i in enumerate(self.order)}
        weight = len(self.order) * sum(sizes.values()) + 1  # one unfair table > any spread
        spread = [max(position[i] for i in c) - min(position[i] for i in c) for c in tables]
        variables = [var for _, var in self.columns]
        self.tiers = [
            sum(v[0] * x for v, x in zip(values, variables, strict=True) if v[0]),
            sum(v[1] * x for v, x in zip(values, variables, strict=True) if v[1]),
            sum((v[2] * weight + s) * x
                for v, s, x in zip(values, spread, variables, strict=True)),
        ]
        self.position = position

    def minimise(self, tier: int, tables: list[list[int]], deadline: float):
        """(tables or None, best value, proven optimal) for ``tier``, hinted with ``tables``."""
        chosen = {tuple(sorted(t, key=self.position.__getitem__)) for t in tables}
        self.m.clear_hints()
        for members, var in self.columns:
            self.m.add_hint(var, members in chosen)
        self.m.minimize(self.tiers[tier])
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.0, deadline - time.perf_counter())
        solver.parameters.num_workers = 1
        status = solver.solve(self.m)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, None, False
        found = [list(c) for c, var in self.columns if solver.boolean_value(var)]
        return found, int(solver.objective_value), status == cp_model.OPTIMAL

    def fix(self, tier: int, best: int) -> None:
        """Keep ``tier`` at ``best`` for the tiers below it."""
        self.m.add(self.tiers[tier] <= best)
