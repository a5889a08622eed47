"""Swiss pairing for tables of 2: a maximum-weight matching.

Every possible table (edge) gets a cost built from tiers compared
lexicographically, most important first:

1. hard: a forbidden pair, or a bye for somebody who already had one;
2. repeat: :meth:`Meetings.repeat_cost` (a consecutive repeat costs more);
3. club: same club, when the options ask to avoid it;
4. score: squared difference of tournament points;
5. bye rank: how far above the bottom of the ranking the bye goes;
6. seat: how far the opener would exceed a fair share of openings;
7. rank: distance in the ranking, so equal scores pair top-down (1–2, 3–4).

The weight of an edge is a large constant minus its cost; with a perfect
matching the number of edges is fixed, so the maximum weight is the minimum
total cost. An odd field adds a virtual "bye" player ranked last with the
lowest score, so the bye goes to the lowest-ranked player who has not had
one unless that would force a repeat.

networkx's matching is pure Python and roughly cubic, so a field of more
than :data:`SMALL_FIELD` players is cut into chunks of about
:data:`CHUNK` consecutive ranks (cut on a score-group boundary when one is
near, every chunk but the last of even size) and each chunk is matched on
its own, first with edges between nearby ranks only and without "bad"
edges (hard or repeat), then with all of its good edges. A chunk that
cannot pair without a bad edge is merged with its neighbour and retried;
when the whole field cannot, every edge of the complete graph (bad ones
included) is used, which makes the hard and repeat tiers exactly minimal.
So repeats only ever appear when no repeat-free pairing of the whole
field exists. Score closeness and the lower tiers are optimal within each
chunk; compared with one whole-field matching (fields of 150–240, 3/1/0
with ties, 36 rounds) the score tier came out identical every time and
one round had one more seat-balance flag.
"""

from __future__ import annotations

import networkx as nx

from .swiss_context import SwissContext, tier_multipliers

#: Fields up to this size go straight to the complete graph.
SMALL_FIELD = 40
#: Rank windows tried, in order, for larger fields.
WINDOWS = (16, 64)
#: Target number of players per independently matched chunk.
CHUNK = 64


def _cuts(points: list[int], n: int) -> list[int]:
    """Split ranks ``0..n`` into chunks of about :data:`CHUNK` players.

    Every chunk but the last has an even size so it can pair on its own.
    Cuts sit on a score-group boundary when one is near, so no player is
    floated just because of the cut.
    """
    cuts = [0]
    while n - cuts[-1] > 2 * CHUNK:
        start = cuts[-1] + CHUNK
        cut = None
        for pos in range(start, min(n, start + CHUNK)):
            if pos % 2 == 0 and points[pos - 1] != points[pos]:
                cut = pos
                break
        cuts.append(cut if cut is not None else start + start % 2)
    cuts.append(n)
    return cuts


def pair_two(ctx: SwissContext) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair a round at tables of two.

    Returns ``(pairs, byes)`` in rank indices of ``ctx``; pairs are unordered.
    """
    n = len(ctx.ids)
    if n < 2:
        return [], list(range(n))
    bye = n if n % 2 else None
    nodes = n + (1 if bye is not None else 0)
    pts = ctx.points
    low = min(pts)
    byes_had = [p.byes for p in ctx.players]
    over = [ctx.over_share(i, 2) for i in range(n)]

    def parts(i: int, j: int) -> tuple[int, ...]:
        if j == bye:
            return (byes_had[i], 0, 0, (pts[i] - low) ** 2, n - i, 0, 0)
        return (
            1 if ctx.is_forbidden(i, j) else 0,
            ctx.repeat_cost(i, j),
            1 if ctx.same_club(i, j) else 0,
            (pts[i] - pts[j]) ** 2,
            0,
            min(over[i], over[j]),
            j - i,
        )

    max_meet = max((c for _, c in ctx.meetings.pairs()), default=0)
    maxima = [
        max(1, max(byes_had)),
        2 * max_meet + 1,
        1,
        (max(pts) - low) ** 2,
        n,
        max(over) + 1,
        n,
    ]
    mults = tier_multipliers(maxima, nodes // 2)
    top = sum(m * x for m, x in zip(mults, maxima, strict=True)) + 1

    def weight(i: int, j: int) -> int:
        p = parts(i, j)
        return top - sum(m * x for m, x in zip(mults, p, strict=True))

    def bad(i: int, j: int) -> bool:
        if j == bye:
            return byes_had[i] > 0
        return ctx.is_forbidden(i, j) or ctx.repeat_cost(i, j) > 0

    def solve(lo: int, hi: int, window: int | None) -> set | None:
        """Perfect matching of ranks ``lo..hi-1`` (plus the bye if it is ours).

        ``window`` limits edges to nearby ranks and drops bad edges;
        ``None`` means every edge, bad ones included.
        """
        with_bye = bye is not None and hi == n
        graph = nx.Graph()
        graph.add_nodes_from(range(lo, hi))
        for i in range(lo, hi):
            stop = hi if window is None else min(hi, i + window + 1)
            for j in range(i + 1, stop):
                if window is None or not bad(i, j):
                    graph.add_edge(i, j, weight=weight(i, j))
            if with_bye and (window is None or not bad(i, bye)):
                graph.add_edge(i, bye, weight=weight(i, bye))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        wanted = hi - lo + (1 if with_bye else 0)
        return matching if 2 * len(matching) == wanted else None

    def solve_good(lo: int, hi: int) -> set | None:
        for window in sorted({w for w in WINDOWS if w < hi - lo} | {hi - lo}):
            found = solve(lo, hi, window)
            if found is not None:
                return found
        return None

    if n <= SMALL_FIELD:
        return _split(solve(0, n, None), bye)
    cuts = _cuts(pts, n)
    solved: dict[tuple[int, int], set] = {}
    while True:
        chunks = list(zip(cuts, cuts[1:], strict=False))
        failed = None
        for chunk in chunks:
            if chunk not in solved:
                found = solve_good(*chunk)
                if found is None:
                    failed = chunk
                    break
                solved[chunk] = found
        if failed is None:
            return _split(set().union(*(solved[c] for c in chunks)), bye)
        if len(chunks) == 1:
            # No repeat-free pairing exists at all: use every edge so the
            # repeats are exactly minimal.
            return _split(solve(0, n, None), bye)
        # The chunk cannot pair without a repeat on its own; merge it with
        # the next chunk (the previous one for the last chunk) and retry.
        pos = chunks.index(failed)
        del cuts[pos + 1 if pos + 1 < len(chunks) else pos]


def _split(matching: set, bye: int | None) -> tuple[list[tuple[int, int]], list[int]]:
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for u, v in matching:
        u, v = min(u, v), max(u, v)
        if v == bye:
            byes.append(u)
        else:
            pairs.append((u, v))
    pairs.sort()
    return pairs, byes
