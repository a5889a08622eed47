"""The refusal shape the three pure cores share: a stable code, an English message, params.

The engine (scoring/engine), the ratings core and the pairing core each subclass
:class:`CodedError` with their own codes; the apps word the codes in their messages.py. Standard
library only and importing nothing of ours, so any core may build on it without importing
another core or Django (pyproject's import-linter contracts).
"""

from __future__ import annotations


class CodedError(Exception):
    """``code`` a stable kebab-case word from the core's CODES, ``message`` an English sentence
    for logs, tests and the CLI, ``params`` the plain values a translated sentence quotes."""

    def __init__(self, code: str, message: str, params: dict | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = dict(params) if params else {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r}, {self.params!r})"

    def to_dict(self) -> dict:
        """The error as JSON (stored with a round whose pairing failed, printed by the CLI)."""
        return {"code": self.code, "message": self.message, "params": self.params}
