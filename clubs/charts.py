"""A player's rating over time as an SVG polyline, drawn on the server (no chart library)."""

from __future__ import annotations


def rating_chart(history, *, width: int = 640, height: int = 200, pad: int = 30) -> dict | None:
    """Points and axis marks for the rating after each game; None before any game."""
    if not history:
        return None
    values = [history[0].before] + [row.after for row in history]
    low, high = min(values), max(values)
    if high - low < 20:
        low, high = low - 10, high + 10
    span_x = max(len(values) - 1, 1)

    def x(i):
        return pad + (width - 2 * pad) * i / span_x

    def y(v):
        return height - pad - (height - 2 * pad) * (v - low) / (high - low)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    ticks = [round(low + (high - low) * k / 4) for k in range(5)]
    return {
        "width": width, "height": height, "points": points,
        "ticks": [{"y": round(y(t), 1), "label": t} for t in ticks],
        "last": {"x": round(x(len(values) - 1), 1), "y": round(y(values[-1]), 1),
                 "value": values[-1]},
        "left": pad, "right": width - pad, "games": len(history),
    }
