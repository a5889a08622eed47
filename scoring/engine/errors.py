"""The one exception of the engine: an error value with a stable code."""

from __future__ import annotations


class EngineError(Exception):
    """A refused move, record or parameter.

    ``code`` is a stable kebab-case word the web layer translates, ``message`` an English sentence
    for logs and the CLI, ``params`` the values quoted in the message. ``round`` and ``turn`` are
    0-based indices set when the error comes from replaying a record (``turn`` is None for a
    round-level error, both are None for a record-level one).
    """

    def __init__(self, code: str, message: str, params: dict | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = dict(params) if params else {}
        self.round: int | None = None
        self.turn: int | None = None

    def __repr__(self) -> str:
        return f"EngineError({self.code!r}, {self.message!r}, {self.params!r})"

    def to_dict(self) -> dict:
        """The error as the JSON object the CLI prints under ``"error"``."""
        return {
            "round": self.round,
            "turn": self.turn,
            "code": self.code,
            "message": self.message,
            "params": self.params,
        }
