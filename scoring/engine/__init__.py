"""The Triominos rules engine: pure Python, standard library only.

Tiles and sets, board geometry and placement checks, rule parameters and presets, the turn / round /
game state machine, and the game record ``triominos-record/1``. See docs/rules.md.
"""

from .bounds import RoundBounds, final_bounds, round_bounds
from .errors import EngineError
from .phase import Phase
from .record import (
    RECORD_FORMAT,
    record_compose,
    record_dumps,
    record_loads,
    record_replay,
    record_round,
    record_state,
    record_validate,
    record_write,
)
from .results import HandCount, RoundEnd, TurnResult
from .rules import PRESETS, Rules, rules_resolve
from .sheet import SheetResult, decided_state, final_check, final_places, sheet_check
from .state import GameState
from .tiles import Tile, tile_from_corners, tile_parse, tile_set

__all__ = [
    "PRESETS",
    "Phase",
    "RECORD_FORMAT",
    "EngineError",
    "GameState",
    "HandCount",
    "RoundEnd",
    "RoundBounds",
    "Rules",
    "SheetResult",
    "Tile",
    "TurnResult",
    "decided_state",
    "final_bounds",
    "final_check",
    "final_places",
    "record_compose",
    "record_dumps",
    "record_loads",
    "record_replay",
    "record_round",
    "record_state",
    "record_validate",
    "record_write",
    "round_bounds",
    "rules_resolve",
    "sheet_check",
    "tile_from_corners",
    "tile_parse",
    "tile_set",
]
