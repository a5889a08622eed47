"""The board of one round: which cells hold which numbers, placement checks and their scoring."""

from __future__ import annotations

from .errors import EngineError
from .geometry import CORNER_OFF, EDGE_OFF, POINT_ONLY_OFF, TOUCH_OFF

EDGE_CELLS = tuple(tuple(offset for offset, _ in edges) for edges in EDGE_OFF)
EDGE_OPPOSITE = tuple(tuple(k for _, k in edges) for edges in EDGE_OFF)


def _fmt(corners) -> str:
    return "-".join(str(n) for n in corners)


class Board:
    """Tiles on the table during one round.

    ``cells`` maps (c, r) to the corner numbers of the tile there, in placement order; ``last`` is
    the cell placed last (None on an empty table). Since every tile touching a lattice point must
    carry the same number there, the board keeps one number per point (``points``) and how many
    filled cells surround it (``around``, six = a closed hexagon).
    """

    __slots__ = (
        "cells", "last", "points", "around", "played", "vertex_placement", "extended_bridge",
        "_cand", "_by_key", "_pending",
    )

    def __init__(self, *, vertex_placement: bool = False, extended_bridge: bool = False) -> None:
        self.cells: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.last: tuple[int, int] | None = None
        self.points: dict[tuple[int, int], int] = {}
        self.around: dict[tuple[int, int], int] = {}
        self.played: set = set()
        self.vertex_placement = vertex_placement
        self.extended_bridge = extended_bridge
        # Fits index (see fits()): built lazily, so replaying a record never pays for it.
        self._cand: dict[tuple[int, int], tuple] = {}
        self._by_key: dict[tuple, set] = {}
        self._pending: list[tuple[int, int]] = []

    def copy(self) -> Board:
        """An independent copy (the fits index is rebuilt on demand)."""
        other = Board(vertex_placement=self.vertex_placement, extended_bridge=self.extended_bridge)
        other.cells = dict(self.cells)
        other.last = self.last
        other.points = dict(self.points)
        other.around = dict(self.around)
        other.played = set(self.played)
        other._pending = list(self.cells)
        return other

    def evaluate(self, c: int, r: int, corners: tuple, table: dict) -> tuple:
        """Check a placement without changing the board.

        Returns (tile, hexagons closed, bridge, vertex) where vertex is 0 for a placement sharing
        an edge and otherwise the number of corners touching the layout (2 or 3). Raises
        EngineError: occupied, no-such-tile, tile-played, mismatch, not-adjacent (in that order).
        """
        cells = self.cells
        if (c, r) in cells:
            raise EngineError(
                "occupied", f"cell ({c}, {r}) is already filled", {"at": [c, r]}
            )
        tile = table.get(corners)
        if tile is None:
            raise EngineError(
                "no-such-tile",
                f"corners {_fmt(corners)} name no tile of the set",
                {"corners": list(corners)},
            )
        if tile in self.played:
            raise EngineError(
                "tile-played", f"tile {tile} is already on the table", {"tile": str(tile)}
            )
        if not cells:
            return tile, 0, False, 0
        # Unrolled over the three corners and edges: this runs for every turn of every replay.
        p = (c + r) & 1
        (x0, y0), (x1, y1), (x2, y2) = CORNER_OFF[p]
        q = ((c + x0, r + y0), (c + x1, r + y1), (c + x2, r + y2))
        get = self.points.get
        known = 0
        for k in (0, 1, 2):
            needed = get(q[k])
            if needed is not None:
                if needed != corners[k]:
                    raise EngineError(
                        "mismatch",
                        f"corner {k} must be {needed}, not {corners[k]}",
                        {"corner": k, "needed": needed, "given": corners[k]},
                    )
                known += 1
        (e0, f0), (e1, f1), (e2, f2) = EDGE_CELLS[p]
        h0 = (c + e0, r + f0) in cells
        h1 = (c + e1, r + f1) in cells
        h2 = (c + e2, r + f2) in cells
        edges = h0 + h1 + h2
        if not edges:
            if self.vertex_placement and known >= 2:
                return tile, 0, False, known
            if self.vertex_placement:
                text = "shares no edge with the layout and touches it at fewer than two corners"
            else:
                text = "shares no edge with the layout"
            raise EngineError("not-adjacent", f"the tile at ({c}, {r}) {text}", {"at": [c, r]})
        count = self.around.get
        hexagons = (count(q[0], 0) == 5) + (count(q[1], 0) == 5) + (count(q[2], 0) == 5)
        opposite = EDGE_OPPOSITE[p]
        bridge = False
        if self.extended_bridge:
            if edges < 3:
                only = POINT_ONLY_OFF[p]
                for filled, k in zip((h0, h1, h2), opposite, strict=True):
                    if filled and any((c + dc, r + dr) in cells for dc, dr in only[k]):
                        bridge = True
                        break
        elif edges == 1:
            # The two edge neighbours at the opposite corner are empty, so any number known there
            # comes from a tile touching that corner point to point.
            k = opposite[0] if h0 else opposite[1] if h1 else opposite[2]
            bridge = get(q[k]) is not None
        return tile, hexagons, bridge, 0

    def place(self, c: int, r: int, corners: tuple, tile) -> None:
        """Put a checked tile on the table."""
        self.cells[(c, r)] = corners
        self.last = (c, r)
        self.played.add(tile)
        points = self.points
        around = self.around
        (x0, y0), (x1, y1), (x2, y2) = CORNER_OFF[(c + r) & 1]
        q = (c + x0, r + y0)
        points[q] = corners[0]
        around[q] = around.get(q, 0) + 1
        q = (c + x1, r + y1)
        points[q] = corners[1]
        around[q] = around.get(q, 0) + 1
        q = (c + x2, r + y2)
        points[q] = corners[2]
        around[q] = around.get(q, 0) + 1
        self._pending.append((c, r))

    # The fits index: every empty cell where some tile could legally go, keyed by the numbers it
    # already has at its corners (None where a corner is free). A legal cell always has at least two
    # known corners (an edge brings two), so a reading (a, b, c) can only land on the cells filed
    # under (a, b, c), (None, b, c), (a, None, c) or (a, b, None): four lookups per rotation.

    def _sync(self) -> None:
        cells = self.cells
        points = self.points
        cand = self._cand
        by_key = self._by_key
        vertex = self.vertex_placement
        for c, r in self._pending:
            old = cand.pop((c, r), None)
            if old is not None:
                by_key[old].discard((c, r))
            for dc, dr in TOUCH_OFF[(c + r) & 1]:
                a, b = cell = (c + dc, r + dr)
                if cell in cells:
                    continue
                p = (a + b) & 1
                (x0, y0), (x1, y1), (x2, y2) = CORNER_OFF[p]
                key = (
                    points.get((a + x0, b + y0)),
                    points.get((a + x1, b + y1)),
                    points.get((a + x2, b + y2)),
                )
                (e0, f0), (e1, f1), (e2, f2) = EDGE_CELLS[p]
                legal = (
                    (a + e0, b + f0) in cells or (a + e1, b + f1) in cells
                    or (a + e2, b + f2) in cells or (vertex and key.count(None) <= 1)
                )
                old = cand.get(cell)
                if old == key and legal:
                    continue
                if old is not None:
                    by_key[old].discard(cell)
                    del cand[cell]
                if legal:
                    cand[cell] = key
                    by_key.setdefault(key, set()).add(cell)
        self._pending.clear()

    def fits(self, readings) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
        """Every (cell, corners) where one of the given clockwise readings of a tile can go.

        The caller passes the distinct rotations of a tile not yet on the table; an empty table
        gives [] (the opening may go anywhere).
        """
        if not self.cells:
            return []
        if self._pending:
            self._sync()
        by_key = self._by_key
        found = []
        for reading in readings:
            a, b, c = reading
            for key in (reading, (None, b, c), (a, None, c), (a, b, None)):
                hits = by_key.get(key)
                if hits:
                    found.extend((cell, reading) for cell in hits)
        found.sort()
        return found
