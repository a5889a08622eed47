"""Score mixing solved exactly in two levels: which point totals share a table, then who.

Score mixing depends only on the point totals at each table, so a round's
score cost is decided by its *split*: a multiset of table types, each a
multiset of point totals. :func:`splits` lists the splits of the field
cheaper than a given cost, cheapest first (branch and bound with the
run-of-consecutive-points bound of :func:`score_bound` for the rest);
:func:`seat_split` then asks CP-SAT whether real players can fill a split's
tables without more conflict than allowed. The first split that can be
filled is optimal for score mixing; if none of those cheaper than the draft
can, the draft is.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from ortools.sat.python import cp_model

Split = tuple[tuple[int, ...], ...]


def type_cost(values: Sequence[int]) -> int:
    """Score mixing of one table: squared point differences over its pairs."""
    return sum((a - b) ** 2 for a, b in combinations(values, 2))


@lru_cache(maxsize=100_000)
def _bound(values: tuple[int, ...], sizes: tuple[int, ...]) -> int:
    if not values:
        return 0
    best = None
    for size in set(sizes):
        rest = list(sizes)
        rest.remove(size)
        cost = type_cost(values[:size]) + _bound(values[size:], tuple(sorted(rest)))
        best = cost if best is None or cost < best else best
    return best


def score_bound(points: Sequence[int], sizes: Sequence[int]) -> int:
    """Least score mixing of any split of ``points`` into tables of ``sizes``.

    For points on a line an optimal split seats runs of consecutive points
    together, so a dynamic programme over the sorted points and the sizes
    still to place finds it (the tests compare it with brute force).
    """
    return _bound(tuple(sorted(points)), tuple(sorted(sizes)))


def splits(
    points: Sequence[int], sizes: Sequence[int], below: int, limit: int,
    deadline: float | None = None,
) -> tuple[list[tuple[int, Split]], bool]:
    """Splits costing less than ``below``, cheapest first, and whether that is all of them.

    The search stops after ``limit`` splits or at ``deadline`` (``time.perf_counter``;
    then the list is only some of them).
    """
    found: list[tuple[int, Split]] = []

    def rec(left: Counter, sizes_left: tuple[int, ...], acc: int, chosen: list) -> bool:
        # Tables are chosen in ascending order (as tuples), so each split is
        # listed once: the lowest value left opens a table no smaller than the last.
        if deadline is not None and time.perf_counter() > deadline:
            return False
        if not sizes_left:
            found.append((acc, tuple(chosen)))
            return len(found) <= limit
        low = min(left.elements())
        left[low] -= 1
        rest_values = sorted(left.elements())
        for size in sorted(set(sizes_left)):
            sizes_rest = list(sizes_left)
            sizes_rest.remove(size)
            for others in _multisets(rest_values, size - 1):
                table = (low, *others)
                cost = acc + type_cost(table)
                if (chosen and table < chosen[-1]) or cost >= below:
                    continue
                remaining = left - Counter(others)
                rest_sorted = tuple(sorted(remaining.elements()))
                if cost + _bound(rest_sorted, tuple(sorted(sizes_rest))) >= below:
                    continue
                chosen.append(table)
                ok = rec(remaining + Counter(), tuple(sizes_rest), cost, chosen)
                chosen.pop()
                if not ok:
                    left[low] += 1
                    return False
        left[low] += 1
        return True

    complete = rec(Counter(points), tuple(sorted(sizes)), 0, [])
    return sorted(found), complete


def _multisets(values: list[int], k: int):
    """Distinct multisets of ``k`` items from the sorted ``values``."""
    seen = set()
    for combo in combinations(values, k):
        if combo not in seen:
            seen.add(combo)
            yield combo


def seat_split(
    order: Sequence[int],
    points: Sequence[int],
    split: Split,
    conflict: Callable[[int, int], int],
    conflict_cap: int,
    seat_ok: Callable[[int, int], bool] | None,
    deadline: float,
) -> tuple[list[list[int]] | None, bool]:
    """Players for the tables of ``split`` with total conflict at most ``conflict_cap``.

    With ``seat_ok`` every table must also have a fair opener. Returns
    ``(tables, decided)``: tables or ``None``, and whether the answer is
    certain (``False`` when the time ran out undecided). The solver gets
    what is left until ``deadline`` once the model is built.
    """
    if time.perf_counter() >= deadline:
        return None, False
    m = cp_model.CpModel()
    x = {}
    for i in order:
        slots = [t for t, table in enumerate(split) if points[i] in table]
        for t in slots:
            x[i, t] = m.new_bool_var(f"x{i}_{t}")
        m.add_exactly_one(x[i, t] for t in slots)
    for t, table in enumerate(split):
        for value, count in Counter(table).items():
            m.add(sum(x[i, t] for i in order if points[i] == value) == count)
        if seat_ok is not None:
            m.add_bool_or([x[i, t] for i in order if (i, t) in x and seat_ok(i, len(table))])
        if t and split[t - 1] == table:
            # Identical tables: the better-ranked first player in the earlier one.
            for pos, i in enumerate(order):
                if (i, t) in x:
                    earlier = [x[j, t - 1] for j in order[:pos] if (j, t - 1) in x]
                    m.add(sum(earlier) >= 1).only_enforce_if(x[i, t])
    terms = []
    for i, j in combinations(order, 2):
        w = conflict(i, j)
        if not w:
            continue
        shared = [t for t in range(len(split)) if (i, t) in x and (j, t) in x]
        if not shared:
            continue
        if w > conflict_cap:
            for t in shared:
                m.add_bool_or([x[i, t].Not(), x[j, t].Not()])
            continue
        z = m.new_bool_var(f"z{i}_{j}")
        for t in shared:
            m.add_bool_or([x[i, t].Not(), x[j, t].Not(), z])
        terms.append(w * z)
    if terms:
        m.add(sum(terms) <= conflict_cap)
    status, solver = _solve_by(m, deadline)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        tables = [[i for i in order if (i, t) in x and solver.boolean_value(x[i, t])]
                  for t in range(len(split))]
        return tables, True
    return None, status == cp_model.INFEASIBLE


def least_conflict(
    order: Sequence[int],
    sizes: Sequence[int],
    conflict: Callable[[int, int], int],
    draft: list[list[int]],
    deadline: float,
) -> tuple[list[list[int]] | None, int | None, bool]:
    """(tables, total, proven) of the least total conflict, hinted with ``draft``."""
    if time.perf_counter() >= deadline:
        return None, None, False
    m = cp_model.CpModel()
    slots = range(len(sizes))
    first = [t for t in slots if sizes[t] == sizes[0]]
    x = {}
    for pos, i in enumerate(order):
        for t in slots:
            x[i, t] = m.new_bool_var(f"x{i}_{t}")
            if t in first and t > pos:
                m.add(x[i, t] == 0)  # symmetry: first players in rank order
        m.add_exactly_one(x[i, t] for t in slots)
    for t in slots:
        m.add(sum(x[i, t] for i in order) == sizes[t])
    terms = []
    for i, j in combinations(order, 2):
        w = conflict(i, j)
        if w:
            z = m.new_bool_var(f"z{i}_{j}")
            for t in slots:
                m.add_bool_or([x[i, t].Not(), x[j, t].Not(), z])
            terms.append(w * z)
    m.minimize(sum(terms))
    slot_of = slots_of(order, sizes, draft)
    for (i, t), var in x.items():
        m.add_hint(var, slot_of[i] == t)
    status, solver = _solve_by(m, deadline)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, None, False
    tables = [[i for i in order if solver.boolean_value(x[i, t])] for t in slots]
    return tables, int(solver.objective_value), status == cp_model.OPTIMAL


def _solve_by(model: cp_model.CpModel, deadline: float):
    """(status, solver) of CP-SAT on one worker, with the time left once the model is built."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.0, deadline - time.perf_counter())
    solver.parameters.num_workers = 1
    return solver.solve(model), solver


def slots_of(order: Sequence[int], sizes: Sequence[int], tables: list[list[int]]) -> dict:
    """Player -> slot for ``tables``: slots of a size take its tables by first player's rank.

    That is the order the models' symmetry breaking allows, so the tables
    can serve as a solver hint.
    """
    position = {i: pos for pos, i in enumerate(order)}
    by_size: dict[int, list[list[int]]] = {}
    for table in sorted(tables, key=lambda t: min(position[i] for i in t)):
        by_size.setdefault(len(table), []).append(table)
    return {i: t for t, size in enumerate(sizes) for i in by_size[size].pop(0)}
