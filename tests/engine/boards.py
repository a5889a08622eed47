"""Test helper: find real boards (distinct tiles of the set, every touching corner equal).

The engine is not used here, so the boards are an independent witness: ``solve`` assigns tiles to a
hand-designed layout by backtracking over lattice points, and ``path`` finds a chain of cells that
connects a layout edge to edge. Tests then play the result through GameState turn by turn.
"""

from __future__ import annotations

from collections import deque

from scoring.engine.geometry import cells_around, corner_points, edge_neighbour_cells
from scoring.engine.tiles import rotations, tile_set


def path(start, goal, forbidden, limit=12):
    """A shortest chain of edge-adjacent cells from start to goal avoiding forbidden cells."""
    seen = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            chain = []
            while cell is not None:
                chain.append(cell)
                cell = seen[cell]
            return chain[::-1]
        for nxt in edge_neighbour_cells(*cell):
            if nxt not in seen and nxt not in forbidden and abs(nxt[0]) + abs(nxt[1]) < limit:
                seen[nxt] = cell
                queue.append(nxt)
    raise ValueError("no path")


def solve(order, fixed, *, max_number=5, mirror=False, avoid=()):
    """Assign a tile reading to every cell of ``order``.

    ``fixed`` maps cells to the tile they must hold (any rotation). Returns {cell: corners}; the
    tiles are distinct and ``avoid`` tiles are not used. Raises ValueError when impossible.
    """
    tiles = sorted(tile_set(max_number, mirror))
    cells = list(fixed) + [cell for cell in order if cell not in fixed]
    points: dict = {}
    used = set(avoid)
    out: dict = {}

    def options(cell):
        if cell in fixed:
            return list(rotations(fixed[cell]))
        return [rot for tile in tiles if tile not in used for rot in rotations(tile)]

    def go(i):
        if i == len(cells):
            return True
        cell = cells[i]
        corner_pts = corner_points(*cell)
        for rot in options(cell):
            tile = min(rot, rot[1:] + rot[:1], rot[2:] + rot[:2])
            if tile in used and cell not in fixed:
                continue
            if any(points.get(pt, n) != n for pt, n in zip(corner_pts, rot, strict=True)):
                continue
            new = [pt for pt in corner_pts if pt not in points]
            for pt, n in zip(corner_pts, rot, strict=True):
                points.setdefault(pt, n)
            used.add(tile)
            out[cell] = rot
            if go(i + 1):
                return True
            used.discard(tile)
            del out[cell]
            for pt in new:
                del points[pt]
        return False

    if not go(0):
        raise ValueError("no board")
    return out


def ring(x, y):
    """The six cells around point (x, y) in cyclic (edge to edge) order."""
    cells = list(cells_around(x, y))
    chain = [cells.pop(0)]
    while cells:
        nxt = next(c for c in cells if c in edge_neighbour_cells(*chain[-1]))
        cells.remove(nxt)
        chain.append(nxt)
    return chain


def connected_order(cells, start):
    """The cells in an order where each one shares an edge with an earlier one."""
    cells = set(cells)
    order = [start]
    placed = {start}
    while len(order) < len(cells):
        nxt = min(
            c for c in cells - placed if any(n in placed for n in edge_neighbour_cells(*c))
        )
        order.append(nxt)
        placed.add(nxt)
    return order
