"""Triangular-lattice geometry of record-format.md §1, as offset tables.

Every table is indexed by a cell's parity (0 = ▲ when c + r is even, 1 = ▼) and holds offsets
relative to the cell, so the hot paths add small integers instead of recomputing the geometry.
A parity-preserving translation maps the lattice onto itself, so offsets measured on one reference
cell of each parity hold for every cell.
"""

from __future__ import annotations

UP, DOWN = 0, 1


def parity(c: int, r: int) -> int:
    """0 for a ▲ cell, 1 for a ▼ cell."""
    return (c + r) & 1


def corner_points(c: int, r: int) -> tuple[tuple[int, int], ...]:
    """The three corners of a cell as lattice points, clockwise from its point."""
    if (c + r) & 1:
        return ((c + 1, r + 1), (c, r), (c + 2, r))
    return ((c + 1, r), (c + 2, r + 1), (c, r + 1))


def edge_neighbour_cells(c: int, r: int) -> tuple[tuple[int, int], ...]:
    """The three cells sharing an edge with ``(c, r)``."""
    if (c + r) & 1:
        return ((c - 1, r), (c + 1, r), (c, r - 1))
    return ((c - 1, r), (c + 1, r), (c, r + 1))


def cells_around(x: int, y: int) -> tuple[tuple[int, int], ...]:
    """The six cells that have the lattice point ``(x, y)`` as a corner."""
    return ((x - 1, y), (x - 2, y - 1), (x, y - 1), (x - 1, y - 1), (x, y), (x - 2, y))


def _tables():
    corner_off, edge_off, point_only_off, touch_off = [], [], [], []
    for ref in ((0, 0), (1, 0)):
        c0, r0 = ref
        points = corner_points(c0, r0)
        corner_off.append(tuple((x - c0, y - r0) for x, y in points))
        edges = []
        for cell in edge_neighbour_cells(c0, r0):
            shared = set(points) & set(corner_points(*cell))
            (opposite,) = [k for k in range(3) if points[k] not in shared]
            edges.append(((cell[0] - c0, cell[1] - r0), opposite))
        edge_off.append(tuple(edges))
        neighbours = set(edge_neighbour_cells(c0, r0))
        only, touching = [], set()
        for x, y in points:
            around = [cell for cell in cells_around(x, y) if cell != ref]
            touching.update(around)
            only.append(tuple((a - c0, b - r0) for a, b in around if (a, b) not in neighbours))
        point_only_off.append(tuple(only))
        touch_off.append(tuple(sorted((a - c0, b - r0) for a, b in touching)))
    return tuple(corner_off), tuple(edge_off), tuple(point_only_off), tuple(touch_off)


#: CORNER_OFF[p][k]: offset from the cell to its corner point k.
#: EDGE_OFF[p]: ((dc, dr), k) per edge neighbour, k = the cell's corner opposite that edge.
#: POINT_ONLY_OFF[p][k]: the three cells touching the cell only at its corner k.
#: TOUCH_OFF[p]: the twelve cells sharing at least one corner with the cell.
CORNER_OFF, EDGE_OFF, POINT_ONLY_OFF, TOUCH_OFF = _tables()


def corner_index(cell: tuple[int, int], point: tuple[int, int]) -> int:
    """Which corner (0, 1 or 2) of ``cell`` the point is; ValueError when it is none of them."""
    return corner_points(*cell).index(point)
