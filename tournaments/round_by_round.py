"""Round by round (a chess crosstable): each player's result in each round, beside the
standings' totals.

Read from the same tables the standings are computed from (pairing_rows.load_tables), so the two
never disagree; no query of its own."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import pairing_rows


@dataclass(frozen=True)
class Cell:
    """One player's round: the table, and once it is over the place, score and tournament
    points it brought; a bye has points and no table; ``playing`` while the game runs."""

    table: int | None = None
    place: int | None = None
    score: int | None = None
    points: float | None = None
    bye: bool = False
    playing: bool = False


def _number(value: Fraction | float) -> float | int:
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def round_by_round(tournament, tables: list[pairing_rows.PlayedTable]
                   ) -> tuple[list[int], dict[int, dict[int, Cell]]]:
    """The round numbers played so far and, per player id, their cell in each round."""
    scheme = pairing_rows.scheme_for(tournament)
    rounds = sorted({t.round_number for t in tables})
    cells: dict[int, dict[int, Cell]] = {}
    for t in tables:
        if t.bye:
            for player in t.seats:
                cells.setdefault(player, {})[t.round_number] = Cell(
                    bye=True, points=_number(scheme.bye))
        elif t.finished and t.results:
            points = scheme.table_points([place for _, _, place in t.results])
            for (player, score, place), won in zip(t.results, points, strict=True):
                cells.setdefault(player, {})[t.round_number] = Cell(
                    table=t.number, place=place, score=score, points=_number(won))
        else:  # still playing, or abandoned: the table only
            for player in t.seats:
                cells.setdefault(player, {})[t.round_number] = Cell(
                    table=t.number, playing=not t.done)
    return rounds, cells
