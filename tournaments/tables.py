"""The standings as a django-tables2 table, with one column per tie-break of the tournament."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.numbers import number

from .flags import TIEBREAK_LABELS, TIEBREAK_SHORT


class ValueColumn(tables.Column):
    """A tie-break value: whole numbers plain, fractions (half points) with up to 2 places, in
    the reader's number format (15,67 in Russian and German; a negative spread with −)."""

    def __init__(self, **kwargs):
        super().__init__(attrs={"td": {"class": "num"}, "th": {"class": "num"}},
                         orderable=False, **kwargs)

    def render(self, value):
        if isinstance(value, float):
            places = len(f"{value:.2f}".rstrip("0").partition(".")[2])
            return number(value, places or None)
        return number(value) if isinstance(value, int) else value


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), orderable=False, attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Player"), orderable=False)
    games = ValueColumn(verbose_name=_("Games"))
    points = ValueColumn(verbose_name=_("Points"))

    class Meta:
        attrs = {"class": "standings"}
        orderable = False
        row_attrs = {"data-player": lambda record: record["player_id"],
                     "class": lambda record: "withdrawn" if record["withdrawn"] else ""}

    def render_name(self, value, record):
        url = reverse("ratings:player-detail", args=[record["player_id"]])
        if record["withdrawn"]:
            return format_html('<a href="{}">{}</a> <span class="badge">{}</span>', url, value,
                               _("withdrawn"))
        return format_html('<a href="{}">{}</a>', url, value)


def standings_table(view) -> StandingsTable:
    codes = [c for c in view.tiebreaks if c != "points"]
    rows = [
        {"rank": line.rank, "name": line.name, "player_id": line.player_id,
         "withdrawn": line.withdrawn, "games": line.games, "points": line.points,
         **{code: line.values.get(code) for code in codes}}
        for line in view.lines
    ]
    legend = [(TIEBREAK_SHORT.get(code, code), TIEBREAK_LABELS.get(code, code))
              for code in codes]
    extra = [(code, ValueColumn(verbose_name=format_html('<abbr title="{}">{}</abbr>', full,
                                                         short), accessor=code))
             for code, (short, full) in zip(codes, legend, strict=True)]
    table = StandingsTable(rows, extra_columns=extra)
    table.legend = legend  # the short names spelt out under the table
    return table
