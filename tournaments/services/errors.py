"""The services' one exception: a refusal with a stable code the views put into words."""

from __future__ import annotations


class Refused(Exception):
    """An action the tournament's state does not allow; ``code`` is kebab-case, stable."""

    def __init__(self, code: str, **params) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"Refused({self.code!r}, {self.params!r})"
