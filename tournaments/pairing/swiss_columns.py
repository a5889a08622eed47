"""Rounds exactly as set partitioning: every table that could be optimal is a column.

The round is a set-partitioning problem: one boolean per possible table,
every player in exactly one chosen table, the right number of tables of
each size. Its linear relaxation is strong, so a MIP solver (SCIP, shipped
with OR-Tools; CP-SAT where SCIP is missing) proves the tiers quickly —
including the least repeat cost when repeats cannot be avoided.

Each tier gets its own model, with the tiers above it held at their best:

* **conflicts**: the tables with no more conflict than the whole draft;
* **score mixing**: the tables whose *excess* fits the slack. The best split
  of the point totals that ignores who met whom (:func:`.swiss_split.score_bound`)
  is a lower bound ``L``; a table ``T`` can only be part of a round of
  score at most ``S`` when ``score(T) + L(the other players) − L ≤ S − L``,
  because the other tables cost at least ``L(the other players)``. With a
  draft near the bound that keeps a few thousand tables of hundreds of
  thousands. ``L`` is also given to the solver as a bound on the objective;
* **seat balance**: the same tables at the optimal score, fewest tables
  without a fair opener (0 is a bound); then, unproven and only with time
  left, the smallest rank spread (tables close in the ranking).

When more than ``COLUMN_LIMIT`` tables qualify, the function returns
``None`` and the caller uses its assignment model instead.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement

from ortools.linear_solver.python import model_builder as mb

from .swiss_split import _bound, score_bound, type_cost

#: Most candidate tables for one set-partitioning model.
COLUMN_LIMIT = 40_000
#: The MIP solver, when OR-Tools has it; CP-SAT (through the same interface) otherwise.
BACKEND = "scip" if mb.Solver("scip").solver_is_supported() else "sat"
#: The solver needs a moment to return a proof; below this it is not started.
MIN_SECONDS = 0.05


def candidate_tables(problem, conflict_cap: int, score_cap: int | None = None):
    """Tables with conflict within the cap, or ``None`` past ``COLUMN_LIMIT``."""
    order, points, conflicts = list(problem.order), problem.points, problem.conflicts
    out: list[tuple[int, ...]] = []

    def grow(table: list[int], start: int, size: int, c: int, s: int) -> bool:
        if len(table) == size:
            out.append(tuple(table))
            return len(out) <= COLUMN_LIMIT
        for k in range(start, len(order)):
            i = order[k]
            row = conflicts[i]
            c2 = c + sum(row.get(j, 0) for j in table)
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


def tables_within_slack(problem, conflict_cap: int, slack: int):
    """Tables with conflict within the cap and score excess at most ``slack``.

    Grouped by *type* (the multiset of point totals at the table): the
    excess of a type is its score plus the bound of the players left minus
    the bound of the whole field; only types within the slack are filled
    with real players. ``None`` past ``COLUMN_LIMIT``.
    """
    points, conflicts = problem.points, problem.conflicts
    order = list(problem.order)
    values = sorted({points[i] for i in order})
    group = {v: [i for i in order if points[i] == v] for v in values}
    field = Counter(points[i] for i in order)
    sizes = tuple(sorted(problem.sizes))
    whole = _bound(tuple(sorted(field.elements())), sizes)
    out: list[tuple[int, ...]] = []
    for size in sorted(set(sizes)):
        rest = list(sizes)
        rest.remove(size)
        for combo in combinations_with_replacement(values, size):
            need = Counter(combo)
            if any(len(group[v]) < c for v, c in need.items()):
                continue
            left = tuple(sorted((field - need).elements()))
            if type_cost(combo) + _bound(left, tuple(rest)) - whole > slack:
                continue
            parts = [(group[v], c) for v, c in need.items()]
            if not _fill(parts, [], 0, conflicts, conflict_cap, out):
                return None
    return out


def _fill(parts, table: list[int], c: int, conflicts, cap: int, out: list) -> bool:
    """Every choice of ``count`` players from each ``(players, count)`` part within the cap."""
    if not parts:
        out.append(tuple(table))
        return len(out) <= COLUMN_LIMIT
    (players, count), rest = parts[0], parts[1:]
    for chosen in combinations(players, count):
        c2 = c + sum(conflicts[a].get(b, 0) for a, b in combinations(chosen, 2))
        c2 += sum(conflicts[a].get(b, 0) for a in chosen for b in table)
        if c2 > cap:
            continue
        if not _fill(rest, table + list(chosen), c2, conflicts, cap, out):
            return False
    return True


def least_conflict(problem, draft: list[list[int]], deadline: float):
    """(tables, least conflict, proven) over set partitioning, or ``None`` (too large)."""
    conflicts = problem.tiers(draft)[0]
    columns = candidate_tables(problem, conflicts)
    if columns is None:
        return None
    model = _Columns(problem, columns)
    found, best, optimal = model.minimise(0, draft, 0, deadline)
    if found is None:
        return draft, conflicts, False
    return found, best, optimal


def least_score(problem, current: list[list[int]], conflicts: int, deadline: float):
    """(tables, least score at ``conflicts``, proven), or ``None`` (too many tables)."""
    low = score_bound([problem.points[i] for i in problem.order], problem.sizes)
    score = problem.tiers(current)[1]
    columns = tables_within_slack(problem, conflicts, score - low)
    if columns is None:
        return None
    model = _Columns(problem, columns)
    model.fix(0, conflicts)
    found, best, optimal = model.minimise(1, current, low, deadline)
    if found is None:
        return current, score, False
    return found, best, optimal


def fewest_unfair(problem, current: list[list[int]], conflicts: int, deadline: float):
    """(tables, fewest tables without a fair opener, proven), or ``None``.

    With time left, the rank spread is reduced among the tables of that
    value (never needs a proof; the result is never worse than ``current``).
    """
    low = score_bound([problem.points[i] for i in problem.order], problem.sizes)
    _, score, unfair = problem.tiers(current)
    columns = tables_within_slack(problem, conflicts, score - low)
    if columns is None:
        return None
    model = _Columns(problem, columns)
    model.fix(0, conflicts)
    model.fix(1, score)
    found, best, optimal = model.minimise(2, current, 0, deadline)
    if found is None:
        return current, unfair, False
    model.fix(2, best)
    tidy, _, _ = model.minimise(3, found, 0, deadline)
    return (tidy or found), best, optimal


class _Columns:
    """Set partitioning over given tables, tier by tier.

    Each tier is solved in two steps. The linear relaxation (GLOP) gives a
    lower bound ``LB`` and a reduced cost per table; a table whose reduced
    cost exceeds ``UB − LB`` (``UB`` the value of a known round) cannot be
    part of any round better than ``UB``, so the MIP only sees the tables
    within that gap — usually a few hundred of thousands. When the gap
    still leaves too many, the MIP first runs on the ``KEEP`` tables of
    least reduced cost; its optimum ``V`` is global when ``V − LB`` is
    within the reduced costs it kept, otherwise ``V`` becomes ``UB`` and
    the step repeats while there is time.
    """

    #: Most tables in one MIP before the cheapest by reduced cost are tried first.
    KEEP = 2500

    def __init__(self, problem, tables) -> None:
        self.order = list(problem.order)
        self.position = {i: pos for pos, i in enumerate(self.order)}
        self.sizes = Counter(problem.sizes)
        self.columns = [tuple(sorted(t, key=self.position.__getitem__)) for t in tables]
        values = [_values(problem, c) for c in self.columns]
        spread = [self.position[c[-1]] - self.position[c[0]] for c in self.columns]
        self.weights = [[v[k] for v in values] for k in range(3)] + [spread]
        self.fixed: list[tuple[int, int]] = []

    def _model(self, keep: list[int], relaxed: bool):
        m = mb.Model()
        xs = [m.new_num_var(0, 1, "") if relaxed else m.new_bool_var("") for _ in keep]
        cover: dict[int, list] = {i: [] for i in self.order}
        by_size: dict[int, list] = {}
        for k, x in zip(keep, xs, strict=True):
            for i in self.columns[k]:
                cover[i].append(x)
            by_size.setdefault(len(self.columns[k]), []).append(x)
        for i in self.order:
            m.add(mb.LinearExpr.sum(cover[i]) == 1)
        for size, count in self.sizes.items():
            m.add(mb.LinearExpr.sum(by_size.get(size, [])) == count)
        for tier, best in self.fixed:
            m.add(mb.LinearExpr.weighted_sum(xs, [self.weights[tier][k] for k in keep]) <= best)
        return m, xs

    def minimise(self, tier: int, tables: list[list[int]], low: int, deadline: float):
        """(tables or None, best value, proven optimal) for ``tier``, started at ``tables``.

        ``low`` is a lower bound on the tier known from outside.
        """
        weights = self.weights[tier]
        index = {c: k for k, c in enumerate(self.columns)}
        keys = [tuple(sorted(t, key=self.position.__getitem__)) for t in tables]
        if any(key not in index for key in keys):
            return None, None, False  # the start is not among the columns: nothing to prove
        current = [index[key] for key in keys]
        upper = sum(weights[k] for k in current)
        if time.perf_counter() + MIN_SECONDS > deadline:
            return None, None, False
        everything = list(range(len(self.columns)))
        model, xs = self._model(everything, relaxed=True)
        model.minimize(mb.LinearExpr.weighted_sum(xs, weights))
        lp = mb.Solver("glop")
        if lp.solve(model) != mb.SolveStatus.OPTIMAL:
            return None, None, False
        bound = max(low, math.ceil(lp.objective_value - 1e-6))
        reduced = lp.reduced_costs(xs).tolist()
        if upper <= bound:
            return [list(self.columns[k]) for k in current], upper, True
        while True:
            gap = upper - bound
            ranked = sorted(everything, key=reduced.__getitem__)
            within = [k for k in ranked if reduced[k] <= gap + 1e-6]
            keep = set(within[: self.KEEP]) | set(current)
            kept_gap = gap if len(within) <= self.KEEP else reduced[within[self.KEEP]] - 1e-6
            found = self._solve(sorted(keep), weights, current, bound, deadline)
            if found is None:
                return [list(self.columns[k]) for k in current], upper, False
            chosen, value, optimal = found
            current, upper = chosen, value
            if value <= bound or (optimal and value - bound <= kept_gap + 1e-6):
                return [list(self.columns[k]) for k in current], value, True
            if not optimal or time.perf_counter() + MIN_SECONDS > deadline:
                return [list(self.columns[k]) for k in current], value, False

    def _solve(self, keep: list[int], weights, current: list[int], bound: int, deadline: float):
        """(chosen columns, value, optimal among ``keep``) by the MIP, or ``None``."""
        seconds = deadline - time.perf_counter()
        if seconds < MIN_SECONDS:
            return None
        model, xs = self._model(keep, relaxed=False)
        objective = mb.LinearExpr.weighted_sum(xs, [weights[k] for k in keep])
        if bound:
            model.add(objective >= bound)
        model.minimize(objective)
        start = set(current)
        for k, x in zip(keep, xs, strict=True):
            model.add_hint(x, 1 if k in start else 0)
        solver = mb.Solver(BACKEND)
        solver.set_time_limit_in_seconds(seconds)
        if BACKEND == "sat":
            solver.set_solver_specific_parameters("num_workers: 1")
        status = solver.solve(model)
        if status not in (mb.SolveStatus.OPTIMAL, mb.SolveStatus.FEASIBLE):
            return None
        values = solver.values(xs).tolist()
        chosen = [k for k, v in zip(keep, values, strict=True) if v > 0.5]
        value = sum(weights[k] for k in chosen)
        return chosen, value, status == mb.SolveStatus.OPTIMAL

    def fix(self, tier: int, best: int) -> None:
        """Keep ``tier`` at ``best`` for the tiers below it."""
        self.fixed.append((tier, best))


def _values(problem, table: tuple[int, ...]) -> tuple[int, int, int]:
    """(conflict, score mixing, no fair opener) of one table."""
    conflict = sum(problem.conflicts[a].get(b, 0) for a, b in combinations(table, 2))
    score = type_cost([problem.points[i] for i in table])
    unfair = not any(problem.seat_ok(i, len(table)) for i in table)
    return conflict, score, int(unfair)
