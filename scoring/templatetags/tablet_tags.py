"""Tags that draw the repetitive parts of the tablet in Python, for speed (see board_svg)."""

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from scoring.board_svg import cells_svg

register = template.Library()


@register.simple_tag
def board_cells(view):
    return mark_safe(cells_svg(view.cells, view.last_cell))  # numbers and coordinates only


@register.simple_tag
def palette_buttons(palette, fits_url, phase):
    """One button per unplayed tile: top number, then bottom left and bottom right."""
    url = escape(fits_url)
    hx = phase != "hands"
    out = []
    for t in palette:
        a, b, c = t["numbers"]
        name = t["tile"]
        attrs = (f' hx-get="{url}?tile={name}" hx-target="#hints" hx-select="#hints"'
                 f' hx-swap="outerHTML"') if hx else ""
        nofit = "" if t["fits"] else " nofit"
        out.append(f'<button type="button" class="ptile{nofit}" data-tile="{name}"{attrs}'
                   f' title="{name}">{a}<br>{c}&nbsp;{b}</button>')
    return mark_safe("".join(out))  # tiles are digits and dashes
