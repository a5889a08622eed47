"""Swiss pairing for tables of 2: one maximum-weight matching of the whole field.

Every possible table (edge) gets a cost built from tiers compared
lexicographically, most important first:

1. hard: a forbidden pair, or a bye for somebody who already had one;
2. repeat: :meth:`Meetings.repeat_cost` (a consecutive repeat costs more);
3. absolute colour: both players have the same absolute colour preference,
   so one of them would break FIDE's colour rule (difference past ±2, or a
   third equal colour in a row) — :mod:`.colours`;
4. club: same club, when the options ask to avoid it;
5. score: squared difference of tournament points;
6. colour preference: the two want the same colour, so one does not get it
   (FIDE Dutch C12);
7. strong colour preference: ... and that one's preference is strong or
   absolute (C13);
8. bye rank: for the bye only, how far above the bottom of the ranking it goes;
9. rank: distance in the ranking, so equal scores pair top-down (1–2, 3–4).

The weight of an edge is a large constant minus its cost; with a perfect
matching the number of edges is fixed, so the maximum weight is the minimum
total cost. An odd field adds a virtual "bye" player, so the bye goes to the
lowest-ranked player who has not had one unless that costs a higher tier.
Colours are then given by the Dutch allocation rules (:meth:`Colours.allocate`).

The matching is rustworkx's (the blossom algorithm in Rust, exact in integer
arithmetic). Fields up to :data:`FULL` players use every edge. Larger fields
use every edge between players at most :data:`BAND` ranks apart (and every
bye edge) — one matching over the whole field, not chunks — and fall back to
every edge when that matching holds anything above the score tier (a
forbidden pair, a second bye, a repeat, an absolute colour clash or a same
club pair), so those tiers are always exactly minimal. The band can miss an
optimum of the score tier or below only when every optimal pairing needs two
players more than :data:`BAND` ranks apart.
"""

from __future__ import annotations

import numpy as np
import rustworkx as rx

from .colours import ABSOLUTE, STRONG, Colours
from .swiss_context import SwissContext

#: Fields up to this size are matched over every edge at once.
FULL = 160
#: Above it, the largest rank distance of a first-try edge.
BAND = 48
#: Index of the first tier below the conflicts (score); the tiers above must be 0
#: for the banded matching to stand.
SCORE_TIER = 4


