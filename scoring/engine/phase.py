"""The phases of a round, as the engine names them. ``scoring.models.Game.Phase`` (the choices a
game's cached phase takes) is built from this enum, and the tablet's script is never sent these
names: it gets booleans and seats (scoring/tablet_data.py)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    OPENING = "opening"  # the table is empty; any seat may open
    PLAY = "play"  # seats take turns in order
    HANDS = "hands"  # the round ended; the hands left are due (GameState.end_round)
    OVER = "over"  # the game has ended

    @property
    def takes_turns(self) -> bool:
        """A turn (a placement or a pass) may be played in this phase."""
        return self in (Phase.OPENING, Phase.PLAY)
