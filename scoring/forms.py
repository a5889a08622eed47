from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player
from clubs.names import name_key, same_name
from clubs.newcomers import Newcomer

from .limits import CELL_MAX, TARGET_MAX
from .presets import pool_choices, preset_choices, tile_set_choices


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


class ClubShownForm(forms.Form):
    """``?club=``: which of the user's clubs the new-game page shows the people of."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), required=False)

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs


SEATS = 6  # the most any rules seat
NAME_MAX = Player._meta.get_field("display_name").max_length


class GameStartForm(forms.Form):
    """The game's settings and its seats, clockwise: each seat an existing player (picked, or
    typed exactly) or a new name, as a club member or a guest.

    Per seat ``n``: ``seat_n`` the name, ``seat_n_player`` the id the picker found for it,
    ``seat_n_guest``, ``seat_n_new`` the name confirmed as a new person after similar people
    were offered, and ``seat_n_choice`` the answer to that offer (an id, or "new"). Empty
    seats are skipped. Shapes only here; the service decides who a name is."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"))
    title = forms.CharField(max_length=120, required=False, label=_("Title"))
    # Radio buttons, not a drop-down: a choice's words wrap and are never cut at any width.
    preset = forms.ChoiceField(choices=preset_choices, label=_("Rules"), widget=forms.RadioSelect)
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
        label=_("Pool"), initial="shared", required=False, widget=forms.RadioSelect,
        choices=pool_choices,
        help_text=_("With a pool each, the undealt tiles are split among the players and each "
                    "draws only from their own."),
    )

    tiles = forms.ChoiceField(
        label=_("Tiles"), initial="56", required=False,
        choices=tile_set_choices,
        widget=forms.RadioSelect,  # its texts wrap, where a drop-down's are cut on a phone
        help_text=_("The larger sets of the original rules: numbers 0 to 6, or mirror tiles."),
    )

    def __init__(self, data=None, *args, clubs, **kwargs):
        if data is not None:
            data = _answers_applied(data)
        super().__init__(data, *args, **kwargs)
        self.fields["club"].queryset = clubs
        for n in range(1, SEATS + 1):
            self.fields[f"seat_{n}"] = forms.CharField(
                max_length=NAME_MAX, required=False,
                label=pgettext_lazy("at the table", "Seat %(n)s") % {"n": n})
            self.fields[f"seat_{n}_player"] = forms.IntegerField(
                required=False, min_value=1, max_value=2**31 - 1, widget=forms.HiddenInput)
            self.fields[f"seat_{n}_guest"] = forms.BooleanField(
                required=False, label=_("guest"))
            self.fields[f"seat_{n}_new"] = forms.CharField(
                max_length=NAME_MAX, required=False, widget=forms.HiddenInput)

    def seat_rows(self):
        """The seats' fields, for the template: (number, name, player, guest, new)."""
        return [(n, self[f"seat_{n}"], self[f"seat_{n}_player"], self[f"seat_{n}_guest"],
                 self[f"seat_{n}_new"]) for n in range(1, SEATS + 1)]

    def clean(self):
        data = super().clean()
        if any(f"seat_{n}{part}" in self.errors for n in range(1, SEATS + 1)
               for part in ("", "_player", "_guest", "_new")):
            return data
        wanted = [(n, " ".join(data[f"seat_{n}"].split()), data[f"seat_{n}_player"])
                  for n in range(1, SEATS + 1)]
        wanted = [(n, name, pk) for n, name, pk in wanted if name or pk]
        if not 2 <= len(wanted) <= SEATS:
            raise forms.ValidationError(_("A game has 2 to 6 players."))
        found = Player.objects.in_bulk([pk for _n, _name, pk in wanted if pk])
        seats, numbers, taken = [], [], {}
        for n, name, pk in wanted:
            player = found.get(pk) if pk else None
            if pk and player is None:
                self.add_error(f"seat_{n}", _("Unknown player."))
                continue
            if player is not None and name and not same_name(player.display_name, name):
                player = None  # the name was changed after the picker found someone
            if player is not None:
                person, key = player, ("id", player.pk)
                name = player.display_name
            else:
                confirmed = same_name(data[f"seat_{n}_new"], name)
                person = Newcomer(name=name, guest=data[f"seat_{n}_guest"],
                                  new_anyway=confirmed)
                key = ("name", name_key(name))
            if key in taken:
                self.add_error(f"seat_{n}", _("%(name)s is already at seat %(seat)s.") % {
                    "name": name, "seat": taken[key]})
                continue
            taken[key] = n
            seats.append(person)
            numbers.append(n)
        data["seats"], data["seat_numbers"] = seats, numbers
        return data


def _answers_applied(data):
    """The answers to the similar-people offers moved into the seats: "this person" sets the
    seat's name and player, "a new person" confirms the typed name. A re-shown form keeps
    them. Any other answer is ignored: the offer comes again."""
    data = data.copy()
    for n in range(1, SEATS + 1):
        answer = data.get(f"seat_{n}_choice", "")
        if answer == "new":
            data[f"seat_{n}_new"] = data.get(f"seat_{n}", "")
        elif answer.isascii() and answer.isdigit() and len(answer) < 10:
            name = Player.objects.filter(pk=int(answer)).values_list(
                "display_name", flat=True).first()
            if name is not None:
                data[f"seat_{n}"], data[f"seat_{n}_player"] = name, answer
    return data


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
