"""Is there a split into tables without any conflicting pair?

A depth-first search for a partition of the players into cliques of the
"may sit together" graph (never met, not forbidden). It ignores scores: it
only answers whether a repeat-free round exists and, if so, gives one to
start the local search from. Seating the most constrained player first
and trying table-mates close in the ranking first finds a split quickly
when one exists, and proves quickly that none exists in the typical late
round of a small field.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence


def conflict_free(
    order: Sequence[int],
    sizes: Sequence[int],
    compatible: Callable[[int, int], bool],
    budget: int = 200_000,
    deadline: float = float("inf"),
) -> tuple[list[list[int]] | None, bool]:
    """Split ``order`` into tables of ``sizes`` (any arrangement) with compatible pairs only.

    Returns ``(tables, complete)``: the tables (sorted by their best-placed
    member) or ``None``; ``complete`` is False when the ``budget`` of
    search nodes or the time (``deadline``, a ``time.perf_counter`` value)
    ran out before an answer, so ``None`` proves nothing.
    """
    pos = {p: k for k, p in enumerate(order)}
    compat = {p: {q for q in order if q != p and compatible(p, q)} for p in order}
    left = Counter(sizes)
    found: list[list[int]] = []
    nodes = 0
    complete = True

    def cliques(cands: list[int], k: int, start: int, chosen: tuple) -> Iterator[tuple]:
        if k == 0:
            yield chosen
            return
        for i in range(start, len(cands)):
            c = cands[i]
            if all(c in compat[x] for x in chosen):
                yield from cliques(cands, k - 1, i + 1, (*chosen, c))

    def rec(remaining: set[int]) -> bool:
        nonlocal nodes, complete
        if not remaining:
            return True
        # The player with the fewest possible table-mates left goes first.
        p = min(remaining, key=lambda x: (len(compat[x] & remaining), pos[x]))
        cands = sorted(compat[p] & remaining, key=lambda q: (abs(pos[q] - pos[p]), pos[q]))
        for size in sorted((s for s in left if left[s]), reverse=True):
            left[size] -= 1
            try:
                for mates in cliques(cands, size - 1, 0, ()):
                    nodes += 1
                    if nodes > budget or (nodes % 1024 == 0 and time.perf_counter() > deadline):
                        complete = False
                        return False
                    rest = remaining - {p, *mates}
                    if rest and not _still_possible(rest, compat, left):
                        continue
                    found.append([p, *mates])
                    if rec(rest):
                        return True
                    found.pop()
                    if not complete:
                        return False
            finally:
                left[size] += 1
        return False

    if not rec(set(order)):
        return None, complete
    tables = [sorted(t, key=pos.__getitem__) for t in found]
    tables.sort(key=lambda t: pos[t[0]])
    return tables, True


def _still_possible(rest: set[int], compat: dict[int, set[int]], left: Counter) -> bool:
    """Cheap check: everybody left still has enough possible table-mates."""
    need = min(s for s in left if left[s]) - 1
    return all(len(compat[q] & rest) >= need for q in rest)
