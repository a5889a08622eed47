"""Forms parse what organisers send; the services decide whether it is allowed."""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Player
from scoring.limits import TARGET_MAX
from scoring.presets import pool_choices, preset_choices, tile_set_choices

from .flags import TIEBREAK_LABELS
from .models import Tournament
from .pairing import DEFAULT_TIEBREAKS, TIEBREAKS

TIEBREAK_SLOTS = 6
_TIEBREAK_CHOICES = [("", "—")] + [(c, TIEBREAK_LABELS[c]) for c in TIEBREAKS if c != "points"]


class TournamentForm(forms.Form):
    club = forms.ModelChoiceField(queryset=None, label=_("Club"))
    name = forms.CharField(label=pgettext_lazy("title of a tournament", "Name"), max_length=120)
    # A date input reads and writes ISO dates whatever the page's language (a Russian or German
    # "09.05.2026" would show it empty).
    starts_on = forms.DateField(label=_("Date"), widget=forms.DateInput(
        format="%Y-%m-%d", attrs={"type": "date"}))
    # Radio buttons, not drop-downs, where a choice takes words: they wrap, never cut.
    preset = forms.ChoiceField(label=_("Game rules"), choices=preset_choices,
                               widget=forms.RadioSelect)
    target = forms.IntegerField(label=_("Target per game"), min_value=1, max_value=TARGET_MAX,
                                required=False,
                                help_text=_("Empty: the rules' own target."))
    rounds_per_game = forms.IntegerField(
        label=_("Rounds per game"), min_value=1, max_value=50, required=False,
        help_text=_("Instead of a target: every game lasts this many rounds."))
    table_size = forms.TypedChoiceField(label=_("Players per table"), coerce=int,
                                        choices=[(2, "2"), (3, "3"), (4, "4")], initial=4)
    # The same choices as a game's (scoring.presets), for every table's game.
    # Not sent (an older page): the usual 56 tiles and one pool.
    tile_set = forms.ChoiceField(
        label=_("Tiles"), initial="56", required=False, choices=tile_set_choices,
        widget=forms.RadioSelect,
        help_text=_("Every game of the tournament is played with this set."))
    pool = forms.ChoiceField(label=_("Pool"), initial="shared", required=False,
                             choices=pool_choices, widget=forms.RadioSelect)
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    rounds = forms.IntegerField(label=pgettext_lazy("tournament rounds", "Rounds"), min_value=0,
                                max_value=30, initial=4,
                                help_text=_("Swiss rounds; for a round robin 0 plays it in full."))
    points_scheme = forms.ChoiceField(label=_("Tournament points"),
                                      choices=Tournament.Points.choices,
                                      initial=Tournament.Points.PLACING,  # the service's own
                                      widget=forms.RadioSelect)
    remainder = forms.ChoiceField(label=_("Left-over players"),
                                  choices=Tournament.Remainder.choices,
                                  initial=Tournament.Remainder.SMALLER,
                                  widget=forms.RadioSelect)
    avoid_same_club = forms.BooleanField(label=_("Avoid same-club meetings"), required=False)
    self_registration = forms.BooleanField(
        label=_("Players register themselves"), required=False,
        help_text=Tournament._meta.get_field("self_registration").help_text)
    knockout_size = forms.IntegerField(
        label=_("Knockout qualifiers"), min_value=0, max_value=256, initial=0,
        help_text=_("The top of the standings who play a knockout at the end; 0 for none."))
    # Made when the form is shown: sending the same form twice creates one tournament.
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=40)

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        for i in range(TIEBREAK_SLOTS):
            default = DEFAULT_TIEBREAKS[i + 1] if i + 1 < len(DEFAULT_TIEBREAKS) else ""
            self.fields[f"tiebreak_{i + 1}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": i + 1}, choices=_TIEBREAK_CHOICES,
                required=False, initial=default)

    def tiebreak_fields(self):
        return [self[f"tiebreak_{i + 1}"] for i in range(TIEBREAK_SLOTS)]

    def clean_knockout_size(self):
        size = self.cleaned_data["knockout_size"] or 0
        if size == 1:
            raise forms.ValidationError(_("A knockout needs at least 2 players."))
        return size

    def clean(self):
        data = super().clean()
        chosen = [data.get(f"tiebreak_{i + 1}") for i in range(TIEBREAK_SLOTS)]
        chosen = [c for c in chosen if c]
        if len(set(chosen)) != len(chosen):
            raise forms.ValidationError(_("Each tie-break can be used once."))
        data["tiebreaks"] = ["points", *chosen]
        data["tile_set"] = data.get("tile_set") or "56"
        data["pool"] = data.get("pool") or "shared"
        if data.get("target") and data.get("rounds_per_game"):
            # A game would end at whichever comes first; the pages could only promise one.
            self.add_error("rounds_per_game", _(
                "Choose either a target or a number of rounds per game, not both."))
        if data.get("format") == Tournament.Format.SWISS and not data.get("rounds"):
            self.add_error("rounds", _("A Swiss tournament needs at least one round."))
        return data


