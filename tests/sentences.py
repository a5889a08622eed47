"""Checks that a sentence shown to a person is finished prose in its language: no unfilled
placeholder, and no English left in a Russian sentence except the values quoted in it."""

from __future__ import annotations

import re

_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_PLACEHOLDER = re.compile(r"%\(\w+\)\w|%[sd]|\{\{|\{\w+\}")


def _values(params) -> list[str]:
    """Every string quoted from ``params`` (nested lists and dicts included)."""
    if isinstance(params, dict):
        return [v for x in params.values() for v in _values(x)]
    if isinstance(params, (list, tuple)):
        return [v for x in params for v in _values(x)]
    return [str(params)]


def assert_sentence(text: str, lang: str, params=None) -> None:
    assert isinstance(text, str) and text.strip(), text
    assert not _PLACEHOLDER.search(text), f"unfilled placeholder in {text!r}"
    if lang == "ru":
        assert _CYRILLIC.search(text), f"no Russian in {text!r}"
        rest = text
        for value in sorted(_values(params or {}), key=len, reverse=True):
            rest = rest.replace(value, " ")
        assert not _LATIN_WORD.findall(rest), f"English left in {text!r}"
    else:
        values = " ".join(_values(params or {}))
        assert not _CYRILLIC.search(text) or _CYRILLIC.search(values), f"Russian in {text!r}"
