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
* **seat balance**: of the same tables, those whose reduced cost in the
  score relaxation fits the gap to the optimal score (only they can be in a
  round of that score), fewest tables without a fair opener (0 is a bound);
  then, unproven and only with time left, the smallest rank spread (tables
  close in the ranking).

When more than ``COLUMN_LIMIT`` tables qualify, the function returns
``None`` and the caller uses its assignment model instead.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement

import numpy as np
from ortools.linear_solver.python import model_builder as mb

from .swiss_split import _bound, score_bound, type_cost

#: Most candidate tables for one set-partitioning model.
COLUMN_LIMIT = 150_000
#: The MIP solver, when OR-Tools has it; CP-SAT (through the same interface) otherwise.
BACKEND = "scip" if mb.Solver("scip").solver_is_supported() else "sat"
#: The solver needs a moment to return a proof; below this it is not started.
MIN_SECONDS = 0.05
#: Share of the time left for ``prove`` after the relaxation of the score tier.
PROVE_SHARE = 0.5
#: Share of the time left for the rank spread after seat balance (never proven).
SPREAD_SHARE = 0.25


def share_of(deadline: float, share: float) -> float:
    """The deadline that leaves ``share`` of the time left until ``deadline`` to one step."""
    now = time.perf_counter()
    return now + max(0.0, deadline - now) * share


def candidate_tables(problem, conflict_cap: int, deadline: float):
    """Tables with conflict within the cap, or ``None`` past ``COLUMN_LIMIT`` or ``deadline``."""
    order, conflicts = list(problem.order), problem.conflicts
    out: list[tuple[int, ...]] = []

    def grow(table: list[int], start: int, size: int, c: int) -> bool:
        if len(table) == size:
            out.append(tuple(table))
            if len(out) % 4096 == 0 and time.perf_counter() > deadline:
                return False
            return len(out) <= COLUMN_LIMIT
        for k in range(start, len(order)):
            i = order[k]
            row = conflicts[i]
            c2 = c + sum(row.get(j, 0) for j in table)
            if c2 > conflict_cap:
                continue
            table.append(i)
            ok = grow(table, k + 1, size, c2)
            table.pop()
            if not ok:
                return False
        return True

    for size in sorted(set(problem.sizes)):
        if not grow([], 0, size, 0):
            return None
    return out


def tables_within_slack(problem, conflict_cap: int, slack: int, deadline: float):
    """Tables with conflict within the cap and score excess at most ``slack``.

    Grouped by *type* (the multiset of point totals at the table): the
    excess of a type is its score plus the bound of the players left minus
    the bound of the whole field; only types within the slack are filled
    with real players. ``None`` past ``COLUMN_LIMIT`` or ``deadline``.
    """
    points = problem.points
    order = list(problem.order)
    values = sorted({points[i] for i in order})
    group = {v: [i for i in order if points[i] == v] for v in values}
    field = Counter(points[i] for i in order)
    sizes = tuple(sorted(problem.sizes))
    whole = _bound(tuple(sorted(field.elements())), sizes)
    matrix = _conflict_matrix(problem, {i: i for i in order}, max(order) + 1)
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
            out.extend(map(tuple, _fill(need, group, matrix, conflict_cap).tolist()))
            if len(out) > COLUMN_LIMIT or time.perf_counter() > deadline:
                return None
    return out


def _conflict_matrix(problem, row_of: dict[int, int], size: int):
    """The conflicts as a ``size`` × ``size`` array, player ``i`` at row ``row_of[i]`` (rows
    no player has stay 0: a padding row costs nothing)."""
    matrix = np.zeros((size, size), dtype=np.int64)
    for i, row in problem.conflicts.items():
        for j, c in row.items():
            matrix[row_of[i], row_of[j]] = c
    return matrix


def _fill(need: Counter, group: dict, matrix, cap: int):
    """Every table of the type ``need`` (point total -> count) within the conflict cap.

    One row per table: the choices of each point total's players crossed
    (numpy), then filtered by the summed conflict of their pairs.
    """
    return fill_with_conflicts(need, group, matrix, cap)[0]


