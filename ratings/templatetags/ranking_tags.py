"""The ranking's rows drawn in Python: fifty rows of nine cells through the generic table
template cost several times the queries behind them (docs/benchmarks.md)."""

from django import template
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from clubs.numbers import number, signed
from ratings.tables import HIGH_FIRST, club_shown

register = template.Library()


def _trend(value: int) -> str:
    if value > 0:
        return f'<span class="plus">▲ {signed(value)}</span>'
    if value < 0:
        return f'<span class="minus">▼ {signed(value)}</span>'
    return "·"


# A header this long (in characters) may take two lines, breaking between its words: Russian
# and German headers («Последняя партия», «Zuletzt gespielt») would otherwise push the trend
# column out of a tablet's width, while English ones, all shorter, keep to one line.
LONG_HEADER = 15


@register.simple_tag(takes_context=True)
def sort_header(context, table, column):
    """A column's header: a link that sorts by it, and an arrow and aria-sort once it does.
    Numbers sort high-first on the first click; names and clubs A to Z."""
    css = column.attrs["th"].get("class", "")
    header = str(column.header)
    if len(header) >= LONG_HEADER:
        css = f"{css} long".strip()
        # A slash stays with the word before it: «Punkte /» then «Partie», never three lines.
        header = header.replace(" / ", "\u00a0/ ")
    if not column.orderable:
        return format_html('<th class="{}">{}</th>', css, header)
    alias = column.order_by_alias
    if column.is_ordered:
        target = alias.next
        descending = alias.is_descending
        arrow = " ▼" if descending else " ▲"
        aria = "descending" if descending else "ascending"
    else:
        target = f"-{column.name}" if column.name in HIGH_FIRST else column.name
        arrow, aria = "", "none"
    query = context["request"].GET.copy()
    query[table.prefixed_order_by_field] = target
    query.pop(table.prefixed_page_field, None)
    return format_html('<th class="{}" aria-sort="{}"><a href="?{}">{}<span class="arrow" '
                       'aria-hidden="true">{}</span></a></th>',
                       css, aria, query.urlencode(), header, arrow)


@register.simple_tag
def ranking_rows(table, me=None):
    """`me`: the viewer's own player id, whose row is marked."""
    provisional = escape(_("provisional: too few games yet"))
    you = escape(_("you"))
    player_url = reverse("ratings:player-detail", args=[0])[:-2]  # "/players/"
    ranked = not getattr(table, "unranked", False)
    out = []
    for row in table.paginated_rows:
        r = row.record
        player = r.player
        club = escape(club_shown(player))
        mark = f' <abbr title="{provisional}">?</abbr>' if r.provisional else ""
        last = date_format(localtime(r.last_played)) if r.last_played else ""
        mine = player.pk == me
        tr = '<tr class="me" aria-current="true">' if mine else "<tr>"
        badge = f' <span class="badge me">{you}</span>' if mine else ""
        out.append(
            f'{tr}<td class="num">{r.rank if ranked else "–"}</td>'
            f'<td><a href="{player_url}{player.pk}/">{escape(player.display_name)}</a>{badge}</td>'
            f'<td class="wide">{club}</td>'
            f'<td class="num rating">{r.value} '
            f'<span class="muted">±{r.uncertainty}</span>{mark}</td>'
            f'<td class="num">{r.games}</td><td class="num wide">{r.wins}</td>'
            f'<td class="num wide">{number(r.points_per_game, 1)}</td>'
            f'<td class="wide nowrap">{last}</td>'
            f'<td class="num nowrap">{_trend(r.trend)}</td></tr>'
        )
    return mark_safe("".join(out))
