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


@dataclass(frozen=True)
class Bye(Flag):
    """A player sits out this round. ``rank``, ``points`` and ``previous_byes`` are given by
    the Swiss pairing, not by a round robin or the tournaments app."""

    code: ClassVar[str] = "bye"
    player: PlayerId
    reason: ByeReason | str
    rank: int | None = None
    points: float | None = None
    previous_byes: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", _known(ByeReason, self.reason))


@dataclass(frozen=True)
class RepeatMeeting(Flag):
    code: ClassVar[str] = "repeat-meeting"
    warning: ClassVar[bool] = True
    players: tuple[PlayerId, PlayerId]
    table: int
    meetings: int
    last_round: int
    consecutive: bool = False
    proof: Proof | str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "proof", _known(Proof, self.proof))


@dataclass(frozen=True)
class SameClub(Flag):
    code: ClassVar[str] = "same-club"
    warning: ClassVar[bool] = True
    players: tuple[PlayerId, PlayerId]
    club: str | None
    table: int


@dataclass(frozen=True)
class ForbiddenPair(Flag):
    code: ClassVar[str] = "forbidden-pair"
    warning: ClassVar[bool] = True
    players: tuple[PlayerId, PlayerId]
    table: int


@dataclass(frozen=True)
class ScoreFloat(Flag):
    """A player seated with players of other points; ``direction`` is "up", "down" or "both"."""

    code: ClassVar[str] = "score-float"
    player: PlayerId
    points: float
    table: int
    direction: str


@dataclass(frozen=True)
class SeatBalance(Flag):
    """The opener of a table opens again: everybody else at it opened more."""

    code: ClassVar[str] = "seat-balance"
    player: PlayerId
    table: int
    opened: int
    games: int


@dataclass(frozen=True)
class RemainderTable(Flag):
    code: ClassVar[str] = "remainder-table"
    table: int
    size: int
    table_size: int


@dataclass(frozen=True)
class MeetingBalance(Flag):
    """How often each pair meets over a whole round-robin schedule."""

    code: ClassVar[str] = "meeting-balance"
    min: int
    max: int
    variance: float = 0.0
    unmet_pairs: int = 0


@dataclass(frozen=True)
class ExactDesign(Flag):
    """The schedule is a design in which every pair meets exactly once."""

    code: ClassVar[str] = "exact-design"
    design: str
    order: int
    rounds: int


@dataclass(frozen=True)
class KnockoutBye(Flag):
    code: ClassVar[str] = "knockout-bye"
    player: PlayerId
    seed: int
    enters_round: int


@dataclass(frozen=True)
class TwoPlayerTable(Flag):
    """A knockout round with a two-player game the field size makes unavoidable."""

    code: ClassVar[str] = "two-player-table"
    warning: ClassVar[bool] = True
    match: str
    round: int
    table_size: int


@dataclass(frozen=True)
class Qualified(Flag):
    code: ClassVar[str] = "qualified"
    player: PlayerId
    rank: int


@dataclass(frozen=True)
class QualificationCut(Flag):
    """The last qualifier and the first left out, and the tie-break that separated them."""

    code: ClassVar[str] = "qualification-cut"
    last_in: PlayerId
    first_out: PlayerId
    decided_by: str


@dataclass(frozen=True)
class BracketReset(Flag):
    code: ClassVar[str] = "bracket-reset"
    match: str
    winner: PlayerId


@dataclass(frozen=True)
class Tiebreak(Flag):
    """Level on points with the player ranked just above; ``decided_by`` is a tie-break code."""

    code: ClassVar[str] = "tiebreak"
    above: PlayerId
    decided_by: str


@dataclass(frozen=True)
class Lots(Tiebreak):
    """As :class:`Tiebreak`, when only the drawing of lots separated them."""

    code: ClassVar[str] = "lots"


@dataclass(frozen=True)
class DirectEncounterNotApplied(Flag):
    code: ClassVar[str] = "direct-encounter-not-applied"
    players: tuple[PlayerId, ...]


@dataclass(frozen=True)
class WithdrawnRemoved(Flag):
    """The tournaments app: withdrawn players were taken off a planned table."""

    code: ClassVar[str] = "withdrawn-removed"
    warning: ClassVar[bool] = True
    table: int
    players: tuple[PlayerId, ...]


@dataclass(frozen=True)
class EditedByHand(Flag):
    """The tournaments app: an organiser moved or swapped these players."""

    code: ClassVar[str] = "edited-by-hand"
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


KINDS: dict[str, type[Flag]] = {
    kind.code: kind
    for kind in (Bye, RepeatMeeting, SameClub, ForbiddenPair, ScoreFloat, SeatBalance,
                 RemainderTable, MeetingBalance, ExactDesign, KnockoutBye, TwoPlayerTable,
                 Qualified, QualificationCut, BracketReset, Tiebreak, Lots,
                 DirectEncounterNotApplied, WithdrawnRemoved, EditedByHand)
}

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