def fill_with_conflicts(need: Counter, group: dict, matrix, cap: int):
    """:func:`_fill` and the conflict total of each of its tables."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for value, count in need.items():
        part = np.array(list(combinations(group[value], count)), dtype=np.int64)
        rows = np.concatenate(
            [np.repeat(rows, len(part), axis=0), np.tile(part, (len(rows), 1))], axis=1
        )
    total = np.zeros(len(rows), dtype=np.int64)
    for a, b in combinations(range(rows.shape[1]), 2):
        total += matrix[rows[:, a], rows[:, b]]
    within = total <= cap
    return rows[within], total[within]


def least_conflict(problem, draft: list[list[int]], deadline: float):
    """(tables, least conflict, proven) over set partitioning, or ``None`` (too large)."""
    conflicts = problem.tiers(draft)[0]
    columns = candidate_tables(problem, conflicts, deadline)
    if columns is None:
        return None
    model = _Columns(problem, columns)
    found, best, optimal = model.minimise(0, draft, 0, deadline)
    if found is None:
        return draft, conflicts, False
    return found, best, optimal


def least_score(
    problem, current: list[list[int]], conflicts: int, deadline: float, bound: int = 0,
    prove=None,
):
    """(tables, least score at ``conflicts``, proven), or ``None`` (too many tables).

    ``bound``: a lower bound on the tier known from elsewhere (the table types of
    :mod:`.swiss_types`); the split bound is used when it is higher. ``prove``: see
    :meth:`_Columns.minimise`.
    """
    low = score_bound([problem.points[i] for i in problem.order], problem.sizes)
    score = problem.tiers(current)[1]
    columns = tables_within_slack(problem, conflicts, score - low, deadline)
    if columns is None:
        return None
    model = _Columns(problem, columns)
    model.fix(0, conflicts)
    found, best, optimal = model.minimise(
        1, current, max(low, bound), deadline, score_step(problem.sizes), prove)
    if found is None:
        return current, score, False
    return found, best, optimal


def score_step(sizes) -> int:
    """A step every round's score mixing moves by: 2 when all tables have 3 seats or all 4.

    At a table of 3 with differences ``d`` and ``e`` the cost is
    ``d² + e² + (d + e)²``, always even; at a table of 4 each point total is
    in three pairs, so the cost has the parity of the table's point sum, and
    a round's cost that of the whole field's. Either way two rounds differ by
    an even amount: a better round is at least 2 cheaper, and a lower bound
    rounds up to the draft's parity.
    """
    return 2 if len(set(sizes)) == 1 and set(sizes) <= {3, 4} else 1


def fewest_unfair(problem, current: list[list[int]], conflicts: int, deadline: float):
    """(tables, fewest tables without a fair opener, proven), or ``None``.

    With time left, the rank spread is reduced among the tables of that
    value (never needs a proof; the result is never worse than ``current``).
    """
    low = score_bound([problem.points[i] for i in problem.order], problem.sizes)
    _, score, unfair = problem.tiers(current)
    columns = tables_within_slack(problem, conflicts, score - low, deadline)
    if columns is None:
        return None
    model = _Columns(problem, columns)
    model.fix(0, conflicts)
    # Only tables whose reduced cost in the score relaxation fits the gap
    # to ``score`` can be in a round of that score: usually a few hundred.
    start = model.index(current)
    relaxed = None if start is None else model._relaxation(model.weights[1], start, deadline)
    if relaxed is None:
        return current, unfair, False
    value, reduced = relaxed
    fits = np.flatnonzero(reduced <= score - value + 1e-6)
    model = _Columns(problem, [model.columns[k] for k in fits])
    model.fix(0, conflicts)
    model.fix(1, score)
    found, best, optimal = model.minimise(2, current, 0, deadline)
    if found is None:
        return current, unfair, False
    model.fix(2, best)
    # The rank spread only keeps tables tidy: a small share of the time left.
    tidy, _, _ = model.minimise(3, found, 0, share_of(deadline, SPREAD_SHARE))
    return (tidy or found), best, optimal


class _Columns:
    """Set partitioning over given tables, tier by tier.

    Each tier is solved in two steps. The linear relaxation (GLOP) gives a
    lower bound ``LB`` and a reduced cost per table; a table whose reduced
    cost exceeds ``UB − LB`` (``UB`` the value of a known round) cannot be
    part of any round better than ``UB``, so the MIP only sees the tables
    within that gap. When the gap leaves more than ``KEEP``, the MIP first
    runs on the ``KEEP`` tables of least reduced cost; its optimum ``V`` is
    global when every table left out has reduced cost above ``V − step − LB``
    (``step`` the least amount by which two rounds can differ,
    :func:`score_step`), otherwise ``V`` becomes ``UB`` (a narrower gap) and
    the step repeats while there is time with twice as many tables. A small
    first MIP finds a good round in milliseconds, which a MIP over thousands
    of tables takes seconds to.

    The relaxation is solved by *sifting*: with one row per player the
    optimum uses few tables, so GLOP solves it over ``SIFT`` tables, the
    reduced costs of all tables are priced at once from its duals (numpy),
    and the most negative join until none is negative — then the small LP's
    optimum is the whole LP's. That spares building a model of tens of
    thousands of variables.
    """

    #: Tables in the first MIP when more fit the gap (the cheapest by reduced cost).
    KEEP = 300
    #: Tables in the first sifting LP, and most tables added per pricing.
    SIFT = 3000

    def __init__(self, problem, tables) -> None:
        self.order = list(problem.order)
        self.position = {i: pos for pos, i in enumerate(self.order)}
        self.sizes = Counter(problem.sizes)
        # Members by position, padded with a row (len(order)) that is 0 in every lookup;
        # numpy per table size (up to COLUMN_LIMIT tables: a Python loop takes a while).
        width, pad = max(self.sizes), len(self.order)
        place = np.full(max(self.order) + 1, pad, dtype=np.int64)
        place[self.order] = np.arange(pad)
        ids = np.array(self.order + [-1], dtype=np.int64)
        self.size_row = {size: k for k, size in enumerate(sorted(self.sizes))}
        blocks, self.columns, size_of = [], [], []
        for size in sorted({len(t) for t in tables}):
            rows = np.sort(place[np.array([t for t in tables if len(t) == size],
                                          dtype=np.int64)], axis=1)
            blocks.append(np.pad(rows, ((0, 0), (0, width - size)), constant_values=pad))
            self.columns.extend(map(tuple, ids[rows].tolist()))
            size_of.append(np.full(len(rows), self.size_row[size], dtype=int))
        self.members = (np.concatenate(blocks) if blocks
                        else np.zeros((0, width), dtype=np.int64))
        self.size_of = np.concatenate(size_of) if size_of else np.zeros(0, dtype=int)
        self.weights = _values(problem, self.order, self.members)
        self.fixed: list[tuple[int, int]] = []

    def _model(self, keep, relaxed: bool):
        """The model over the tables ``keep``: variables, then the rows in pricing order."""
        m = mb.Model()
        xs = [m.new_num_var(0, 1, "") if relaxed else m.new_bool_var("") for _ in keep]
        cover: dict[int, list] = {i: [] for i in self.order}
        by_size: dict[int, list] = {}
        for k, x in zip(keep, xs, strict=True):
            for i in self.columns[k]:
                cover[i].append(x)
            by_size.setdefault(len(self.columns[k]), []).append(x)
        rows = [m.add(mb.LinearExpr.sum(cover[i]) == 1) for i in self.order]
        rows += [m.add(mb.LinearExpr.sum(by_size.get(size, [])) == count)
                 for size, count in sorted(self.sizes.items())]
        for tier, best in self.fixed:
            tier_weights = self.weights[tier]
            rows.append(m.add(
                mb.LinearExpr.weighted_sum(xs, [int(tier_weights[k]) for k in keep]) <= best
            ))
        return m, xs, rows

    def index(self, tables: list[list[int]]) -> list[int] | None:
        """The column of each of ``tables``, or ``None`` when one is not a column."""
        index = {c: k for k, c in enumerate(self.columns)}
        keys = [tuple(sorted(t, key=self.position.__getitem__)) for t in tables]
        if any(key not in index for key in keys):
            return None
        return [index[key] for key in keys]

    def _relaxation(self, weights, start: list[int], deadline: float):
        """(LP optimum, reduced cost of every table) by sifting, or ``None`` (out of time)."""
        work = np.zeros(len(self.columns), dtype=bool)
        work[start] = True
        work[np.argsort(weights, kind="stable")[: self.SIFT]] = True
        players, sizes = len(self.order), len(self.sizes)
        while time.perf_counter() < deadline:
            keep = np.flatnonzero(work).tolist()
            model, xs, rows = self._model(keep, relaxed=True)
            model.minimize(mb.LinearExpr.weighted_sum(xs, [int(weights[k]) for k in keep]))
            lp = mb.Solver("glop")
            lp.set_time_limit_in_seconds(max(0.0, deadline - time.perf_counter()))
            if lp.solve(model) != mb.SolveStatus.OPTIMAL:
                return None
            duals = lp.dual_values(rows).to_numpy()
            reduced = weights - np.append(duals[:players], 0.0)[self.members].sum(axis=1)
            reduced -= duals[players : players + sizes][self.size_of]
            for (tier, _), dual in zip(self.fixed, duals[players + sizes :], strict=True):
                reduced -= dual * self.weights[tier]
            # Tables in the LP already price at >= 0 up to GLOP's tolerance.
            priced = np.flatnonzero((reduced < -1e-6) & ~work)
            if not len(priced):
                return lp.objective_value, np.where(work, np.maximum(reduced, 0.0), reduced)
            work[priced[np.argsort(reduced[priced], kind="stable")][: self.SIFT]] = True
        return None

    def minimise(
        self, tier: int, tables: list[list[int]], low: int, deadline: float, step: int = 1,
        prove=None,
    ):
        """(tables or None, best value, proven optimal) for ``tier``, started at ``tables``.

        ``low`` is a lower bound on the tier known from outside; every round's
        value is congruent to the start's modulo ``step``. ``prove``, when given, is
        tried after the relaxation, with ``PROVE_SHARE`` of the time left: called with the
        tables, their reduced costs, the relaxation's value, the current value, the bound
        and a deadline, it returns (better tables or None, a lower bound or None, proven).
        """
        weights = self.weights[tier]
        current = self.index(tables)
        if current is None:
            return None, None, False  # the start is not among the columns: nothing to prove
        upper = int(sum(weights[k] for k in current))
        if time.perf_counter() + MIN_SECONDS > deadline:
            return None, None, False
        relaxed = self._relaxation(weights, current, deadline)
        if relaxed is None:
            return None, None, False
        value, reduced = relaxed
        bound = max(low, math.ceil(value - 1e-6))
        bound += (upper - bound) % step  # the next value a round can take
        if upper <= bound:
            return [list(self.columns[k]) for k in current], upper, True
        ranked = np.argsort(reduced, kind="stable")
        if prove is not None:
            better, proved, proven = prove(
                self.columns, reduced, value, upper, bound, share_of(deadline, PROVE_SHARE))
            if proven:
                if better is None:
                    return [list(self.columns[k]) for k in current], upper, True
                return better, proved, True
            if proved is not None:
                bound = max(bound, proved)
                bound += (upper - bound) % step
                if upper <= bound:
                    return [list(self.columns[k]) for k in current], upper, True
        limit = self.KEEP
        while True:
            # A better round costs at most upper - step, so it only has tables
            # of reduced cost at most upper - step - LP.
            gap = upper - step - value
            within = ranked[: int(np.searchsorted(reduced[ranked], gap + 1e-6, side="right"))]
            if len(within) <= 2 * limit:
                limit = len(within)  # all of them: a MIP about as large as the next step's
            keep = set(within[:limit].tolist()) | set(current)
            # Every table left out costs more than this above the LP optimum.
            left_out = math.inf if len(within) <= limit else reduced[within[limit]]
            found = self._solve(sorted(keep), weights, current, bound, deadline)
            if found is None:
                return [list(self.columns[k]) for k in current], upper, False
            chosen, best, optimal = found
            # Optimal among the tables kept, and a round with a table left out
            # would cost at least LP + left_out > best - step: optimal overall.
            if best <= bound or (optimal and value + left_out > best - step + 1e-6):
                return [list(self.columns[k]) for k in chosen], best, True
            if not optimal or time.perf_counter() + MIN_SECONDS > deadline:
                return [list(self.columns[k]) for k in chosen], best, False
            # The tables within the new gap that fit ``limit`` are among those
            # just solved: only more of them can find a better round.
            limit *= 2
            current, upper = chosen, best

    def _solve(self, keep: list[int], weights, current: list[int], bound: int, deadline: float):
        """(chosen columns, value, optimal among ``keep``) by the MIP, or ``None``."""
        seconds = deadline - time.perf_counter()
        if seconds < MIN_SECONDS:
            return None
        model, xs, _ = self._model(keep, relaxed=False)
        objective = mb.LinearExpr.weighted_sum(xs, [int(weights[k]) for k in keep])
        if bound:
            model.add(objective >= bound)
        model.minimize(objective)
        start = set(current)
        for k, x in zip(keep, xs, strict=True):
            model.add_hint(x, 1 if k in start else 0)
        solver = mb.Solver(BACKEND)
        # The time left once the model is built (that takes a moment over many tables).
        seconds = deadline - time.perf_counter()
        if seconds < MIN_SECONDS:
            return None
        solver.set_time_limit_in_seconds(seconds)
        if BACKEND == "sat":
            solver.set_solver_specific_parameters("num_workers: 1")
        status = solver.solve(model)
        if status not in (mb.SolveStatus.OPTIMAL, mb.SolveStatus.FEASIBLE):
            return None
        values = solver.values(xs).tolist()
        chosen = [k for k, v in zip(keep, values, strict=True) if v > 0.5]
        value = int(sum(weights[k] for k in chosen))
        return chosen, value, status == mb.SolveStatus.OPTIMAL

    def fix(self, tier: int, best: int) -> None:
        """Keep ``tier`` at ``best`` for the tiers below it."""
        self.fixed.append((tier, best))


def _values(problem, order: list[int], members) -> list:
    """Per table (rows of ``members``, positions in ``order``, padded): conflict,
    score mixing, no fair opener and rank spread, as numpy arrays (a few
    array operations instead of a Python loop over up to ``COLUMN_LIMIT`` tables)."""
    pad = len(order)
    conflict = _conflict_matrix(problem, {i: a for a, i in enumerate(order)}, pad + 1)
    points = np.array([problem.points[i] for i in order] + [0], dtype=np.int64)
    seated = members < pad
    sizes = seated.sum(axis=1)
    fair = np.zeros((pad + 1, members.shape[1] + 1), dtype=bool)
    for a, i in enumerate(order):
        for size in set(problem.sizes):
            fair[a, size] = problem.seat_ok(i, size)
    conflicts = np.zeros(len(members), dtype=np.int64)
    score = np.zeros(len(members), dtype=np.int64)
    for a, b in combinations(range(members.shape[1]), 2):
        u, v = members[:, a], members[:, b]
        conflicts += conflict[u, v]
        score += seated[:, b] * (points[u] - points[v]) ** 2
    unfair = ~fair[members, sizes[:, None]].any(axis=1)
    # Members are in rank order: the spread is last seated minus first.
    spread = members[np.arange(len(members)), sizes - 1] - members[:, 0]
    return [conflicts, score, unfair.astype(np.int64), spread]
