"""Swiss pairing for tables of 3–4: greedy fill, local search, exact when small.

Steps: fill tables top-down (:func:`partition.greedy_fill`), swap players
between tables while that lowers the cost (:func:`partition.improve`),
re-solve runs of neighbouring tables exactly around any table still
holding a conflict (:func:`partition.repair`); then, for fields up to
``exact_limit``, an exhaustive branch-and-bound; for larger fields that
still hold a repeat, a depth-first search for a repeat-free split
(:func:`conflict_free`) that either provides one or proves none exists.

The cost of a split is a sum over every pair seated together of tiers
compared lexicographically, most important first:

1. hard: a forbidden pair;
2. repeat: :meth:`Meetings.repeat_cost` (a consecutive repeat costs more);
3. club: same club, when the options ask to avoid it;
4. position: (exact searches only) a smaller table above a full one;
5. score: squared difference of tournament points (small score spread);
6. rank: distance in the ranking, so equal scores fill tables top-down.

Seat balance does not shape the tables; it only orders the seats.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from . import partition
from .feasible import conflict_free
from .roundrobin import spread_rounds
from .swiss_context import SwissContext, tier_multipliers, time_left
from .swiss_exact import RoundProblem, solve_planned, solve_round

#: Largest field (seated players) for the repeat-free feasibility search.
FEASIBLE_LIMIT = 64
#: Largest field for which later rounds are planned repeat-free (the model grows
#: with the field times the rounds).
PLAN_LIMIT = 32


def pair_tables(
    ctx: SwissContext, order: list[int], sizes: list[int]
) -> tuple[list[list[int]], str]:
    """Split the rank indices in ``order`` (best first) into tables of ``sizes``.

    Returns the tables in position order (top table first) and what is
    known about the repeats in it: ``"minimal"`` (no repeat, or proven the
    least possible by exhaustive search), ``"unavoidable"`` (a search
    proved that no repeat-free split exists; the number of repeats is the
    heuristic's) or ``"heuristic"`` (nothing proven).
    """
    count = len(ctx.ids)
    pts = ctx.points
    max_meet = max((c for _, c in ctx.meetings.pairs()), default=0)
    spread = max(pts) - min(pts) if pts else 0
    # The "position" tier (a table of the wrong size at a position) only
    # exists in the exact search; the heuristic keeps sizes in place.
    maxima = [1, 2 * max_meet + 1, 1, 1, spread**2, count]
    terms = sum(comb(s, 2) for s in sizes)
    m_hard, m_rep, m_club, m_pos, m_score, m_rank = tier_multipliers(maxima, terms)
    cache: dict[int, int] = {}

    def pair_cost(i: int, j: int) -> int:
        if i > j:
            i, j = j, i
        key = i * count + j
        cost = cache.get(key)
        if cost is None:
            cost = (
                (m_hard if ctx.is_forbidden(i, j) else 0)
                + m_rep * ctx.repeat_cost(i, j)
                + (m_club if ctx.same_club(i, j) else 0)
                + m_score * (pts[i] - pts[j]) ** 2
                + m_rank * (j - i)
            )
            cache[key] = cost
        return cost

    def total(split: list[list[int]]) -> int:
        return sum(partition.table_cost(t, pair_cost) for t in split)

    window = 3 * max(sizes)
    tables = partition.greedy_fill(order, sizes, pair_cost, window=window)
    partition.improve(tables, pair_cost, conflict=m_club)
    partition.repair(tables, pair_cost, conflict=m_club, misplaced=m_pos)
    future = _rounds_to_plan(ctx, order)
    if future:
        planned = _plan(ctx, order, sizes, tables, future)
        if planned is not None:
            return planned
    if ctx.options.exact_limit < len(order) <= ctx.options.solver_limit:
        tables, proof = _solve(ctx, order, sizes, tables)
        if proof == "minimal":
            return tables, proof
        # Not proven in time: the feasibility search below may still prove
        # that repeats are unavoidable.
    if len(order) <= ctx.options.exact_limit:
        better, _, complete = partition.exact(
            order, sizes, pair_cost, upper=total(tables), misplaced=m_pos
        )
        return (better or tables), ("minimal" if complete else "heuristic")
    if not any(pair_cost(a, b) >= m_rep for t in tables for a, b in combinations(t, 2)):
        return tables, "minimal"  # no repeat and no forbidden pair: nothing to prove
    if len(order) > FEASIBLE_LIMIT or time_left(ctx.deadline) <= 0:
        return tables, "heuristic"
    # Repeats left: look for a repeat-free split directly, which either
    # gives a better start for the local search or proves repeats unavoidable.
    found, complete = conflict_free(
        order, sizes, lambda i, j: pair_cost(i, j) < m_rep, deadline=ctx.deadline
    )
    if found is None:
        return tables, ("unavoidable" if complete else "heuristic")
    partition.improve(found, pair_cost, conflict=m_club)
    partition.repair(found, pair_cost, conflict=m_club, misplaced=m_pos)
    return (found if total(found) < total(tables) else tables), "minimal"


def _problem(ctx: SwissContext, order: list[int], sizes: list[int]) -> RoundProblem:
    max_meet = max((c for _, c in ctx.meetings.pairs()), default=0)
    terms = sum(comb(s, 2) for s in sizes)
    m_hard, m_rep, m_club = tier_multipliers([1, 2 * max_meet + 1, 1], terms)

    def conflict(i: int, j: int) -> int:
        return (
            (m_hard if ctx.is_forbidden(i, j) else 0)
            + m_rep * ctx.repeat_cost(i, j)
            + (m_club if ctx.same_club(i, j) else 0)
        )

    return RoundProblem(
        order, sizes, conflict, ctx.points,
        seat_ok=lambda i, size: ctx.over_share(i, size) == 0,
        met=lambda i, j: ctx.is_forbidden(i, j) or ctx.repeat_cost(i, j) > 0,
    )


def _ranked(ctx: SwissContext, tables: list[list[int]]) -> list[list[int]]:
    """Top-down: tables of the tournament's size by their best-ranked player, then the rest."""
    return sorted(tables, key=lambda t: (len(t) != ctx.table_size, min(t)))


def _solve(ctx: SwissContext, order: list[int], sizes: list[int], tables: list[list[int]]):
    """The exact round (:mod:`.swiss_exact`) with the heuristic's tables as a start.

    Returns ``(tables, proof)``. The repeat flags say "minimal" only when
    the conflict tier was proven optimal within the time cap.
    """
    result = solve_round(_problem(ctx, order, sizes), tables, ctx.deadline)
    return _ranked(ctx, result.tables), ("minimal" if result.conflicts_proven else "heuristic")


def _plan(ctx: SwissContext, order: list[int], sizes: list[int], tables: list[list[int]],
          future: int):
    """``(tables, proof)`` of this round planned with ``future`` more, or None (no plan).

    A planned round may repeat a pair now to spare more repeats later, so
    its repeats are never called "minimal" for the round alone.
    """
    # Small fields minimise the repeats of the whole rest of the event (the model is small
    # enough to solve); larger ones keep a repeat-free completion while one can exist.
    small = len(order) <= ctx.options.exact_limit
    if not small and not _repeat_free_possible(ctx, order, future):
        return None
    schedule = None
    if small:
        # A good guess from the round robin's search starts the solver (it then finds at
        # least as few repeats); positions in ``order`` stand for the players.
        counts = [[ctx.meetings.count(ctx.ids[i], ctx.ids[j]) for j in order] for i in order]
        schedule = [[[order[p] for p in t] for t in rnd]
                    for rnd in spread_rounds(counts, sizes, future + 1)]
    planned = solve_planned(_problem(ctx, order, sizes), tables, future, ctx.deadline,
                            repeat_free=not small, schedule=schedule)
    if planned is None:
        return None
    has_repeat = any(ctx.repeat_cost(a, b) or ctx.is_forbidden(a, b)
                     for t in planned.tables for a, b in combinations(t, 2))
    return _ranked(ctx, planned.tables), ("heuristic" if has_repeat else "minimal")


def _rounds_to_plan(ctx: SwissContext, order: list[int]) -> int:
    """Later rounds to plan with this one, when the number of rounds is known.

    Only for fields up to ``PLAN_LIMIT`` with nobody sitting out (byes make
    later fields unknown), at every size from the smallest table up.
    """
    planned = ctx.options.planned_rounds
    if not planned or len(order) != len(ctx.ids) or len(order) > PLAN_LIMIT:
        return 0
    return max(0, planned - ctx.meetings.rounds - 1)


def _repeat_free_possible(ctx: SwissContext, order: list[int], future: int) -> bool:
    """Whether everybody still has enough players not yet met for ``future`` + 1 rounds."""
    need = (future + 1) * (ctx.table_size - 1)
    return all(
        sum(1 for j in order if j != i and ctx.repeat_cost(i, j) == 0) >= need for i in order
    )
