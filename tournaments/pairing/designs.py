"""Resolvable designs: round robins at tables of 3–4 where every pair meets exactly once.

A resolvable design splits ``n`` players into rounds ("parallel classes") of
tables of ``k`` so that every pair shares exactly one table. At tables of 3
they are Kirkman triple systems (``n`` ≡ 3 mod 6), at tables of 4 they need
``n`` ≡ 4 mod 12. Two constructions are built in:

* **Affine geometry** AG(d, q) over the field of ``q`` = 3 or 4 elements:
  its lines, grouped by direction, for ``q^d`` players (9, 27, 81 in threes;
  16, 64 in fours).
* **Difference families**: the players are a group ``G`` (integers modulo
  ``g``, or the field of 9 or 25 elements) times a few "levels", plus possibly one
  fixed player ∞. One base round is searched for whose tables contain every
  difference between two players exactly once; adding each group element
  to it gives the other rounds. The search is exact (depth first, smallest
  unseated player first) and fast because it looks for rounds with a
  symmetry (a multiplier and a level rotation) that shrinks it. Without ∞,
  a few *transversal* tables (one player per level) take the differences
  between levels the base round leaves; each one's translates make one
  more round. The known
  working recipes (found by this same search) are listed in ``_RECIPES``;
  each takes well under a second and is verified by the tests.

* **Stored base rounds** (``_STORED``) for sizes the depth-first search
  does not reach under its node limit: the same difference families, found
  once offline by an exact-cover model (:mod:`.design_search`) and kept as
  data; developing them is instant and the tests verify every design.
* **Products**: from a design for ``v`` players at tables of ``k`` (3 or 4)
  one for ``k·v`` players: every player becomes ``k`` players (one round
  seats each such group at its own table) and every table of the smaller
  design becomes a resolvable transversal design (:func:`product_rounds`):
  45 and 99 in threes.

Sizes without a construction (see ``docs/pairing.md``) get ``None`` and the
caller falls back to its local search.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

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
    stored = _STORED.get((players, size))
    if stored is not None:
        return Design("difference-family", _freeze(_stored_rounds(*stored)))
    recipe = _RECIPES.get((players, size))
    if recipe is not None:
        rounds = _difference_rounds(*recipe)
        return Design("difference-family", _freeze(rounds)) if rounds else None
    if players % size == 0 and players > size:
        smaller = resolvable_design(players // size, size)
        if smaller is not None:
            return Design("product", _freeze(product_rounds(smaller.rounds, size)))
    return None


def product_rounds(rounds, k: int) -> list[Round]:
    """A design for ``k·v`` players from one for ``v`` players at tables of ``k`` (3 or 4).

    Player ``x`` of the small design becomes ``(x, a)`` for ``a`` in the
    field of ``k`` elements (numbered ``x·k + a``). One round seats each
    ``{(x, a) : a}`` at its own table. For every round of the small design
    and every field element ``b``, a table ``{x_0, …, x_(k-1)}`` (sorted)
    gives the ``k`` tables ``{(x_i, a + e_i·b)}`` over ``a``, where ``e_i``
    is the ``i``-th field element: two players ``(x_i, u)``, ``(x_j, w)``
    of different groups share exactly one of these tables, the one with
    ``(e_j − e_i)·b = w − u`` (a resolvable transversal design). Rounds:
    ``k·r + 1`` from ``r`` = ``(v − 1)/(k − 1)``, which is ``(k·v − 1)/(k − 1)``.
    """
    add, mul = _field(k)
    v = sum(len(t) for t in rounds[0])
    out: list[Round] = [[[x * k + a for a in range(k)] for x in range(v)]]
    for rnd in rounds:
        for b in range(k):
            out.append([
                [xs[i] * k + add(a, mul(i, b)) for i in range(k)]
                for xs in (sorted(t) for t in rnd)
                for a in range(k)
            ])
    return out


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
# "group" is ("cyclic", g) or ("gf", p, r): the field of p² elements a + b·i with i² = r
# (GF(9) with r = 2 = −1, GF(25) with r = 2), whose multiplier c·p + d is c + d·i.
_RECIPES: dict[tuple[int, int], tuple] = {
    (15, 3): (("cyclic", 7), 2, 3, True, 1, 0, 0),
    (21, 3): (("cyclic", 7), 3, 3, False, 1, 1, 3),
    (39, 3): (("cyclic", 19), 2, 3, True, 7, 0, 0),
    (63, 3): (("cyclic", 31), 2, 3, True, 5, 0, 0),
    (93, 3): (("cyclic", 31), 3, 3, False, 2, 1, 15),
    (28, 4): (("gf", 3, 2), 3, 4, True, 1, 0, 0),
    (76, 4): (("gf", 5, 2), 3, 4, True, 18, 1, 0),
    (88, 4): (("cyclic", 29), 3, 4, True, 16, 1, 0),
    (100, 4): (("gf", 5, 2), 4, 4, False, 1, 1, 8),
    (40, 4): (("cyclic", 13), 3, 4, True, 3, 0, 0),
}


# (players, size) -> (g, levels, with ∞, base round, transversal tables): base rounds
# found by :mod:`.design_search` (players "element.level", tables split by "/").
_STORED: dict[tuple[int, int], tuple[int, int, bool, str, str]] = {
    (33, 3): (11, 3, False,
              "0.0 2.0 6.0 / 1.0 9.0 8.2 / 3.0 2.1 5.1 / 4.0 7.1 5.2 / 5.0 0.1 7.2 / 7.0 8.0 2.2"
              " / 10.0 3.1 4.1 / 1.1 6.1 8.1 / 9.1 0.2 4.2 / 10.1 9.2 10.2 / 1.2 3.2 6.2",
              "0.0 0.1 8.2 / 0.0 1.1 4.2 / 0.0 7.1 0.2 / 0.0 8.1 9.2 / 0.0 9.1 3.2"),
    (51, 3): (17, 3, False,
              "0.0 3.0 15.0 / 1.0 5.0 3.2 / 2.0 9.0 10.0 / 4.0 14.1 10.2 / 6.0 6.1 13.1"
              " / 7.0 2.2 16.2 / 8.0 14.0 4.2 / 11.0 10.1 15.1 / 12.0 4.1 8.1 / 13.0 1.2 6.2"
              " / 16.0 2.1 5.1 / 0.1 16.1 9.2 / 1.1 3.1 9.1 / 7.1 14.2 15.2 / 11.1 8.2 12.2"
              " / 12.1 0.2 7.2 / 5.2 11.2 13.2",
              "0.0 1.1 3.2 / 0.0 2.1 0.2 / 0.0 5.1 16.2 / 0.0 8.1 8.2 / 0.0 11.1 14.2"
              " / 0.0 12.1 11.2 / 0.0 14.1 1.2 / 0.0 15.1 4.2"),
    (57, 3): (19, 3, False,
              "0.0 4.0 16.2 / 1.0 3.0 15.1 / 2.0 14.0 0.1 / 5.0 15.0 18.0 / 6.0 17.0 2.2"
              " / 7.0 12.0 12.2 / 8.0 10.2 17.2 / 9.0 13.1 18.1 / 10.0 11.0 12.1 / 13.0 0.2 11.2"
              " / 16.0 3.1 5.1 / 1.1 4.1 16.1 / 2.1 11.1 5.2 / 6.1 7.1 18.2 / 8.1 14.1 15.2"
              " / 9.1 17.1 14.2 / 10.1 8.2 9.2 / 1.2 4.2 6.2 / 3.2 7.2 13.2",
              "0.0 0.1 8.2 / 0.0 3.1 7.2 / 0.0 7.1 13.2 / 0.0 10.1 1.2 / 0.0 11.1 11.2"
              " / 0.0 13.1 3.2 / 0.0 15.1 10.2 / 0.0 16.1 18.2 / 0.0 18.1 14.2"),
    (69, 3): (23, 3, False,
              '0.0 6.0 8.0 / 1.0 11.0 10.1 / 2.0 16.0 13.1 / 3.0 2.2 15.2 / 4.0 20.0 8.2'
              ' / 5.0 9.0 18.2 / 7.0 19.0 12.1 / 10.0 6.2 20.2 / 12.0 15.0 7.1 / 13.0 18.0 13.2'
              ' / 14.0 11.2 17.2 / 17.0 20.1 21.1 / 21.0 22.0 5.1 / 0.1 8.1 4.2 / 1.1 19.1 10.2'
              ' / 2.1 14.1 16.1 / 3.1 9.1 19.2 / 4.1 17.1 5.2 / 6.1 0.2 3.2 / 11.1 15.1 18.1'
              ' / 22.1 21.2 22.2 / 1.2 12.2 16.2 / 7.2 9.2 14.2',
              '0.0 0.1 5.2 / 0.0 1.1 14.2 / 0.0 2.1 17.2 / 0.0 8.1 6.2 / 0.0 10.1 16.2'
              ' / 0.0 12.1 7.2 / 0.0 13.1 15.2 / 0.0 14.1 21.2 / 0.0 17.1 2.2 / 0.0 19.1 8.2'
              ' / 0.0 21.1 1.2'),
    (75, 3): (37, 2, True,
              '1.0 2.0 3.1 / 10.0 20.0 30.1 / 26.0 15.0 4.1 / 1.1 2.1 3.0 / 10.1 20.1 30.0'
              ' / 26.1 15.1 4.0 / 5.0 7.0 11.0 / 13.0 33.0 36.0 / 19.0 34.0 27.0 / 5.1 7.1 11.1'
              ' / 13.1 33.1 36.1 / 19.1 34.1 27.1 / 6.0 18.0 22.1 / 23.0 32.0 35.1'
              ' / 8.0 24.0 17.1 / 6.1 18.1 22.0 / 23.1 32.1 35.0 / 8.1 24.1 17.0'
              ' / 9.0 14.0 28.1 / 16.0 29.0 21.1 / 12.0 31.0 25.1 / 9.1 14.1 28.0'
              ' / 16.1 29.1 21.0 / 12.1 31.1 25.0',
              ''),
    (87, 3): (43, 2, True,
              '1.0 2.0 3.1 / 6.0 12.0 18.1 / 36.0 29.0 22.1 / 1.1 2.1 3.0 / 6.1 12.1 18.0'
              ' / 36.1 29.1 22.0 / 4.0 7.0 9.0 / 24.0 42.0 11.0 / 15.0 37.0 23.0 / 4.1 7.1 9.1'
              ' / 24.1 42.1 11.1 / 15.1 37.1 23.1 / 5.0 8.1 21.0 / 30.0 5.1 40.0'
              ' / 8.0 30.1 25.0 / 10.0 26.1 34.0 / 17.0 27.1 32.0 / 16.0 33.1 20.0'
              ' / 10.1 13.0 33.0 / 17.1 35.0 26.0 / 16.1 38.0 27.0 / 13.1 28.0 32.1'
              ' / 35.1 39.0 20.1 / 38.1 19.0 34.1 / 14.0 25.1 41.1 / 41.0 21.1 31.1'
              ' / 31.0 40.1 14.1 / 19.1 28.1 39.1',
              ''),
    (52, 4): (17, 3, True,
              '1.0 2.0 3.1 8.0 / 1.1 2.1 3.2 8.1 / 1.2 2.2 3.0 8.2 / 4.0 10.2 12.2 15.2'
              ' / 4.1 10.0 12.0 15.0 / 4.2 10.1 12.1 15.1 / 5.0 6.2 9.0 13.1 / 5.1 6.0 9.1 13.2'
              ' / 5.2 6.1 9.2 13.0 / 7.0 11.2 14.1 16.0 / 7.1 11.0 14.2 16.1'
              ' / 7.2 11.1 14.0 16.2',
              ''),
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
            # GF(p²) = {a + b·i : i² = r} (r not a square mod p), element number p·a + b;
            # the multiplier c·p + d is c + d·i.
            _, p, r = spec
            self.order = p * p
            self.add = [
                [(a // p + b // p) % p * p + (a + b) % p for b in range(p * p)]
                for a in range(p * p)
            ]
            c, d = divmod(multiplier, p)
            self.times = [
                (x // p * c + r * (x % p) * d) % p * p + (x // p * d + x % p * c) % p
                for x in range(p * p)
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
    return _develop(group.add, levels, infinity, base, short)


def _develop(add, levels: int, infinity: bool, base, short) -> tuple:
    """Every round of a difference family from its base round and transversal tables.

    Points are (group element, level), numbered ``level·g + element``; ∞ is
    ``g·levels``. Adding each group element ``t`` to the base round gives
    a round (with ∞'s table {∞, (t, every level)}); a transversal table's
    translates are disjoint and together make one more round each.
    """
    g = len(add)
    infinity_id = g * levels

    def number(point: tuple[int, int]) -> int:
        return point[1] * g + point[0]

    rounds = []
    for t in range(g):
        tables = [[number((add[x][t], lv)) for x, lv in table] for table in base]
        if infinity:
            tables.append([infinity_id] + [number((t, lv)) for lv in range(levels)])
        rounds.append(tables)
    for table in short:
        rounds.append([[number((add[x][t], lv)) for x, lv in table] for t in range(g)])
    return tuple(tuple(tuple(t) for t in rnd) for rnd in rounds)


def _stored_rounds(g: int, levels: int, infinity: bool, base: str, short: str) -> tuple:
    """Develop a stored base round over the integers modulo ``g``.

    ``base`` and ``short`` list tables separated by ``/``, players as
    ``element.level`` (see :mod:`.design_search`).
    """
    def tables(text: str) -> list[list[tuple[int, int]]]:
        return [[tuple(int(c) for c in p.split(".")) for p in t.split()]
                for t in text.split("/") if t.strip()]

    add = [[(a + b) % g for b in range(g)] for a in range(g)]
    return _develop(add, levels, infinity, tables(base), tables(short))


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
    """Without ∞: the mixed differences left must form ``count`` tables
    {(0, 0), (b_1, 1), …} with one player per level, each of whose translates
    is a round on its own. Found depth first, one table at a time."""
    levels = 1 + max(i for i, _, _ in used)
    pairs = [(i, j) for i in range(levels) for j in range(i + 1, levels)]
    left = {(i, j): {d for d in range(group.order) if (i, j, d) not in used} for i, j in pairs}
    if any(len(v) != count for v in left.values()):
        return False
    found: list[tuple[tuple[int, int], ...]] = []

    def fill(row: list[int]) -> bool:
        if len(row) == levels:
            taken = [((i, j), group.minus(row[j], row[i])) for i, j in pairs]
            for key, d in taken:
                left[key].discard(d)
            found.append(tuple((x, lv) for lv, x in enumerate(row)))
            if close():
                return True
            found.pop()
            for key, d in taken:
                left[key].add(d)
            return False
        lv = len(row)
        for x in sorted(left[(0, lv)]):
            fits = all(group.minus(x, row[i]) in left[(i, lv)] for i in range(1, lv))
            if fits and fill([*row, x]):
                return True
        return False

    def close() -> bool:
        if not left[(0, 1)]:
            return True
        # The smallest difference left between levels 0 and 1 starts the next table.
        return fill([0, min(left[(0, 1)])])

    if close():
        tables.extend(found)
        return True
    return False
