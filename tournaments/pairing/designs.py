"""Resolvable designs: round robins at tables of 3–4 where every pair meets exactly once.

A resolvable design splits ``n`` players into rounds ("parallel classes") of
tables of ``k`` so that every pair shares exactly one table. At tables of 3
they are Kirkman triple systems (``n`` ≡ 3 mod 6), at tables of 4 they need
``n`` ≡ 4 mod 12. Two constructions are built in:

* **Affine geometry** AG(d, q) over the field of ``q`` = 3 or 4 elements:
  its lines, grouped by direction, for ``q^d`` players (9, 27, 81 in threes;
  16, 64 in fours).
* **Difference families**: the players are a group ``G`` (integers modulo
  ``g``, or the field of 9 elements) times a few "levels", plus possibly one fixed
  player ∞. One base round is searched for whose tables contain every
  difference between two players exactly once; adding each group element
  to it gives the other rounds. The search is exact (depth first, smallest
  unseated player first) and fast because it looks for rounds with a
  symmetry (a multiplier and a level rotation) that shrinks it. The known
  working recipes (found by this same search) are listed in ``_RECIPES``;
  each takes well under a second and is verified by the tests.

Sizes without a recipe (e.g. 33, 45, 51, 57 in threes; 52, 76 in fours)
get ``None`` and the caller falls back to its local search.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product

from .errors import PairingError

Round = list[list[int]]

#: Depth-first nodes one search may visit before giving up.
NODE_LIMIT = 400_000


@dataclass(frozen=True)
class Design:
    """Rounds of tables (player indices 0..n-1) plus how they were built."""

    name: str  # "affine-geometry" or "difference-family"
    rounds: tuple[tuple[tuple[int, ...], ...], ...]


def resolvable_design(players: int, size: int) -> Design | None:
    """A design in which each pair of ``players`` meets exactly once at tables of ``size``."""
    for q, dim in ((3, 2), (3, 3), (3, 4), (4, 2), (4, 3)):
        if q == size and q**dim == players:
            return Design("affine-geometry", _freeze(affine_geometry_rounds(q, dim)))
    recipe = _RECIPES.get((players, size))
    if recipe is None:
        return None
    rounds = _difference_rounds(*recipe)
    return Design("difference-family", _freeze(rounds)) if rounds else None


def affine_plane_rounds(q: int) -> list[Round]:
    """The ``q + 1`` parallel classes of the affine plane of order ``q`` (3 or 4)."""
    return affine_geometry_rounds(q, 2)


def affine_geometry_rounds(q: int, dim: int) -> list[Round]:
    """Parallel classes of the lines of AG(``dim``, ``q``); points numbered in base ``q``.

    A line is ``{p + t·u}`` for a direction ``u`` (first non-zero coordinate
    1); the lines of one direction split the space, every two points lie on
    exactly one line.
    """
    if q not in (3, 4):
        raise PairingError("no-such-field", "only the fields of 3 and 4 elements are built in",
                           {"order": q})
    add, mul = _field(q)
    points = list(product(range(q), repeat=dim))

    def number(p: tuple[int, ...]) -> int:
        return sum(c * q ** (dim - 1 - i) for i, c in enumerate(p))

    directions = [u for u in points if any(u) and u[next(i for i, c in enumerate(u) if c)] == 1]
    classes = []
    for u in directions:
        seen: set[int] = set()
        lines = []
        for p in points:
            if number(p) in seen:
                continue
            line = sorted(
                number(tuple(add(a, mul(t, b)) for a, b in zip(p, u, strict=True)))
                for t in range(q)
            )
            seen.update(line)
            lines.append(line)
        classes.append(lines)
    return classes


def _field(q: int):
    """Addition and multiplication of the field with ``q`` elements (q = 3, 4)."""
    if q == 4:
        def mul(a: int, b: int) -> int:
            # GF(4) as polynomials over GF(2) modulo x^2 + x + 1.
            r = (a if b & 1 else 0) ^ ((a << 1) if b & 2 else 0)
            return r ^ 0b111 if r & 0b100 else r

        return (lambda a, b: a ^ b), mul
    return (lambda a, b: (a + b) % q), (lambda a, b: a * b % q)


def _freeze(rounds: list[Round]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(tuple(sorted(t)) for t in rnd) for rnd in rounds)


# -- difference families ------------------------------------------------------

# (players, size) -> (group, levels, table size, with ∞, multiplier, level shift, transversals)
# "group" is ("cyclic", g) or ("gf9",): GF(9), whose multiplier 1 is the element i (i² = -1).
_RECIPES: dict[tuple[int, int], tuple] = {
    (15, 3): (("cyclic", 7), 2, 3, True, 1, 0, 0),
    (21, 3): (("cyclic", 7), 3, 3, False, 1, 1, 3),
    (39, 3): (("cyclic", 19), 2, 3, True, 7, 0, 0),
    (63, 3): (("cyclic", 31), 2, 3, True, 5, 0, 0),
    (28, 4): (("gf9",), 3, 4, True, 1, 0, 0),
    (40, 4): (("cyclic", 13), 3, 4, True, 3, 0, 0),
}


class _Group:
    """A small abelian group by tables; ``times`` multiplies by a unit (a permutation)."""

    def __init__(self, spec: tuple, multiplier: int) -> None:
        if spec[0] == "cyclic":
            g = spec[1]
            self.order = g
            self.add = [[(a + b) % g for b in range(g)] for a in range(g)]
            self.times = [(multiplier * a) % g for a in range(g)]
        else:
            # GF(9) = {a + b·i : i² = -1}, element number 3a + b.
            self.order = 9
            self.add = [
                [(a // 3 + b // 3) % 3 * 3 + (a + b) % 3 for b in range(9)] for a in range(9)
            ]
            c, d = divmod(multiplier, 3)
            self.times = [
                (x // 3 * c - x % 3 * d) % 3 * 3 + (x // 3 * d + x % 3 * c) % 3 for x in range(9)
            ]
        self.neg = [row.index(0) for row in self.add]

    def minus(self, b: int, a: int) -> int:
        return self.add[b][self.neg[a]]


@lru_cache(maxsize=16)
def _difference_rounds(
    spec: tuple, levels: int, k: int, infinity: bool, multiplier: int, shift: int, transversals: int
) -> tuple | None:
    """All rounds of a difference-family design, or ``None`` if the search fails."""
    group = _Group(spec, multiplier)
    found = _base_round(group, levels, k, infinity, shift, transversals)
    if found is None:
        return None
    base, short = found
    g = group.order
    infinity_id = g * levels

    def number(point: tuple[int, int]) -> int:
        return point[1] * g + point[0]

    rounds = []
    for t in range(g):
        tables = [[number((group.add[x][t], lv)) for x, lv in table] for table in base]
        if infinity:
            tables.append([infinity_id] + [number((t, lv)) for lv in range(levels)])
        rounds.append(tables)
    # A transversal table's translates are disjoint: together one more round each.
    for table in short:
        rounds.append([[number((group.add[x][t], lv)) for x, lv in table] for t in range(g)])
    return tuple(tuple(tuple(t) for t in rnd) for rnd in rounds)


def _base_round(group: _Group, levels: int, k: int, infinity: bool, shift: int, transversals: int):
    """Depth-first search for a base round whose tables hold every difference once.

    A difference is (level of a, level of b, b − a) for two players a, b at
    one table. With ∞, its table {∞, (0, each level)} takes the differences
    0 between levels. Tables are added in orbits of the symmetry
    (x, level) -> (multiplier·x, level + shift), which keeps the search small.
    """
    g = group.order
    start = 1 if infinity else 0
    points = sorted((x, lv) for lv in range(levels) for x in range(start, g))
    used: set[tuple[int, int, int]] = set()
    if infinity:
        used = {(i, j, 0) for i in range(levels) for j in range(levels) if i != j}
    seated: set[tuple[int, int]] = set()
    tables: list[tuple[tuple[int, int], ...]] = []
    nodes = 0

    def sigma(p: tuple[int, int]) -> tuple[int, int]:
        return group.times[p[0]], (p[1] + shift) % levels

    def orbit(table: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
        out = [tuple(table)]
        while True:
            nxt = tuple(sigma(p) for p in out[-1])
            if set(nxt) == set(out[0]):
                return out
            out.append(nxt)

    def differences(table) -> list[tuple[int, int, int]]:
        return [(a[1], b[1], group.minus(b[0], a[0])) for a in table for b in table if a != b]

    def grow(table: list, candidates: list) -> Iterator[list]:
        nonlocal nodes
        if len(table) == k:
            yield table
            return
        for i, c in enumerate(candidates):
            nodes += 1
            if nodes > NODE_LIMIT:
                raise _GaveUp
            new = []
            for a in table:
                d1 = (a[1], c[1], group.minus(c[0], a[0]))
                d2 = (c[1], a[1], group.minus(a[0], c[0]))
                if d1 == d2 or {d1, d2} & used or d1 in new or d2 in new:
                    break
                new += [d1, d2]
            else:
                used.update(new)
                yield from grow([*table, c], candidates[i + 1 :])
                used.difference_update(new)

    def search() -> bool:
        free = [p for p in points if p not in seated]
        if not free:
            return not transversals or _close_with_transversals(group, used, transversals, tables)
        for table in grow([free[0]], free[1:]):
            images = orbit(table)
            players = [p for t in images for p in t]
            extra = [d for t in images[1:] for d in differences(t)]
            if (len(set(players)) != len(players) or seated.intersection(players)
                    or len(set(extra)) != len(extra) or used.intersection(extra)):
                continue
            used.update(extra)
            seated.update(players)
            tables.extend(images)
            if search():
                return True
            del tables[len(tables) - len(images) :]
            seated.difference_update(players)
            used.difference_update(extra)
        return False

    try:
        if not search():
            return None
    except _GaveUp:
        return None
    cut = len(tables) - transversals
    return tables[:cut], tables[cut:]


class _GaveUp(Exception):
    """The search visited ``NODE_LIMIT`` nodes without an answer."""


def _close_with_transversals(group: _Group, used: set, count: int, tables: list) -> bool:
    """With three levels and no ∞: the differences left must form ``count`` tables
    {(0, 0), (b, 1), (c, 2)}, each of whose translates is a round on its own."""
    left = {
        (i, j): [d for d in range(group.order) if (i, j, d) not in used]
        for i, j in ((0, 1), (0, 2), (1, 2))
    }
    if any(len(v) != count for v in left.values()):
        return False
    for cs in permutations(left[(0, 2)]):
        pairs = list(zip(left[(0, 1)], cs, strict=True))
        if sorted(group.minus(c, b) for b, c in pairs) == sorted(left[(1, 2)]):
            tables.extend(((0, 0), (b, 1), (c, 2)) for b, c in pairs)
            return True
    return False
