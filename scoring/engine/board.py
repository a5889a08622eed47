"""The table of one round: which cells hold which numbers, placement checks and their scoring."""

from __future__ import annotations

from .errors import EngineError
from .geometry import CORNER_OFF, EDGE_OFF, POINT_ONLY_OFF, TOUCH_OFF


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
        p = (c + r) & 1
        points = self.points
        offsets = CORNER_OFF[p]
        known = 0
        for k in (0, 1, 2):
            dx, dy = offsets[k]
            needed = points.get((c + dx, r + dy))
            if needed is not None:
                if needed != corners[k]:
                    raise EngineError(
                        "mismatch",
                        f"corner {k} must be {needed}, not {corners[k]}",
                        {"corner": k, "needed": needed, "given": corners[k]},
                    )
                known += 1
        edges = [k for (dc, dr), k in EDGE_OFF[p] if (c + dc, r + dr) in cells]
        if not edges:
            if self.vertex_placement and known >= 2:
                return tile, 0, False, known
            if self.vertex_placement:
                text = "shares no edge with the layout and touches it at fewer than two corners"
            else:
                text = "shares no edge with the layout"
            raise EngineError("not-adjacent", f"the tile at ({c}, {r}) {text}", {"at": [c, r]})
        around = self.around
        hexagons = 0
        for dx, dy in offsets:
            if around.get((c + dx, r + dy), 0) == 5:
                hexagons += 1
        bridge = False
        if self.extended_bridge:
            if len(edges) < 3:
                only = POINT_ONLY_OFF[p]
                for k in edges:
                    for dc, dr in only[k]:
                        if (c + dc, r + dr) in cells:
                            bridge = True
                            break
        elif len(edges) == 1:
            # The two edge neighbours at the opposite corner are empty, so any number known there
            # comes from a tile touching that corner point to point.
            dx, dy = offsets[edges[0]]
            bridge = (c + dx, r + dy) in points
        return tile, hexagons, bridge, 0

    def place(self, c: int, r: int, corners: tuple, tile) -> None:
        """Put a checked tile on the table."""
        self.cells[(c, r)] = corners
        self.last = (c, r)
        self.played.add(tile)
        points = self.points
        around = self.around
        offsets = CORNER_OFF[(c + r) & 1]
        for k in (0, 1, 2):
            dx, dy = offsets[k]
            pt = (c + dx, r + dy)
            points[pt] = corners[k]
            around[pt] = around.get(pt, 0) + 1
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
                cell = (c + dc, r + dr)
                if cell in cells:
                    continue
                a, b = cell
                p = (a + b) & 1
                key = tuple(points.get((a + dx, b + dy)) for dx, dy in CORNER_OFF[p])
                legal = any((a + ec, b + er) in cells for (ec, er), _ in EDGE_OFF[p]) or (
                    vertex and key.count(None) <= 1
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
