import unicodedata

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
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


class PasswordInviteForm(forms.Form):
    """Where an account without a password gets the link to choose one."""

    email = forms.EmailField(label=_("E-mail address"))


class PasswordResetForm(auth_forms.PasswordResetForm):
    """The login page's "Forgot your password?": Django's form skips accounts that have never
    had a password, and this site's are imported ones waiting for their owner, who must be able
    to set a first password this way once their account has an e-mail address."""

    def get_users(self, email):
        model = get_user_model()
        field = model.get_email_field_name()
        wanted = _folded(email)
        for user in model._default_manager.filter(**{f"{field}__iexact": email,
                                                     "is_active": True}):
            # As Django's form compares, so that no look-alike address gets the link.
            if _folded(getattr(user, field)) == wanted:
                yield user


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, label=_("Role"))


class SignUpForm(auth_forms.UserCreationForm):
    """A new account: a user name, or the e-mail address as one, and a password twice
    (Django's checks: the name free whatever its case, the password's validators). The
    address is needed where the site confirms it by e-mail (``email_required``)."""

    username = forms.CharField(
        label=_("User name"), max_length=150, required=False,
        help_text=_("Letters, digits and @ . + - _ only. Leave it empty to log in with your "
                    "e-mail address."))
    email = forms.EmailField(label=_("E-mail address"), required=False, max_length=254)

    class Meta(auth_forms.UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, email_required: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.email_required = email_required
        if email_required:
            self.fields["email"].required = True
            self.fields["email"].help_text = _("We send a link there to confirm it.")

    def clean(self):
        data = super().clean()
        email = data.get("email", "")
        if not data.get("username") and "username" not in self.errors:
            if not email:
                raise forms.ValidationError(_("Choose a user name or give your e-mail "
                                              "address."))
            data["username"] = email
            self.instance.username = email
            if get_user_model()._default_manager.filter(username__iexact=email).exists():
                self.add_error("email", _("An account with this e-mail address exists "
                                          "already: log in, or reset its password."))
        if email and get_user_model()._default_manager.filter(email__iexact=email).exists():
            self.add_error("email", _("An account with this e-mail address exists already: "
                                      "log in, or reset its password."))
        return data


class ClaimForm(forms.Form):
    """Which member of the club the person says they are."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("I am"),
                                    empty_label=None, widget=forms.RadioSelect)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players


class EmailChangeForm(forms.Form):
    """The new address of one's account, proven by the account's password."""

    email = forms.EmailField(label=_("New e-mail address"), max_length=254)
    password = forms.CharField(label=_("Your password"), strip=False,
                               widget=forms.PasswordInput(
                                   attrs={"autocomplete": "current-password"}))
