from django import template
from django.utils.translation import gettext_lazy, pgettext_lazy

from clubs import numbers

register = template.Library()
register.filter("signed", numbers.signed)  # the tablet's templates load it from here

# What each part of a turn's points is for, said before its number ("tile +8", "draws −5";
# in Russian «за костяшку +8», «добор −5»): a context of their own, as the words differ there
# (written out in each call: makemessages reads only a literal context).
PART_NAMES = {
    "tile": pgettext_lazy("points of a turn", "tile"),
    "opening": pgettext_lazy("points of a turn", "opening"),
    "hexagons": pgettext_lazy("points of a turn", "hexagon"),
    "bridge": pgettext_lazy("points of a turn", "bridge"),
    "three_vertex": pgettext_lazy("points of a turn", "three corners"),
    "vertex_placement": pgettext_lazy("points of a turn", "vertex placement"),
    "draws": pgettext_lazy("points of a turn", "draws"),
    "pass": gettext_lazy("pass"),  # the word a passed turn is shown with: «пас», "passen"
}
BONUS_PARTS = ("opening", "hexagons", "bridge", "three_vertex")


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