class RegistrationForm(forms.Form):
    player = forms.ModelChoiceField(queryset=None, label=_("Player"), required=False)
    display_name = forms.CharField(label=_("or a new player"), max_length=80, required=False)
    checked_in = forms.BooleanField(label=_("present now"), required=False, initial=True)
    # Set only by the "create a new person anyway" button, after similar names were offered.
    new_anyway = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, players=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players if players is not None else Player.objects.all()

    def clean(self):
        data = super().clean()
        if not data.get("player") and not (data.get("display_name") or "").strip():
            raise forms.ValidationError(_("Choose a player or type the name of a new one."))
        return data


class BulkRegistrationForm(forms.Form):
    names = forms.CharField(
        label=_("Names, one a line"), required=False, max_length=20000,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("A name the club already has exactly is that person; a new name becomes "
                    "a new member."))
    all_members = forms.BooleanField(label=_("and every member of the club"), required=False)
    new_anyway = forms.BooleanField(
        label=_("create new people even for names close to someone the club has"),
        required=False)
    checked_in = forms.BooleanField(label=_("present now"), required=False, initial=True)


class SwapForm(forms.Form):
    first = forms.IntegerField()
    second = forms.IntegerField()


class MoveForm(forms.Form):
    player = forms.IntegerField()
    table_number = forms.IntegerField(min_value=1)


class TournamentEditForm(TournamentForm):
    """The new-tournament form's settings, filled in from the tournament; the settings its
    stage keeps as they are (services.edit_limits) are shown disabled, with the reason."""

    stamp = forms.CharField(widget=forms.HiddenInput, required=False, max_length=40)

    def __init__(self, *args, tournament, fixed, stamp, **kwargs):
        initial = {
            "stamp": stamp,
            "name": tournament.name, "starts_on": tournament.starts_on,
            "preset": tournament.preset, "target": tournament.target,
            "rounds_per_game": tournament.rounds_per_game, "table_size": tournament.table_size,
            "tile_set": tournament.tile_set, "pool": tournament.pool,
            "format": tournament.format, "rounds": tournament.planned_rounds,
            "points_scheme": tournament.points_scheme, "remainder": tournament.remainder,
            "avoid_same_club": tournament.avoid_same_club,
            "self_registration": tournament.self_registration,
            "knockout_size": tournament.knockout_size,
            **{f"tiebreak_{i}": code for i, code in enumerate(tournament.tiebreaks[1:], 1)},
        }
        super().__init__(*args, clubs=None, initial=initial, **kwargs)
        for i in range(len(tournament.tiebreaks), TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{i}"].initial = ""
        del self.fields["club"], self.fields["key"]
        for name, field in self.fields.items():
            setting = "tiebreaks" if name.startswith("tiebreak_") else name
            if setting in fixed:
                field.disabled = True
        self.fixed = fixed

    def changes(self) -> dict:
        """What the service is asked to set: every setting not shown disabled."""
        data = self.cleaned_data
        wanted = {
            "name": data["name"], "starts_on": data["starts_on"], "preset": data["preset"],
            "target": data["target"], "rounds_per_game": data["rounds_per_game"],
            "table_size": data["table_size"], "tile_set": data["tile_set"],
            "pool": data["pool"], "format": data["format"], "rounds": data["rounds"] or 0,
            "points_scheme": data["points_scheme"], "tiebreaks": data["tiebreaks"],
            "avoid_same_club": data["avoid_same_club"], "remainder": data["remainder"],
            "knockout_size": data["knockout_size"],
            "self_registration": data["self_registration"],
        }
        return {k: v for k, v in wanted.items() if k not in self.fixed}
