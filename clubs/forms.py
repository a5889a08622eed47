from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Membership, Player


class MemberAddForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.order_by("display_name", "pk"),
                                    required=False, label=_("Existing player"))
    display_name = forms.CharField(max_length=80, required=False, label=_("or a new player"))
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.MEMBER,
                             label=_("Role"))
    # Set only by the "create a new person anyway" button, after similar names were offered.
    new_anyway = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if not data.get("player") and not data.get("display_name", "").strip():
            raise forms.ValidationError(_("Choose a player or type a new name."))
        return data


class AccountLinkForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Account"), strip=True)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, label=_("Role"))
