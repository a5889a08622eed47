"""The ranking's rows drawn in Python: fifty rows of nine cells through the generic table
template cost several times the queries behind them (docs/benchmarks.md)."""

from django import template
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

register = template.Library()


def _trend(value: int) -> str:
    if value > 0:
        return f'<span class="plus">▲ +{value}</span>'
    if value < 0:
        return f'<span class="minus">▼ −{-value}</span>'
    return "·"


@register.simple_tag
def ranking_rows(table):
    provisional = escape(_("provisional: too few games yet"))
    player_url = reverse("clubs:player-detail", args=[0])[:-2]  # "/players/"
    out = []
    for row in table.paginated_rows:
        r = row.record
        player = r.player
        club = escape(player.home_club.name) if player.home_club_id else ""
        mark = f' <abbr title="{provisional}">?</abbr>' if r.provisional else ""
        last = date_format(r.last_played, "j M Y") if r.last_played else ""
        out.append(
            f'<tr><td class="num">{r.rank}</td>'
            f'<td><a href="{player_url}{player.pk}/">{escape(player.display_name)}</a></td>'
            f"<td>{club}</td>"
            f'<td class="num rating">{r.value} '
            f'<span class="muted">±{r.uncertainty}</span>{mark}</td>'
            f'<td class="num">{r.games}</td><td class="num">{r.wins}</td>'
            f'<td class="num">{r.points_per_game:.1f}</td><td>{last}</td>'
            f'<td class="num nowrap">{_trend(r.trend)}</td></tr>'
        )
    return mark_safe("".join(out))
