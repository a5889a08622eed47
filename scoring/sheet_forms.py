"""Reading a score sheet, final scores or a record file from a posted form. Shapes only: the
engine (scoring.engine.sheet) judges whether the numbers make a finished game."""

from __future__ import annotations

import re

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .limits import RecordRefused, record_parse

MAX_ROWS = 60
# "12", "-5", "+40", and the typographic minus a phone keyboard may give.
_NUMBER = re.compile(r"^[+\-\u2212]?\d{1,6}$")


class SheetInputError(ValueError):
    """A posted sheet that cannot be read; the message is for the person who typed it."""


def _number(text: str, where: str) -> int:
    text = text.strip().replace(" ", "")
    if not _NUMBER.match(text):
        raise SheetInputError(_("%(where)s: “%(text)s” is not a whole number.")
                              % {"where": where, "text": text[:12]})
    return int(text.replace("\u2212", "-"))


class _RowsForm(forms.Form):
    rows = forms.IntegerField(min_value=1)


def row_count(data, default: int) -> int:
    """How many lines the sheet shows: ``rows`` when it is a whole number (at most MAX_ROWS),
    else ``default``; the page's own links only ever send numbers."""
    form = _RowsForm({"rows": data.get("rows", "")})
    return min(form.cleaned_data["rows"], MAX_ROWS) if form.is_valid() else default


def _cell(data, name: str) -> str:
    value = data.get(name, "")
    return value if isinstance(value, str) else ""


def sheet_from_post(data, names: list[str], rows: int, first_round: int):
    """(points per round, written totals per round) from fields ``p-<row>-<seat>`` and the
    optional ``t-<row>-<seat>``. Rows left wholly empty at the end are not rounds."""
    grid, written = [], []
    for row in range(rows):
        cells = [_cell(data, f"p-{row}-{seat}").strip() for seat in range(len(names))]
        totals = [_cell(data, f"t-{row}-{seat}").strip() for seat in range(len(names))]
        grid.append((cells, totals))
    while grid and not any(grid[-1][0]) and not any(grid[-1][1]):
        grid.pop()
    rounds = []
    for index, (cells, totals) in enumerate(grid):
        number = first_round + index + 1
        if not all(cells):
            missing = names[cells.index("")]
            raise SheetInputError(_("Round %(round)s: enter the points of %(player)s (0 if "
                                    "nothing).") % {"round": number, "player": missing})
        rounds.append([
            _number(text, _("Round %(round)s, %(player)s") % {"round": number, "player": name})
            for text, name in zip(cells, names, strict=True)])
        written.append([
            _number(text, _("Round %(round)s, total of %(player)s") % {
                "round": number, "player": name}) if text else None
            for text, name in zip(totals, names, strict=True)])
    if not rounds:
        raise SheetInputError(_("Enter at least one round."))
    return rounds, written


def finals_from_post(data, names: list[str]) -> tuple[list[int], int | None]:
    """(the final scores, the number of rounds played when it was given)."""
    scores = []
    for seat, name in enumerate(names):
        text = _cell(data, f"score-{seat}").strip()
        if not text:
            raise SheetInputError(_("Enter the final score of %(player)s.") % {"player": name})
        scores.append(_number(text, name))
    rounds = _cell(data, "rounds").strip()
    return scores, (_number(rounds, _("Rounds played")) if rounds else None)


def ending_from_post(data, players: int) -> tuple[int | None, list[int]]:
    """The last round's winner (``round_winner``) and who reached the target during it but
    ended below (``reached``), as seats."""
    def seat(text) -> int:
        try:
            return forms.IntegerField(min_value=0, max_value=players - 1).clean(text)
        except forms.ValidationError:
            raise SheetInputError(_("Choose a player of this game.")) from None

    winner = _cell(data, "round_winner").strip()
    reached = data.getlist("reached") if hasattr(data, "getlist") else []
    return (seat(winner) if winner else None), sorted({seat(r) for r in reached})


class RecordForm(forms.Form):
    """A record file, read like the import's: the same size, depth and JSON checks."""

    record = forms.FileField(label=gettext_lazy("Record file (triominos-record/1 JSON)"))

    def clean_record(self):
        upload = self.cleaned_data["record"]
        try:
            return record_parse(upload.read(settings.RECORD_MAX_BYTES + 1))
        except RecordRefused as refused:
            raise forms.ValidationError(str(refused)) from None
