from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

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


@register.simple_tag
def scoreboard_rows(rows) -> str:
    """The scoreboard's lines (game_shown.SeatLine), as a template loop over them would write
    them: the tablet draws its scoreboard after every turn, and the loop cost more than the rest
    of it (issue 25). Seats, hands and pools are under 100, which no number format groups: they
    are written as they are; a score in the reader's format (clubs.numbers)."""
    to_play = escape(gettext("to play"))
    winner = escape(gettext("winner"))
    out = []
    for row in rows:
        classes = ("to-play" if row.to_play else "") + (" winner" if row.winner else "")
        mark = f'<span class="turn-mark" aria-label="{to_play}">▶</span> ' if row.to_play else ""
        badge = f' <span class="badge">{winner}</span>' if row.winner else ""
        pool = ("" if row.pool is None
                else f'<td class="num own-pool">{row.pool:d}</td>')
        out.append(f'\n    <tr class="{classes}" data-seat="{row.seat:d}">'
                   f'\n      <td>{mark}{escape(row.name)}{badge}</td>'
                   f'\n      <td class="num score">{escape(numbers.number(row.score))}</td>'
                   f'\n      <td class="num hand">{row.hand:d}</td>{pool}'
                   f'\n    </tr>\n  ')
    return mark_safe("".join(out))  # names escaped; the rest are numbers and our own words
