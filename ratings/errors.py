"""The one exception of the ratings core (ratings/core.py): a refusal with a stable code.

The shape all three cores share (coded.CodedError: code, English message, params): the pure
cores stay free of Django and of each other. No page shows them (the ratings are computed from
stored games, so a refusal is a defect): the message is for logs and tests.
"""

from __future__ import annotations

from coded import CodedError

#: Every code the ratings core raises; tests/ratings/test_ratings_errors.py checks that the
#: core raises no other and that each has a sentence in English and Russian.
CODES = frozenset({
    "score-not-finite",  # score: NaN or an infinity, which would place nobody
    "results-mismatch",  # ratings, results: not one result per rating
    "player-count",  # count, min, max
    "bad-place",  # place: a place is a whole number from 1
    "player-twice",  # game: one player twice in a game
    "game-twice",  # game: one game twice in a recompute
    "bad-changes",  # players, floats: four floats per player
})


class RatingsError(CodedError, ValueError):
    """Input the ratings core refuses: a code from :data:`CODES`. It is a ValueError, so a
    caller that only needs to know the input was bad still catches it."""
