"""Reading a score sheet, final scores or a record file from a posted form. Shapes only: the
engine (scoring.engine.sheet) judges whether the numbers make a finished game."""

from __future__ import annotations

import json
import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_ROWS = 60
RECORD_MAX_BYTES = 2_000_000
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


def row_count(data, default: int) -> int:
    value = str(data.get("rows", "")).strip()
    count = int(value) if value.isdigit() else default
    return max(1, min(count, MAX_ROWS))


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
        if not isinstance(text, str) or not text.isdigit() or int(text) >= players:
            raise SheetInputError(_("Choose a player of this game."))
        return int(text)

    winner = _cell(data, "round_winner").strip()
    reached = data.getlist("reached") if hasattr(data, "getlist") else []
    return (seat(winner) if winner else None), sorted({seat(r) for r in reached})


class RecordForm(forms.Form):
    record = forms.FileField(label=gettext_lazy("Record file (triominos-record/1 JSON)"))

    def clean_record(self):
        upload = self.cleaned_data["record"]
        if upload.size > RECORD_MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for a game record."))
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            raise forms.ValidationError(_("The file is not valid JSON.")) from None
