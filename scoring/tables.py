"""django-tables2 tables for games."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


def round_rows(rounds, seats) -> list[dict]:
    """One row per round: what each seat scored in it (turns and round end) and the totals."""
    rows = []
    for round_ in rounds:
        gained = list(round_.end_points) or [0] * len(seats)
        for turn in round_.turns.all():
            gained[turn.seat] += turn.points
        row = {
            "number": round_.number + 1,
            "reason": round_.get_reason_display() if round_.reason else "",
            "winner": seats[round_.winner_seat].player.display_name
            if round_.winner_seat is not None else "",
        }
        for seat in seats:
            row[f"gain_{seat.position}"] = gained[seat.position]
            row[f"total_{seat.position}"] = (round_.totals or [0] * len(seats))[seat.position]
        rows.append(row)
    return rows


class RoundTable(tables.Table):
    number = tables.Column(verbose_name=pgettext_lazy("game round", "Round"))
    reason = tables.Column(verbose_name=_("Ended"))
    winner = tables.Column(verbose_name=_("Round winner"))

    class Meta:
        orderable = False
        attrs = {"class": "rounds"}

    def __init__(self, data, *, seats, **kwargs):
        extra = []
        for seat in seats:
            name = seat.player.display_name
            extra.append((f"gain_{seat.position}", tables.Column(
                verbose_name=name, attrs={"td": {"class": "num"}})))
            extra.append((f"total_{seat.position}", tables.Column(
                verbose_name=_("Σ"), attrs={"td": {"class": "num total"}})))
        super().__init__(data, extra_columns=extra, **kwargs)
