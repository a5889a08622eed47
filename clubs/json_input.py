"""The one reader of JSON sent to the site: a game record uploaded for import or attached to a
game, the tablet's queue of turns sent after a lost connection.

Python's parser recurses once per level of nesting, so a few kilobytes of ``[[[[…`` exhaust
its recursion limit (a RecursionError, which no ``except ValueError`` catches). Here the size
is checked first and the depth is measured before the parser runs, without recursion, so
nothing deeper than the caller's limit ever reaches it. Everything refused raises
`JsonRefused`, whose message is a sentence in the reader's language.
"""

from __future__ import annotations

import json
import re

from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# A JSON string, escapes included; what is inside one is text, not nesting.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_OPENING = frozenset(b"[{")


class JsonRefused(ValueError):
    """JSON the site will not read. ``reason`` is "size", "depth" or "syntax"."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def json_read(raw: bytes | str, *, max_bytes: int | None, max_depth: int):
    """The value ``raw`` holds, refusing more than ``max_bytes`` bytes (None: no limit),
    containers nested more than ``max_depth`` deep, text that is not UTF-8, and what is not
    JSON (NaN and Infinity included)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if max_bytes is not None and len(raw) > max_bytes:
        raise JsonRefused("size", _("The data is larger than %(limit)s.")
                          % {"limit": filesizeformat(max_bytes)})
    if _deeper_than(raw, max_depth):
        raise JsonRefused("depth", ngettext(
            "The data is nested deeper than %(n)s level.",
            "The data is nested deeper than %(n)s levels.", max_depth) % {"n": max_depth})
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError):
        # ValueError covers integers of more digits than Python converts, too.
        raise JsonRefused("syntax", _("The data is not valid JSON.")) from None


def _deeper_than(raw: bytes, limit: int) -> bool:
    depth = 0
    for byte in _NOT_BRACKET.sub(b"", _STRING.sub(b"", raw)):
        if byte in _OPENING:
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _no_constant(name: str):
    raise ValueError(name)  # NaN and Infinity are not JSON numbers
