"""Flags: the decisions of a pairing or a standings worth explaining, one type per kind.

Each kind is a small frozen dataclass with typed fields; ``code`` is its stable kebab-case
name. Rows store flags as JSON ``{"code": ..., "params": {...}}`` through :func:`flag_to_json`
and read them back through :func:`flag_from_json`, which also reads every shape stored before
the flags were typed. The tournaments app puts them into words (tournaments/flags.py).

Three kinds are made by the tournaments app, not by the core, and share these types:
:class:`WithdrawnRemoved`, :class:`EditedByHand`, and :class:`Bye` with the reasons
``table-emptied`` and ``by-hand``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from .model import PlayerId


class ByeReason(StrEnum):
    ODD_NUMBER = "odd-number"
    REMAINDER = "remainder"  # the players do not fill whole tables
    TOO_FEW_PLAYERS = "too-few-players"
    ROUND_ROBIN = "round-robin"
    TABLE_EMPTIED = "table-emptied"  # the tournaments app: the rest of the table withdrew
    BY_HAND = "by-hand"  # the tournaments app: an organiser made the bye


class Proof(StrEnum):
    """Why a repeat meeting stands."""

    MINIMAL = "minimal"  # no pairing avoids it
    UNAVOIDABLE = "unavoidable"  # no pairing without repeats exists
    HEURISTIC = "heuristic"  # the fastest search found no better pairing
    BY_HAND = "by-hand"  # an organiser seated them


def _known(enum: type[StrEnum], value):
    """The enum member for a known value; an unknown one (from a newer or older version) stays
    the plain string it was, and is said as it is."""
    try:
        return enum(value)
    except ValueError:
        return value


class Flag:
    """The base of every flag kind: ``code`` names the kind, ``warning`` says an organiser
    should look at it before publishing (the rest explain). Kinds about one table of a round
    have a ``table`` field (its number); :meth:`at_table` reads it for any kind."""

    code: ClassVar[str] = ""
    warning: ClassVar[bool] = False

    def at_table(self) -> int | None:
        """The table number this flag is about, None for the round or the schedule."""
        return getattr(self, "table", None)

    @property
    def params(self) -> dict[str, Any]:
        """The fields as the plain values a sentence needs (optional ones left out when unset)."""
        out = {}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is None and f.default is None:
                continue
            out[f.name] = value
        return out


#: Every kind by its code, filled by :func:`kind` as the kinds are defined.
KINDS: dict[str, type[Flag]] = {}


def kind(code: str, *, warning: bool = False):
    """Make a class a flag kind: a frozen dataclass with this ``code``, registered in
    :data:`KINDS` so that stored flags of the kind read back as it."""

    def make(cls):
        cls.code, cls.warning = code, warning
        KINDS[code] = dataclass(frozen=True)(cls)
        return KINDS[code]

    return make


@kind("bye")
class Bye(Flag):
    """A player sits out this round. ``rank``, ``points`` and ``previous_byes`` are given by
    the Swiss pairing, not by a round robin or the tournaments app."""

    player: PlayerId
    reason: ByeReason | str
    rank: int | None = None
    points: float | None = None
    previous_byes: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", _known(ByeReason, self.reason))


@kind("repeat-meeting", warning=True)
class RepeatMeeting(Flag):
    """Two players at a table meet again; ``proof`` says why no better pairing exists."""

    players: tuple[PlayerId, PlayerId]
    table: int
    meetings: int
    last_round: int
    consecutive: bool = False
    proof: Proof | str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "proof", _known(Proof, self.proof))


@kind("same-club", warning=True)
class SameClub(Flag):
    """Two players of one club at a table, which no better pairing avoids."""

    players: tuple[PlayerId, PlayerId]
    club: str | None
    table: int


@kind("forbidden-pair", warning=True)
class ForbiddenPair(Flag):
    """Two players the organiser kept apart meet, because no pairing avoids it."""

    players: tuple[PlayerId, PlayerId]
    table: int


@kind("score-float")
class ScoreFloat(Flag):
    """A player seated with players of other points; ``direction`` is "up", "down" or "both"."""

    player: PlayerId
    points: float
    table: int
    direction: str


@kind("seat-balance")
class SeatBalance(Flag):
    """The opener of a table opens again: everybody else at it opened more."""

    player: PlayerId
    table: int
    opened: int
    games: int


@kind("remainder-table")
class RemainderTable(Flag):
    """A smaller table, because the players do not fill whole tables of ``table_size``."""

    table: int
    size: int
    table_size: int


@kind("meeting-balance")
class MeetingBalance(Flag):
    """How often each pair meets over a whole round-robin schedule."""

    min: int
    max: int
    variance: float = 0.0
    unmet_pairs: int = 0


@kind("exact-design")
class ExactDesign(Flag):
    """The schedule is a design in which every pair meets exactly once."""

    design: str
    order: int
    rounds: int


@kind("knockout-bye")
class KnockoutBye(Flag):
    """A seeded player enters the knockout in a later round."""

    player: PlayerId
    seed: int
    enters_round: int


@kind("two-player-table", warning=True)
class TwoPlayerTable(Flag):
    """A knockout round with a two-player game the field size makes unavoidable."""

    match: str
    round: int
    table_size: int


@kind("qualified")
class Qualified(Flag):
    """A player goes on to the next stage from this rank."""

    player: PlayerId
    rank: int


@kind("qualification-cut")
class QualificationCut(Flag):
    """The last qualifier and the first left out, and the tie-break that separated them."""

    last_in: PlayerId
    first_out: PlayerId
    decided_by: str


@kind("tiebreak")
class Tiebreak(Flag):
    """Level on points with the player ranked just above; ``decided_by`` is a tie-break code."""

    above: PlayerId
    decided_by: str


@kind("lots")
class Lots(Tiebreak):
    """As :class:`Tiebreak`, when only the drawing of lots separated them."""


@kind("direct-encounter-not-applied")
class DirectEncounterNotApplied(Flag):
    """Not all of these level players met, so direct encounter only partly separates them."""

    players: tuple[PlayerId, ...]


@kind("withdrawn-removed", warning=True)
class WithdrawnRemoved(Flag):
    """The tournaments app: withdrawn players were taken off a planned table."""

    table: int
    players: tuple[PlayerId, ...]


@kind("edited-by-hand")
class EditedByHand(Flag):
    """The tournaments app: an organiser moved or swapped these players."""

    players: tuple[PlayerId, ...]
    tables: tuple[int, ...] = ()


@dataclass(frozen=True)
class UnknownFlag(Flag):
    """A stored flag of a kind (or shape) this version does not know; kept as it was."""

    code: str  # type: ignore[misc]
    stored: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def at_table(self) -> int | None:
        return self.stored.get("table")

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.stored)


def _plain(value):
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def flag_to_json(flag: Flag) -> dict[str, Any]:
    """``{"code": ..., "params": {...}}`` with only JSON values (lists, plain strings)."""
    return {"code": flag.code, "params": {k: _plain(v) for k, v in flag.params.items()}}


def flags_to_json(flags: Iterable[Flag]) -> list[dict[str, Any]]:
    return [flag_to_json(f) for f in flags]


def _typed(value):
    return tuple(value) if isinstance(value, list) else value


def flag_from_json(data: Mapping[str, Any]) -> Flag:
    """A stored flag as its type; a kind or shape this version does not know stays readable
    as :class:`UnknownFlag` rather than failing the page that shows it."""
    code = str(data.get("code", ""))
    params = dict(data.get("params") or {})
    kind = KINDS.get(code)
    if kind is None:
        return UnknownFlag(code, params)
    if not set(params) <= {f.name for f in dataclasses.fields(kind)}:
        return UnknownFlag(code, params)
    try:
        return kind(**{k: _typed(v) for k, v in params.items()})
    except TypeError:  # a field missing from an old row
        return UnknownFlag(code, params)


def flags_from_json(stored: Iterable[Mapping[str, Any]] | None) -> list[Flag]:
    return [flag_from_json(d) for d in stored or ()]
