"""Drawing the table: cell polygons and corner labels in SVG user units (side length 1)."""

from __future__ import annotations

from functools import lru_cache

# The engine's lattice: a cell's corners in record-format.md §1 order (point first, clockwise).
from scoring.engine.geometry import corner_points

_H = 3**0.5 / 2  # height of a triangle of side 1


def _screen(x: int, y: int) -> tuple[float, float]:
    return x / 2, y * _H


def cell_shape(c: int, r: int, corners=None) -> dict:
    """Polygon points and, when numbers are given, where each number is written."""
    pts = [_screen(*p) for p in corner_points(c, r)]
    cx = sum(x for x, _ in pts) / 3
    cy = sum(y for _, y in pts) / 3
    shape = {
        "c": c, "r": r,
        "points": " ".join(f"{x:.3f},{y:.3f}" for x, y in pts),
        "cx": round(cx, 3), "cy": round(cy, 3),
    }
    if corners is not None:
        # Numbers sit 38% of the way from each corner to the centre, inside the tile.
        shape["labels"] = [
            {"x": round(x + (cx - x) * 0.38, 3), "y": round(y + (cy - y) * 0.38, 3), "n": n}
            for (x, y), n in zip(pts, corners, strict=True)
        ]
    return shape


def view_box(cells, margin: float = 1.5) -> str:
    """A viewBox around the given cells, never smaller than a few tiles."""
    if not cells:
        return "-2 -2 5 4.5"
    xs, ys = [], []
    for c, r in cells:
        for p in corner_points(c, r):
            x, y = _screen(*p)
            xs.append(x)
            ys.append(y)
    x0, x1 = min(xs) - margin, max(xs) + margin
    y0, y1 = min(ys) - margin, max(ys) + margin
    width, height = max(x1 - x0, 5.0), max(y1 - y0, 4.0)
    return f"{x0:.2f} {y0:.2f} {width:.2f} {height:.2f}"


def cells_svg(cells, last_cell) -> str:
    """The tiles on the table as SVG markup, from the board's ((c, r), corners) pairs. Built
    here rather than in a template loop: the tablet redraws it after every turn, and a
    template loop over every corner label costs more than the rest of the request. Each
    tile's markup is worked out once per process (a board keeps its tiles from turn to turn)."""
    return "".join(_tile_svg(c, r, tuple(corners), last_cell == (c, r))
                   for (c, r), corners in cells)


@lru_cache(maxsize=8192)
def _tile_svg(c: int, r: int, corners: tuple[int, int, int], last: bool) -> str:
    cell = cell_shape(c, r, corners)
    labels = "".join(
        f'<text class="num" x="{lb["x"]}" y="{lb["y"]}">{int(lb["n"])}</text>'
        for lb in cell["labels"]
    )
    mark = " last" if last else ""
    return (f'<g class="tile" data-c="{c}" data-r="{r}">'
            f'<polygon class="cell{mark}" points="{cell["points"]}"/>{labels}</g>')
