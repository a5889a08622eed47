"""Numbers as a person reads them: a negative number with the minus sign (−21, never the
hyphen of "-21"), a change with its sign (+14, −5, 0), in the reader's number format (3,5 in
Russian and German). Scores, points, rating changes and averages all go through here, on every
page; the tablet's and the replay's scripts write the same sign."""

from __future__ import annotations

from django.utils.formats import number_format

MINUS = "\u2212"


def number(value, decimals: int | None = None) -> str:
    """−21, 14; "" for a missing or unreadable value."""
    try:
        # Rounded here: Django's number_format cuts the places off (15.666 → "15.66").
        value = round(float(value), decimals) if decimals else int(value)
    except (TypeError, ValueError):
        return ""
    shown = number_format(abs(value), decimals)
    return MINUS + shown if value < 0 else shown


def signed(value, decimals: int | None = None) -> str:
    """+14, −5, 0: a change, always with its sign (zero has none)."""
    shown = number(value, decimals)
    return "+" + shown if shown and float(value) > 0 else shown
