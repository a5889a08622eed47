"""A player's rating over time: an SVG drawn on the server (the page's first paint, and all there
is without script), and the same points as data for static/js/rating-chart.js, which draws the
chart again at the width of the reader's screen and answers taps (docs/ratings.md)."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime

from clubs.numbers import signed

# The axis counts days up to two months, months up to three years, then years: the same
# steps as chart-core.js periodUnit.
DAYS_UP_TO = timedelta(days=62)
MONTHS_UP_TO = timedelta(days=3 * 366)


def period_unit(first, last) -> str:
    span = abs(last - first)
    if span <= DAYS_UP_TO:
        return "day"
    return "month" if span <= MONTHS_UP_TO else "year"


def _period(when, unit: str) -> tuple:
    return (when.year,) if unit == "year" else (
        (when.year, when.month) if unit == "month" else (when.year, when.month, when.day))


def _axis_label(when, unit: str) -> str:
    # The reader's language's short formats (config/formats/<code>/formats.py).
    if unit == "year":
        return str(when.year)
    return date_format(when, "MONTH_DAY_FORMAT" if unit == "day" else "YEAR_MONTH_FORMAT")


def date_ticks(moments: list, xs: list[float], *, gap=lambda label: len(label) * 7 + 12) -> list:
    """The first game of each day, month or year (by the span), thinned from the left so that
    labels keep apart: [(index, label)], never the same label twice."""
    if not moments:
        return []
    unit = period_unit(moments[0], moments[-1])
    ticks, last_period, last_end = [], None, float("-inf")
    for index, when in enumerate(moments):
        period = _period(when, unit)
        if period == last_period:
            continue
        last_period = period
        label = _axis_label(when, unit)
        half = gap(label) / 2
        if xs[index] - half < last_end:
            continue
        ticks.append((index, label))
        last_end = xs[index] + half
    return ticks


def point_label(row) -> str:
    """"3 Dec 2026: 1043 (+12)": a point's date and rating, in the reader's language."""
    change = signed(row.after - row.before)
    return f"{date_format(localtime(row.finished_at))}: {row.after} ({change})"


def rating_chart(history, *, width: int = 640, height: int = 220, pad: int = 34) -> dict | None:
    """Points and axis marks for the rating after each game; None before any game.

    Every game is a dot carrying its date, rating and change (its SVG <title>, which a mouse
    shows without any script); the x axis names the first game of each day, month or year."""
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
         "change": row.after - row.before, "when": row.finished_at, "game_id": row.game_id,
         "label": point_label(row)}
        for i, row in enumerate(history, 1)
    ]
    moments = [localtime(row.finished_at) for row in history]
    dates = []
    for index, label in date_ticks(moments, [g["x"] for g in games]):
        at = games[index]["x"]
        half = len(label) * 3.5
        anchor = "start" if at - half < 0 else "end" if at + half > width else "middle"
        dates.append({"x": at, "label": label, "anchor": anchor})
    return {
        "width": width, "height": height, "points": points,
        "ticks": [{"y": round(y(t), 1), "label": t} for t in ticks],
        "last": {"x": round(x(len(values) - 1), 1), "y": round(y(values[-1]), 1),
                 "value": values[-1]},
        "left": pad, "right": width - pad, "games": games,
        "dates": dates, "date_y": height - pad + 16,
        # What rating-chart.js draws from (json_script): plain values only.
        "data": {
            "start": values[0],
            "games": [{"at": int(row.finished_at.timestamp() * 1000), "value": row.after,
                       "label": g["label"],
                       "url": reverse("scoring:game-detail", args=[row.game_id])}
                      for row, g in zip(history, games, strict=True)],
        },
    }
