"""The club's admin, put together where both its parts are known: clubs' ClubAdmin and the
rules presets scoring names (clubs stores a club's default rules as a bare preset code and
knows nothing of the engine). Registered once, here, rather than replaced by a lower app."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from clubs.admin import ClubAdmin as ClubAdminBase
from clubs.models import Club
from scoring.presets import preset_choices, preset_name


class ClubRulesForm(forms.ModelForm):
    default_preset = forms.ChoiceField(choices=preset_choices, label=_("Default rules"))

    class Meta:
        model = Club
        fields = ["name", "slug", "city", "default_preset", "default_target"]


@admin.register(Club)
class ClubAdmin(ClubAdminBase):
    form = ClubRulesForm
    list_display = ["name", "city", "rules", "default_target"]

    @admin.display(description=_("default rules"), ordering="default_preset")
    def rules(self, club):
        return preset_name(club.default_preset)
