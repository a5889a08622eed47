from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

PART_NAMES = {
    "tile": _("tile"),
    "opening": _("opening"),
    "hexagons": _("hexagon"),
    "bridge": _("bridge"),
    "three_vertex": _("three corners"),
    "vertex_placement": _("vertex placement"),
    "draws": _("draws"),
    "pass": _("pass"),
}
BONUS_PARTS = ("opening", "hexagons", "bridge", "three_vertex")


@register.filter
def signed(value) -> str:
    """+14, −5, 0: how a change of score is written."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return ""
    if number > 0:
        return f"+{number}"
    return f"−{-number}" if number < 0 else "0"


@register.filter
def part_name(part: str) -> str:
    return str(PART_NAMES.get(part, part))


@register.filter
def bonuses(detail) -> list[str]:
    """The bonus parts of a turn's breakdown, for the 'bonus!' signal."""
    return [str(PART_NAMES[p]) for p in BONUS_PARTS if detail and detail.get(p)]


@register.filter
def at(sequence, index):
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return None
