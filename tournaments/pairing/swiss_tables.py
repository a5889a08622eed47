"""Swiss pairing for tables of 3–4: greedy fill, local search, exact when small.

The cost of a split is a sum over every pair seated together of tiers
compared lexicographically, most important first:

1. hard: a forbidden pair;
2. repeat: :meth:`Meetings.repeat_cost` (a consecutive repeat costs more);
3. club: same club, when the options ask to avoid it;
4. position: (exact search only) a smaller table above a full one;
5. score: squared difference of tournament points (small score spread);
6. rank: distance in the ranking, so equal scores fill tables top-down.

Seat balance does not shape the tables; it only orders the seats.
"""

from __future__ import annotations

from math import comb

from . import partition
from .swiss_context import SwissContext, tier_multipliers


def pair_tables(
    ctx: SwissContext, order: list[int], sizes: list[int]
) -> tuple[list[list[int]], bool]:
    """Split the rank indices in ``order`` (best first) into tables of ``sizes``.

    Returns the tables in position order (top table first) and whether the
    result was proven optimal by exhaustive search.
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

    window = 3 * max(sizes)
    tables = partition.greedy_fill(order, sizes, pair_cost, window=window)
    partition.improve(tables, pair_cost, conflict=m_club)
    proven = False
    if len(order) <= ctx.options.exact_limit:
        current = sum(partition.table_cost(t, pair_cost) for t in tables)
        better, _, complete = partition.exact(
            order, sizes, pair_cost, upper=current, misplaced=m_pos
        )
        if better is not None:
            tables = better
        proven = complete
    return tables, proven
