"""A game's rating changes, which scoring shows and the ratings app above it computes.

Scoring names nothing of the ratings' tables: ratings registers its one reader here at start-up
(ratings/apps.py), the way it subscribes to ``game_result_changed``. Without a reader (scoring
used alone) every game is shown as not rated yet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class RatingChange:
    """One player's rating before and after a game, as a page shows it."""

    before: int
    after: int
    change: int


Reader = Callable[[int], dict[int, RatingChange]]
_reader: Reader | None = None


def rating_reader_register(reader: Reader) -> None:
    """``reader(game_id)`` answers {player id: RatingChange} for a rated game, {} otherwise
    (one query)."""
    global _reader
    _reader = reader


def rating_changes(game_id: int) -> dict[int, RatingChange]:
    """Each player's rating change in the game, by player id; {} until it is rated."""
    return _reader(game_id) if _reader is not None else {}
