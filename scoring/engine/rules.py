"""Rule parameters, the presets, and turning a preset name or override object into Rules."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import EngineError

_DEFAULT_DEALT = {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}

_CHOICES = {
    "bridge_rule": ("strict", "extended"),
    "out_transfer": ("to_winner", "from_losers"),
    "blocked_winner": ("fewest_tiles", "lowest_points"),
    "blocked_transfer": ("others_minus_own", "differences"),
    "game_winner": ("highest", "round_winner_first"),
    "pool": ("shared", "individual"),
}

_POINT_FIELDS = (
    "draw_penalty", "fail_penalty", "empty_pool_pass_penalty", "vertex_placement_penalty",
    "opening_triple_bonus", "opening_000_bonus", "bridge_bonus", "three_vertex_bonus", "out_bonus",
)


def _bad(name: str, value, expected: str) -> EngineError:
    return EngineError(
        "bad-rules",
        f"rule {name} must be {expected}, not {value!r}",
        {"name": name, "value": repr(value), "expected": expected},
    )


def _is_int(value) -> bool:
    # bool is an int subclass; a rule written as true where a number belongs is a mistake.
    return isinstance(value, int) and not isinstance(value, bool)


class DealTable(Mapping):
    """Tiles dealt per player, by player count: a read-only, hashable, picklable mapping."""

    __slots__ = ("_items",)

    def __init__(self, items) -> None:
        self._items = tuple(sorted(dict(items).items()))

    def __getitem__(self, players: int) -> int:
        for count, tiles in self._items:
            if count == players:
                return tiles
        raise KeyError(players)

    def __iter__(self):
        return (count for count, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other) -> bool:
        if isinstance(other, DealTable):
            return self._items == other._items
        return isinstance(other, Mapping) and dict(self._items) == dict(other.items())

    def __repr__(self) -> str:
        return f"DealTable({dict(self._items)!r})"

    def __reduce__(self):
        return (DealTable, (self._items,))


def _dealt_table(value, min_players: int, max_players: int) -> DealTable:
    if _is_int(value):
        table = dict.fromkeys(range(min_players, max_players + 1), value)
    elif isinstance(value, Mapping):
        table = {}
        for key, tiles in value.items():
            # isdigit() would pass "²", which int() refuses; a player count has one digit.
            count = int(key) if isinstance(key, str) and key.isdecimal() and len(key) < 4 else key
            if not _is_int(count) or not _is_int(tiles) or tiles < 1:
                raise _bad("dealt", dict(value), "a mapping of player count to tiles (>= 1)")
            table[count] = tiles
    else:
        raise _bad("dealt", value, "a mapping of player count to tiles")
    missing = [n for n in range(min_players, max_players + 1) if n not in table]
    if missing:
        raise _bad("dealt", dict(table), f"a mapping with an entry for {missing[0]} players")
    return DealTable(table)


@dataclass(frozen=True)
class Rules:
    """Every parameter of rules.md; defaults are the Pressman rules.

    Construct through ``rules_resolve`` for presets; direct construction validates too.
    """

    preset: str = "pressman"
    max_number: int = 5
    mirror_tiles: bool = False
    dealt: Mapping[int, int] = field(default_factory=lambda: dict(_DEFAULT_DEALT))
    min_players: int = 2
    max_players: int = 6
    draw_penalty: int = 5
    max_draws: int | None = 3
    fail_penalty: int = 10
    empty_pool_pass_penalty: int = 10
    vertex_placement: bool = False
    vertex_placement_penalty: int = 5
    opening_triple_bonus: int = 10
    opening_000_bonus: int = 40
    hexagon_bonus: tuple[int, int, int] = (50, 100, 150)
    bridge_bonus: int = 40
    bridge_rule: str = "strict"
    three_vertex_bonus: int = 30
    out_bonus: int = 25
    out_transfer: str = "to_winner"
    blocked_winner: str = "fewest_tiles"
    blocked_transfer: str = "others_minus_own"
    target: int | None = 400
    rounds_limit: int | None = None
    game_winner: str = "round_winner_first"
    # "individual": the undealt tiles are split among the players, each draws from their own.
    pool: str = "shared"

    def __post_init__(self) -> None:
        if self.preset not in _PRESETS:
            raise _bad("preset", self.preset, "one of " + ", ".join(_PRESETS))
        if not _is_int(self.max_number) or not 1 <= self.max_number <= 9:
            raise _bad("max_number", self.max_number, "an integer from 1 to 9")
        for name in ("mirror_tiles", "vertex_placement"):
            if not isinstance(getattr(self, name), bool):
                raise _bad(name, getattr(self, name), "true or false")
        if not _is_int(self.min_players) or self.min_players < 1:
            raise _bad("min_players", self.min_players, "an integer >= 1")
        if not _is_int(self.max_players) or self.max_players < self.min_players:
            raise _bad("max_players", self.max_players, f"an integer >= {self.min_players}")
        for name in _POINT_FIELDS:
            if not _is_int(getattr(self, name)) or getattr(self, name) < 0:
                raise _bad(name, getattr(self, name), "an integer >= 0")
        if self.max_draws is not None and (not _is_int(self.max_draws) or self.max_draws < 1):
            raise _bad("max_draws", self.max_draws, "an integer >= 1 or null")
        bonus = self.hexagon_bonus
        if (
            not isinstance(bonus, (list, tuple))
            or len(bonus) != 3
            or not all(_is_int(b) and b >= 0 for b in bonus)
        ):
            raise _bad("hexagon_bonus", bonus, "a list of three integers >= 0")
        object.__setattr__(self, "hexagon_bonus", tuple(bonus))
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise _bad(name, getattr(self, name), "one of " + ", ".join(allowed))
        for name in ("target", "rounds_limit"):
            value = getattr(self, name)
            if value is not None and (not _is_int(value) or value < 1):
                raise _bad(name, value, "an integer >= 1 or null")
        object.__setattr__(
            self, "dealt", _dealt_table(self.dealt, self.min_players, self.max_players)
        )

    def dealt_for(self, players: int) -> int:
        """Tiles dealt to each player in a game of ``players``."""
        return self.dealt[players]

    def to_dict(self) -> dict:
        """Every parameter as plain JSON values; ``rules_resolve`` of it gives equal Rules."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "dealt":
                value = {str(k): v for k, v in value.items()}
            elif f.name == "hexagon_bonus":
                value = list(value)
            out[f.name] = value
        return out


