from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import PRESET_CHOICES, Club, Player

from .limits import CELL_MAX, TARGET_MAX


class TurnForm(forms.Form):
    """One turn as the tablet submits it. Shapes only; the engine judges legality.

    The turn says what it is: ``kind`` "place" needs a cell and three numbers, "pass" takes none.
    A placement that lost its cell is refused, never read as a pass.
    """

    KINDS = (("place", _("place a tile")), ("pass", _("pass")))

    version = forms.IntegerField(min_value=0)
    key = forms.CharField(max_length=64, required=False)
    kind = forms.ChoiceField(choices=KINDS, error_messages={
        "required": _("Say whether the turn places a tile or passes."),
        "invalid_choice": _("Say whether the turn places a tile or passes."),
    })
    seat = forms.IntegerField(min_value=0, max_value=5)
    draw = forms.IntegerField(min_value=0, max_value=80, required=False)
    at_c = forms.IntegerField(min_value=-CELL_MAX, max_value=CELL_MAX, required=False)
    at_r = forms.IntegerField(min_value=-CELL_MAX, max_value=CELL_MAX, required=False)
    corners = forms.RegexField(regex=r"^\d{1,2},\d{1,2},\d{1,2}$", required=False)

    def clean(self):
        data = super().clean()
        placed = [data.get("at_c") is not None, data.get("at_r") is not None,
                  bool(data.get("corners"))]
        kind = data.get("kind")
        if kind == "place" and not all(placed):
            raise forms.ValidationError(
                _("Choose where the tile goes: a placement needs a cell and its three numbers."))
        if kind == "pass" and any(placed):
            raise forms.ValidationError(_("A pass places no tile."))
        data["at"] = (data["at_c"], data["at_r"]) if kind == "place" else None
        data["corner_numbers"] = (
            tuple(int(n) for n in data["corners"].split(",")) if kind == "place" else None
        )
        data["draw"] = data.get("draw") or 0
        return data


class VersionForm(forms.Form):
    version = forms.IntegerField(min_value=0)


class GameStartForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"))
    title = forms.CharField(max_length=120, required=False, label=_("Title"))
    preset = forms.ChoiceField(choices=PRESET_CHOICES, label=_("Rules"))
    target = forms.IntegerField(min_value=10, max_value=TARGET_MAX, required=False,
                                label=_("Target"),
                                help_text=_("Leave empty for the rules' own target."))
    rounds_limit = forms.IntegerField(min_value=1, max_value=50, required=False,
                                      label=_("Fixed number of rounds"))
    recording = forms.ChoiceField(
        label=_("Recorded"), initial="tablet", required=False, widget=forms.RadioSelect,
        choices=[("tablet", _("on the tablet, move by move")),
                 ("sheet", _("from a paper score sheet, round by round")),
                 ("final", _("final scores only"))],
    )
    pool = forms.ChoiceField(
        label=_("Pool"), initial="shared", required=False,
        choices=(("shared", _("One pool for the table")),
                 ("individual", _("A pool of their own for each player"))),
        help_text=_("With a pool each, the undealt tiles are split among the players and each "
                    "draws only from their own."),
    )
    players = forms.CharField(
        widget=forms.HiddenInput, label=_("Players"),
        help_text=_("Seating order, clockwise: the first one listed sits first."),
    )

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs

    def clean_players(self):
        try:
            ids = [int(x) for x in self.data.get("players", "").split(",") if x.strip()]
        except ValueError:
            raise forms.ValidationError(_("Choose the players.")) from None
        if not 2 <= len(ids) <= 6:
            raise forms.ValidationError(_("A game has 2 to 6 players."))
        if len(set(ids)) != len(ids):
            raise forms.ValidationError(_("A player can sit only once."))
        found = Player.objects.in_bulk(ids)
        if len(found) != len(ids):
            raise forms.ValidationError(_("Unknown player."))
        return [found[i] for i in ids]


class ImportForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"))
    record = forms.FileField(label=_("Record file (triominos-record/1 JSON)"))

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs


class ReopenForm(forms.Form):
    reason = forms.CharField(
        label=_("Why is the game reopened?"), max_length=500, strip=True,
        widget=forms.TextInput(attrs={"class": "wide"}),
        help_text=_("Kept in the game's audit, with your name."),
    )
