"""Tiles: canonical readings, parsing, and the sets in play."""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from .errors import EngineError


class Tile(NamedTuple):
    """A tile read clockwise from where the reading is smallest (its least rotation)."""

    a: int
    b: int
    c: int

    def __str__(self) -> str:
        return f"{self.a}-{self.b}-{self.c}"

    @property
    def pips(self) -> int:
        """The sum of the tile's three numbers."""
        return self.a + self.b + self.c

    @property
    def is_triple(self) -> bool:
        """True for a tile whose three numbers are the same."""
        return self.a == self.b == self.c


_TILE_TEXT = re.compile(r"\s*(\d{1,2})\s*-\s*(\d{1,2})\s*-\s*(\d{1,2})\s*")


def tile_from_corners(corners) -> Tile:
    """Return the tile whose clockwise reading is ``corners``, as its least rotation."""
    n0, n1, n2 = corners
    return Tile(*min((n0, n1, n2), (n1, n2, n0), (n2, n0, n1)))


def tile_parse(text) -> Tile:
    """Parse ``"a-b-c"`` into a Tile (any rotation is accepted and canonicalised).

    Raises EngineError ``bad-tile`` for anything else. Whether the tile belongs to the set in play
    is the caller's question (see ``tile_set``).
    """
    if isinstance(text, Tile):
        return text
    if isinstance(text, str):
        tile = _parse_cache.get(text)
        if tile is not None:
            return tile
    match = _TILE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise EngineError(
            "bad-tile", f"{text!r} is not a tile (expected a-b-c)", {"text": str(text)}
        )
    tile = tile_from_corners(tuple(int(g) for g in match.groups()))
    if len(_parse_cache) < 4096:
        _parse_cache[text] = tile
    return tile


# Hands at every round end are written as text; parsing the same few hundred strings once is enough.
_parse_cache: dict[str, Tile] = {}


@cache
def tile_set(max_number: int = 5, mirror_tiles: bool = False) -> frozenset[Tile]:
    """Every tile of the set: numbers 0..max_number, all distinct.

    The standard set keeps only readings that never decrease clockwise (56 tiles for 0-5, 84 for
    0-6); with ``mirror_tiles`` a tile and its mirror image are different tiles (76 for 0-5).
    """
    tiles = set()
    span = range(max_number + 1)
    for a in span:
        for b in span:
            for c in span:
                if mirror_tiles or a <= b <= c:
                    tiles.add(tile_from_corners((a, b, c)))
    return frozenset(tiles)


@cache
def rotation_table(max_number: int = 5, mirror_tiles: bool = False) -> dict[tuple, Tile]:
    """Map every corner reading that names a tile of the set to that tile.

    One dict lookup then answers both "which tile is this?" and "is it in the set?", which keeps
    the per-turn cost low. Callers must not mutate the result (it is shared).
    """
    table: dict[tuple, Tile] = {}
    for tile in tile_set(max_number, mirror_tiles):
        a, b, c = tile
        for rotation in ((a, b, c), (b, c, a), (c, a, b)):
            table[rotation] = tile
    return table


def rotations(tile) -> tuple[tuple[int, int, int], ...]:
    """The distinct clockwise readings of a tile (1 for a triple, else 3)."""
    a, b, c = tile
    found = []
    for rotation in ((a, b, c), (b, c, a), (c, a, b)):
        if rotation not in found:
            found.append(rotation)
    return tuple(found)
