"""A player's rating over time as an SVG polyline, drawn on the server (no chart library)."""

from __future__ import annotations


def rating_chart(history, *, width: int = 640, height: int = 220, pad: int = 34) -> dict | None:
    """Points and axis marks for the rating after each game; None before any game.

    Every game is a dot carrying its date, rating and change, shown by the SVG <title> on
    hover or tap without any script; the x axis is labelled with dates."""
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
    games = [
        {"x": round(x(i), 1), "y": round(y(row.after), 1), "value": row.after,
         "change": row.after - row.before, "when": row.finished_at, "game_id": row.game_id}
        for i, row in enumerate(history, 1)
    ]
    # Dates under the axis: the first and last game, and up to three between.
    step = max(len(games) // 4, 1)
    dates = [{**games[i], "anchor": "middle"} for i in range(0, len(games) - 1, step)][:4]
    dates.append({**games[-1], "anchor": "end"})  # the last label ends at the last point
    return {
        "width": width, "height": height, "points": points,
        "ticks": [{"y": round(y(t), 1), "label": t} for t in ticks],
        "last": {"x": round(x(len(values) - 1), 1), "y": round(y(values[-1]), 1),
                 "value": values[-1]},
        "left": pad, "right": width - pad, "games": games,
        "dates": dates, "date_y": height - pad + 16,
    }
