"""A better first round for the exact tiers: local search on score mixing at a fixed conflict.

The set-partitioning proof (:mod:`.swiss_columns`) keeps every table whose
score *excess* fits the slack between the best round known and the split
bound; a draft far from the bound leaves too many tables (and too wide a
gap) for the time cap. The heuristic's draft is shaped by the rank tier
too and only swaps between neighbouring tables, so it often stops well
above what a few more moves reach. :func:`polish` lowers score mixing
without raising the conflict total (conflict outweighs score in the cost
of a pair, and only strictly cheaper moves are taken):

1. swaps between any two tables (:func:`.partition.improve`, all tables near);
2. exact re-splits of runs of tables that are neighbours by their mean
   points (:func:`.partition.exact`), which also finds moves of three or
   more players at once (cycles) that swaps miss.

It proves nothing; it only makes the proof's slack and gap smaller.
"""

from __future__ import annotations

import time
from statistics import fmean

from . import partition

#: Most players in one exact re-split (12: three tables of 4 or four of 3).
WINDOW = 12
#: Branch-and-bound nodes per re-split (a few milliseconds).
NODES = 20_000


def polish(problem, tables: list[list[int]], deadline: float) -> list[list[int]]:
    """``tables`` with score mixing lowered at no more conflict, until ``deadline``."""
    points, conflicts = problem.points, problem.conflicts
    spread = max(points[i] for i in problem.order) - min(points[i] for i in problem.order)
    # Above any score total: a unit of conflict outweighs every score change.
    heavy = spread**2 * len(problem.order) ** 2 + 1

    def pair_cost(i: int, j: int) -> int:
        return heavy * conflicts[i].get(j, 0) + (points[i] - points[j]) ** 2

    tables = [list(t) for t in tables]
    partition.improve(tables, pair_cost, conflict=heavy, near=len(tables))
    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        tables.sort(key=lambda t: fmean(points[i] for i in t))
        for lo, hi in _runs(tables):
            if time.perf_counter() > deadline:
                break
            members = [i for t in tables[lo:hi] for i in t]
            current = sum(partition.table_cost(t, pair_cost) for t in tables[lo:hi])
            better, _, _ = partition.exact(
                members, [len(t) for t in tables[lo:hi]], pair_cost, upper=current, budget=NODES
            )
            if better is not None:
                tables[lo:hi] = better
                improved = True
        if improved:
            partition.improve(tables, pair_cost, conflict=heavy, near=len(tables))
    return tables


def _runs(tables: list[list[int]]) -> list[tuple[int, int]]:
    """Runs ``[lo, hi)`` of consecutive tables with at most ``WINDOW`` players, one per start."""
    runs = []
    for lo in range(len(tables) - 1):
        hi, seated = lo, 0
        while hi < len(tables) and seated + len(tables[hi]) <= WINDOW:
            seated += len(tables[hi])
            hi += 1
        if hi - lo > 1:
            runs.append((lo, hi))
    return runs
