"""CSV the site writes, safe to open in a spreadsheet.

A cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by
spreadsheets as a formula (and formulas can fetch URLs or run commands). Text cells that begin
so get a leading apostrophe, which spreadsheets show as plain text; numbers are written as they
are, so a negative trend stays a number.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value):
    """The cell as a spreadsheet should show it: text that would run gets an apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _Line:
    def write(self, value):
        return value


def csv_lines(header: list, rows: Iterable[list]) -> Iterator[str]:
    """The header and rows as CSV lines, each cell neutralised, for streaming responses."""
    writer = csv.writer(_Line())
    yield writer.writerow([neutralise(cell) for cell in header])
    for row in rows:
        yield writer.writerow([neutralise(cell) for cell in row])
