"""Splitting players into tables of 3–4 by a pairwise cost.

Shared by the Swiss system and the round-robin schedule for tables of 3–4.
The cost of a table is the sum of a pair cost over every pair seated at it;
that keeps swaps cheap to score (only the cross pairs of the two tables are
looked at) and lets one integer carry several lexicographic tiers.

Tables are kept in *positions*: position 0 is the top table and ``sizes``
fixes the size of each position, so moves never change a table's size.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

PairCost = Callable[[int, int], int]
Tables = list[list[int]]  # the players at each table, top table first


def table_cost(members: Sequence[int], pair_cost: PairCost) -> int:
    """Sum of ``pair_cost`` over all pairs of ``members``."""
    return sum(pair_cost(a, b) for a, b in combinations(members, 2))


def greedy_fill(
    order: Sequence[int], sizes: Sequence[int], pair_cost: PairCost, window: int = 12
) -> Tables:
    """Fill tables from the top, table by table.

    Each table starts with the best-placed player still unseated; every
    further seat goes to the cheapest of the next ``window`` unseated
    players. Looking only a little ahead keeps tables close in the order
    while still stepping around a player already met.
    """
    remaining = list(order)
    tables: Tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            best_pos, best_cost = 0, None
            for pos in range(min(window, len(remaining))):
                cand = remaining[pos]
                cost = sum(pair_cost(cand, m) for m in table)
                if best_cost is None or cost < best_cost:
                    best_pos, best_cost = pos, cost
            table.append(remaining.pop(best_pos))
        tables.append(table)
    return tables


class _Search:
    """Swap-based local search over a list of tables (modified in place)."""

    def __init__(self, tables: Tables, pair_cost: PairCost, conflict: int) -> None:
        self.tables = tables
        self.pc = pair_cost
        self.conflict = conflict
        # inner[t][i]: cost between member i of table t and its table-mates.
        self.inner = [self._inner(t) for t in tables]

    def _inner(self, table: list[int]) -> list[int]:
        pc = self.pc
        return [
            sum(pc(x, y) for k, y in enumerate(table) if k != i) for i, x in enumerate(table)
        ]

    def hot(self, t: int) -> bool:
        """Whether table ``t`` holds a pair at or above the conflict cost."""
        pc, table, limit = self.pc, self.tables[t], self.conflict
        return any(pc(a, b) >= limit for a, b in combinations(table, 2))

    def try_swap(self, a: int, b: int) -> bool:
        """Apply the best improving swap between tables ``a`` and ``b``."""
        ta, tb = self.tables[a], self.tables[b]
        pc = self.pc
        cross = [[pc(x, y) for y in tb] for x in ta]
        rows = [sum(r) for r in cross]  # rows[i]: member i of a against all of b
        cols = [sum(cross[i][j] for i in range(len(ta))) for j in range(len(tb))]
        ia, ib = self.inner[a], self.inner[b]
        best, where = 0, None
        for i in range(len(ta)):
            for j in range(len(tb)):
                c = cross[i][j]
                # y joins a (meets a minus x), x joins b (meets b minus y).
                delta = (cols[j] - c) - ia[i] + (rows[i] - c) - ib[j]
                if delta < best:
                    best, where = delta, (i, j)
        if where is None:
            return False
        i, j = where
        ta[i], tb[j] = tb[j], ta[i]
        self.inner[a] = self._inner(ta)
        self.inner[b] = self._inner(tb)
        return True

    def run(self, near: int, max_passes: int) -> None:
        count = len(self.tables)
        for _ in range(max_passes):
            changed = False
            # Neighbouring tables first: cheap, and where score-closeness
            # improvements live.
            for a in range(count):
                for b in range(a + 1, min(count, a + near + 1)):
                    changed |= self.try_swap(a, b)
            # Conflicts (repeats, forbidden pairs, clubs) may need a partner
            # further away; search outwards and stop at the nearest fix.
            for a in range(count):
                if not self.hot(a):
                    continue
                for dist in range(1, count):
                    for b in (a - dist, a + dist):
                        if 0 <= b < count:
                            changed |= self.try_swap(a, b)
                    if not self.hot(a):
                        break
            if not changed:
                return


def improve(
    tables: Tables, pair_cost: PairCost, conflict: int, near: int = 2, max_passes: int = 25
) -> Tables:
    """Improve ``tables`` in place by swapping players between tables.

    Every applied swap strictly lowers the total cost, so the search ends.
    Tables holding a pair whose cost is ``>= conflict`` are also tried
    against every other table, nearest first.
    """
    _Search(tables, pair_cost, conflict).run(near, max_passes)
    return tables


def repair(
    tables: Tables, pair_cost: PairCost, conflict: int, window: int = 12,
    budget: int = 200_000, max_rounds: int = 3, misplaced: int = 0,
) -> Tables:
    """Re-solve small groups of neighbouring tables exactly around conflicts.

    Swaps alone get stuck when a conflict needs three or more players to
    move at once. For every table still holding a conflict, the runs of
    consecutive tables around it with at most ``window`` players are
    re-split with :func:`exact` (bounded by ``budget`` nodes); a cheaper
    split replaces them (``misplaced`` as in :func:`exact`). Modifies and
    returns ``tables``.
    """
    search = _Search(tables, pair_cost, conflict)
    count = len(tables)
    for _ in range(max_rounds):
        changed = False
        for t in range(count):
            if not search.hot(t):
                continue
            for lo, hi in _windows(tables, t, window):
                members = sorted(p for k in range(lo, hi) for p in tables[k])
                sizes = [len(tables[k]) for k in range(lo, hi)]
                current = sum(table_cost(tables[k], pair_cost) for k in range(lo, hi))
                better, _, _ = exact(
                    members, sizes, pair_cost, upper=current, budget=budget, misplaced=misplaced
                )
                if better is not None:
                    tables[lo:hi] = better
                    changed = True
                    if not search.hot(t):
                        break
        if not changed:
            break
    return tables


def _windows(tables: Tables, t: int, limit: int) -> list[tuple[int, int]]:
    """Runs ``[lo, hi)`` of consecutive tables containing ``t``, at most ``limit`` players."""
    runs = []
    for lo in range(t, -1, -1):
        if sum(len(tables[k]) for k in range(lo, t + 1)) > limit:
            break
        hi = t + 1
        while hi < len(tables) and sum(len(tables[k]) for k in range(lo, hi + 1)) <= limit:
            hi += 1
        if hi - lo > 1:
            runs.append((lo, hi))
    return runs


def exact(
    order: Sequence[int],
    sizes: Sequence[int],
    pair_cost: PairCost,
    upper: int | None = None,
    budget: int = 1_000_000,
    misplaced: int = 0,
) -> tuple[Tables | None, int | None, bool]:
    """Branch-and-bound for the cheapest split of ``order`` into ``sizes``.

    The best-placed unseated player always opens the next table, so tables
    come out in position order. Any arrangement of the table sizes is
    tried; a table whose size differs from ``sizes`` at its position costs
    ``misplaced`` extra (so smaller tables stay at the bottom unless that
    is worth more than ``misplaced``). ``upper`` is a cost to beat (e.g. the
    heuristic's); only strictly cheaper splits are returned. Returns
    ``(tables, cost, complete)``: ``tables`` is ``None`` when nothing beat
    ``upper``; ``complete`` is False when the node ``budget`` ran out, in
    which case the answer is not proven optimal.
    """
    best: list = [upper, None]
    nodes = 0
    complete = True
    chosen: Tables = []

    def rec(remaining: tuple[int, ...], depth: int, acc: int) -> None:
        nonlocal nodes, complete
        if not remaining:
            best[0], best[1] = acc, [list(t) for t in chosen]
            return
        first, rest = remaining[0], remaining[1:]
        for size in sorted(left, key=lambda s: s != sizes[depth]):
            if not left[size]:
                continue
            extra = 0 if size == sizes[depth] else misplaced
            left[size] -= 1
            for combo in combinations(rest, size - 1):
                nodes += 1
                if nodes > budget:
                    complete = False
                    break
                members = (first, *combo)
                cost = acc + extra + table_cost(members, pair_cost)
                if best[0] is not None and cost >= best[0]:
                    continue
                chosen.append(list(members))
                taken = set(combo)
                rec(tuple(x for x in rest if x not in taken), depth + 1, cost)
                chosen.pop()
                if not complete:
                    break
            left[size] += 1
            if not complete:
                return

    left = Counter(sizes)
    rec(tuple(order), 0, 0)
    return best[1], best[0] if best[1] is not None else None, complete