def pair_two(ctx: SwissContext) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair a round at tables of two.

    Returns ``(pairs, byes)`` in rank indices of ``ctx``; each pair is
    (White, Black), top table first.
    """
    n = len(ctx.ids)
    if n < 2:
        return [], list(range(n))
    colours = Colours(ctx.players, ctx.history)
    costs = _Costs(ctx, colours)
    matching = None
    if n > FULL:
        matching = costs.match(costs.band(BAND))
        if matching is not None and costs.conflicted(matching):
            matching = None
    if matching is None:
        matching = costs.match(costs.band(n))
    pairs, byes = [], []
    for i, j in matching:
        if j == n:
            byes.append(i)
        else:
            pairs.append(colours.allocate(i, j))
    pairs.sort(key=min)
    return pairs, byes


class _Costs:
    """Every edge's tiers as numpy arrays, folded into one integer per edge."""

    def __init__(self, ctx: SwissContext, colours: Colours) -> None:
        n = self.n = len(ctx.ids)
        self.odd = n % 2 == 1
        pts = np.array(ctx.points, dtype=np.int64)
        byes_had = np.array([p.byes for p in ctx.players], dtype=np.int64)
        repeat = np.zeros((n, n), dtype=np.int64)
        for (a, b), _ in ctx.meetings.pairs():
            i, j = ctx.index.get(a), ctx.index.get(b)
            if i is not None and j is not None:
                repeat[i, j] = repeat[j, i] = ctx.repeat_cost(i, j)
        hard = np.zeros((n, n), dtype=np.int64)
        for a, b in ctx.forbidden:
            i, j = ctx.index.get(a), ctx.index.get(b)
            if i is not None and j is not None:
                hard[i, j] = hard[j, i] = 1
        club = np.zeros((n, n), dtype=np.int64)
        if ctx.options.avoid_same_club:
            names = [p.club for p in ctx.players]
            codes = {c: k for k, c in enumerate(sorted({c for c in names if c is not None}))}
            ids = np.array([codes.get(c, -1 - k) for k, c in enumerate(names)])
            club = (ids[:, None] == ids[None, :]).astype(np.int64)
        want = np.array(colours.want)
        strength = np.array(colours.strength)
        same = (want[:, None] == want[None, :]) & (want[:, None] != 0)
        weaker = np.minimum(strength[:, None], strength[None, :])
        rank = np.arange(n)
        tiers = [
            hard,
            repeat,
            (same & (weaker == ABSOLUTE)).astype(np.int64),
            club,
            (pts[:, None] - pts[None, :]) ** 2,
            same.astype(np.int64),
            (same & (weaker >= STRONG)).astype(np.int64),
            np.zeros((n, n), dtype=np.int64),
            np.abs(rank[:, None] - rank[None, :]),
        ]
        low = int(pts.min())
        bye_tiers = [byes_had, 0, 0, 0, (pts - low) ** 2, 0, 0, n - rank, 0]
        maxima = [int(max(t.max(), np.max(b))) for t, b in zip(tiers, bye_tiers, strict=True)]
        # Mixed radix: each tier's multiplier exceeds everything below it summed over a
        # whole matching, and divides the ones above, so the conflict tiers and the
        # rest each fold into int64 and meet only as Python integers.
        terms = (n + 1) // 2
        mult = [1] * len(tiers)
        for k in range(len(tiers) - 2, -1, -1):
            mult[k] = mult[k + 1] * (terms * maxima[k + 1] + 1)
        split = mult[SCORE_TIER - 1]
        self.scale = split
        self.high = sum((mult[k] // split) * tiers[k] for k in range(SCORE_TIER))
        self.lowpart = sum(mult[k] * tiers[k] for k in range(SCORE_TIER, len(tiers)))
        self.bye_high = sum((mult[k] // split) * np.asarray(bye_tiers[k])
                            for k in range(SCORE_TIER)) * np.ones(n, dtype=np.int64)
        self.bye_low = sum(mult[k] * np.asarray(bye_tiers[k])
                           for k in range(SCORE_TIER, len(tiers))) * np.ones(n, dtype=np.int64)
        self.top = sum(m * x for m, x in zip(mult, maxima, strict=True)) + 1

    def band(self, width: int) -> list[tuple[int, int, int]]:
        """Edges (i, j, weight) between ranks at most ``width`` apart, and the bye's."""
        n = self.n
        rows, cols = np.triu_indices(n, 1)
        keep = cols - rows <= width
        rows, cols = rows[keep], cols[keep]
        high = self.high[rows, cols].tolist()
        low = self.lowpart[rows, cols].tolist()
        top, scale = self.top, self.scale
        edges = [(i, j, top - h * scale - lo) for i, j, h, lo in
                 zip(rows.tolist(), cols.tolist(), high, low, strict=True)]
        if self.odd:
            edges.extend((i, n, top - h * scale - lo) for i, h, lo in
                         zip(range(n), self.bye_high.tolist(), self.bye_low.tolist(),
                             strict=True))
        return edges

    def match(self, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
        """A maximum-weight perfect matching of ``edges``, or None when it is not perfect."""
        graph = rx.PyGraph()
        graph.add_nodes_from(range(self.n + self.odd))
        graph.add_edges_from(edges)
        found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if 2 * len(found) != self.n + self.odd:
            return None
        return [(min(u, v), max(u, v)) for u, v in found]

    def conflicted(self, matching: list[tuple[int, int]]) -> bool:
        """Whether ``matching`` holds anything above the score tier."""
        return any(
            (self.bye_high[i] if j == self.n else self.high[i, j]) for i, j in matching
        )