_PRESETS: dict[str, dict] = {
    "pressman": {
        "target": 400,
        "opening_triple_bonus": 10,
        "opening_000_bonus": 40,
        "hexagon_bonus": (50, 100, 150),
        "bridge_bonus": 40,
        "bridge_rule": "strict",
        "max_draws": 3,
        "draw_penalty": 5,
        "fail_penalty": 10,
        "empty_pool_pass_penalty": 10,
        "vertex_placement": False,
        "out_bonus": 25,
        "out_transfer": "to_winner",
        "blocked_winner": "fewest_tiles",
        "blocked_transfer": "others_minus_own",
        "game_winner": "round_winner_first",
    },
    "club": {
        "target": 200,
        "opening_triple_bonus": 10,
        "opening_000_bonus": 30,
        "hexagon_bonus": (50, 100, 150),
        "bridge_bonus": 40,
        "bridge_rule": "strict",
        "max_draws": None,
        "draw_penalty": 5,
        "fail_penalty": 10,
        "empty_pool_pass_penalty": 10,
        "vertex_placement": True,
        "vertex_placement_penalty": 5,
        "three_vertex_bonus": 30,
        "out_bonus": 25,
        "out_transfer": "from_losers",
        "blocked_winner": "fewest_tiles",
        "blocked_transfer": "others_minus_own",
        "game_winner": "round_winner_first",
    },
    "goliath": {
        "target": 400,
        "opening_triple_bonus": 0,
        "opening_000_bonus": 0,
        "hexagon_bonus": (50, 60, 70),
        "bridge_bonus": 40,
        "bridge_rule": "strict",
        "max_draws": 3,
        "draw_penalty": 5,
        "fail_penalty": 10,
        "empty_pool_pass_penalty": 0,
        "vertex_placement": False,
        "out_bonus": 25,
        "out_transfer": "to_winner",
        "blocked_winner": "lowest_points",
        "blocked_transfer": "others_minus_own",
        "game_winner": "highest",
    },
}

#: Preset name -> the parameters it sets (rules.md §7); everything else keeps its default.
#: A copy: changing it does not change what ``rules_resolve`` produces.
PRESETS: dict[str, dict] = {name: dict(values) for name, values in _PRESETS.items()}

_FIELDS = tuple(f.name for f in dataclasses.fields(Rules))


def rules_resolve(spec) -> Rules:
    """Turn a preset name, an override object, or Rules into Rules.

    An object ``{"preset": "club", "target": 300}`` starts from the preset (``pressman`` when the
    key is absent) and overrides parameters by name. Unknown names and bad values raise
    EngineError ``bad-rules``.
    """
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, Mapping):
        raise _bad("rules", spec, "a preset name or an object")
    preset = spec.get("preset", "pressman")
    if preset not in _PRESETS:
        raise EngineError(
            "bad-rules", f"unknown preset {preset!r}", {"name": "preset", "value": repr(preset)}
        )
    unknown = [key for key in spec if key not in _FIELDS]
    if unknown:
        raise EngineError(
            "bad-rules", f"unknown rule parameter {unknown[0]!r}", {"name": str(unknown[0])}
        )
    values = dict(_PRESETS[preset])
    values.update(spec)
    values["preset"] = preset
    return Rules(**values)
