"""Game titles the site makes up are stored as parts and worded when shown.

A title someone typed is kept in ``Game.title`` and shown as typed. A title the site makes up
(a tournament table, the demo's club evenings) is stored in ``Game.title_parts`` as its kind and
values, so every reader sees it worded in their own language. Apps above scoring word their
own kinds: they register a function here (tournaments does, in its AppConfig.ready), so scoring
needs no knowledge of them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext

Worder = Callable[[dict], str]
_WORDERS: dict[str, Worder] = {}


def title_kind(kind: str) -> Callable[[Worder], Worder]:
    """Register how titles of ``kind`` are worded (in the language active when shown)."""

    def register(worder: Worder) -> Worder:
        _WORDERS[kind] = worder
        return worder

    return register


def title_render(parts: dict) -> str:
    """The title worded from its parts; "" for a kind nobody words (the caller falls back)."""
    worder = _WORDERS.get(parts.get("kind", ""))
    try:
        return worder(parts) if worder else ""
    except (KeyError, TypeError, ValueError):
        return ""  # parts from an older or foreign file: better the fallback than a 500


@title_kind("club-evening")
def _club_evening(parts: dict) -> str:
    day = date_format(date.fromisoformat(parts["date"]))  # as every date on the site reads
    return gettext("Club evening %(date)s, table %(table)s") % {"date": day,
                                                                "table": parts["table"]}


@title_kind("tonight")
def _tonight(parts: dict) -> str:
    return gettext("Tonight, table %(table)s") % {"table": parts["table"]}
