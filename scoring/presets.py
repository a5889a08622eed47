"""The engine's presets as people read them: the one place a preset gets a name.

Which presets exist, and what they set, is the engine's (``engine.PRESETS``); this module only
names them. Clubs sit below scoring and store a club's default preset as a plain code; every
place a person chooses one (forms, the admin) takes its choices from here.
"""

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from .engine import PRESETS

#: Each engine preset by name alone, for pages that state the target beside it.
PRESET_NAMES = {
    "pressman": _("Pressman (box rules)"),
    "club": _("TriOminos.ru club rules"),
    "goliath": _("Goliath"),
}


def preset_name(code: str) -> str:
    """The preset's name in the reader's language (a code the site does not know: the code)."""
    return str(PRESET_NAMES.get(code, code))


def preset_choices() -> list[tuple[str, str]]:
    """Every engine preset with the target it plays to, in the engine's order (a callable, so
    the labels follow the reader's language and a new preset needs no migration)."""
    return [
        (code, pgettext("rules and the target they play to", "%(rules)s, to %(target)d")
         % {"rules": capfirst(preset_name(code)), "target": values["target"]})
        for code, values in PRESETS.items()
    ]


#: The tile sets a game may be played with (rules.md §1), by the name a form and a tournament
#: store: what a person reads, and the rules' parameters for it.
TILE_SETS = {
    "56": (_("56 tiles, numbers 0 to 5"), {}),
    "76": (_("76 tiles, numbers 0 to 5 with mirror tiles"), {"mirror_tiles": True}),
    "84": (_("84 tiles, numbers 0 to 6"), {"max_number": 6}),
}

#: The pools a game may be played with: one for the table, or one each.
POOLS = {
    "shared": _("One pool for the table"),
    "individual": _("A pool of their own for each player"),
}


def tile_set_choices() -> list[tuple[str, str]]:
    return [(name, label) for name, (label, _rules) in TILE_SETS.items()]


def pool_choices() -> list[tuple[str, str]]:
    return list(POOLS.items())


def tile_set_overrides(tiles: str, pool: str) -> dict:
    """What a tile set and a pool change in a preset's rules (the 56 tiles and one shared
    pool change nothing)."""
    overrides = dict(TILE_SETS[tiles or "56"][1])
    if pool == "individual":
        overrides["pool"] = "individual"
    return overrides


def tile_set_of(rules: dict) -> str:
    """The name of the tile set resolved rules play with ("56", "76" or "84")."""
    if rules.get("max_number", 5) == 6:
        return "84"
    return "76" if rules.get("mirror_tiles") else "56"
