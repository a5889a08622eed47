"""The plain values a turn and a round end return."""

from __future__ import annotations

from typing import NamedTuple

from .tiles import Tile


class TurnResult(NamedTuple):
    """What one turn did. ``points`` is the signed change of the player's score."""

    seat: int
    points: int
    detail: dict
    tile: Tile | None
    at: tuple[int, int] | None
    corners: tuple[int, int, int] | None
    hexagons: int
    bridge: bool
    round_end: str | None


class RoundEnd(NamedTuple):
    """How a round ended: reason, winner seat, round-end points and pips per seat."""

    reason: str
    winner: int
    points: list[int]
    pips: list[int]
    game_over: bool


class HandCount(NamedTuple):
    """A hand counted without naming its tiles: how many and their pip sum."""

    count: int
    points: int
