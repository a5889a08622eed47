"""Tags that draw the repetitive parts of the tablet in Python, for speed (the board is drawn
by board_svg.cells_svg into the view model, game_shown)."""

from functools import cache
from pathlib import Path

from django import template
from django.conf import settings
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def palette_buttons(palette):
    """One button per unplayed tile: top number, then bottom left and bottom right. The script
    knows where each fits (tablet_data), so a tap asks the server nothing."""
    out = []
    for t in palette:
        a, b, c = t["numbers"]
        name = t["tile"]
        nofit = "" if t["fits"] else " nofit"
        out.append(f'<button type="button" class="ptile{nofit}" data-tile="{name}"'
                   f' aria-label="{name}" aria-pressed="false">'
                   f'<span>{a}</span><span>{c}&nbsp;{b}</span></button>')
    return mark_safe("".join(out))  # tiles are digits and dashes


@register.simple_tag
@cache
def tablet_modules() -> tuple[str, ...]:
    """The tablet's ES modules, as static paths (js/tablet/*.js), for their preload links; not
    the engine's worker, which runs apart from the page."""
    folder = Path(settings.BASE_DIR) / "static" / "js" / "tablet"
    return tuple(f"js/tablet/{path.name}" for path in sorted(folder.glob("*.js"))
                 if not path.name.endswith("-worker.js"))
