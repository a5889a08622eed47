"""The one exception of the engine: an error value with a stable code."""

from __future__ import annotations

from coded import CodedError

#: Every code the engine raises, grouped by where it comes from. The web layer has a sentence
#: for each (scoring/messages.py); tests/scoring/test_core_errors.py checks that the engine
#: raises no other and that each comes out in English and in Russian.
CODES = frozenset({
    # a turn (state.py, board.py, tiles.py)
    "unknown-player", "bad-move", "bad-tile", "no-such-tile", "tile-played", "occupied",
    "mismatch", "not-adjacent", "opening-draw", "must-place", "out-of-turn", "too-many-draws",
    "pool-empty", "must-draw", "empty-hand", "round-over", "game-over",
    # a game's players and deal (state.py)
    "player-count", "player-duplicate", "bad-totals", "bad-dealt",
    # the end of a round (roundend.py)
    "round-not-over", "bad-hand", "hand-count", "hand-points", "tile-duplicate",
    # rules (rules.py)
    "bad-rules",
    # a record (record.py, __main__.py)
    "bad-json", "bad-record", "hands-missing", "hands-early", "partial-history", "no-file",
    # a score sheet (sheet.py)
    "sheet-number", "sheet-round-winner", "sheet-empty", "sheet-no-target",
    "sheet-after-end", "sheet-row", "sheet-not-over", "sheet-total", "final-not-over",
    # beyond what a legal round can give or take (sheet.py, bounds.py)
    "sheet-round-high", "sheet-round-low", "final-high", "final-low", "final-rounds-needed",
    "final-rounds", "reached-below",
})


class EngineError(CodedError):
    """A refused move, record or parameter (``code`` from :data:`CODES`).

    ``round`` and ``turn`` are 0-based indices set when the error comes from replaying a record
    (``turn`` is None for a round-level error, both are None for a record-level one).
    """

    def __init__(self, code: str, message: str, params: dict | None = None) -> None:
        super().__init__(code, message, params)
        self.round: int | None = None
        self.turn: int | None = None

    def to_dict(self) -> dict:
        """The error as the JSON object the CLI prints under ``"error"``."""
        return {"round": self.round, "turn": self.turn, **super().to_dict()}
