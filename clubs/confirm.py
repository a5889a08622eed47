"""A confirmation step for what cannot be taken back: a page that says what will happen and a
form that goes through only with its box ticked (and, where one is asked for, a reason). It
works without JavaScript; a stray tap on the button that leads here changes nothing."""

from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _


def posted(request):
    """The posted data, even when empty (an empty post must be refused, not read as a GET)."""
    return request.POST if request.method == "POST" else None


class ConfirmForm(forms.Form):
    confirm = forms.BooleanField(
        required=True, label=_("Yes, do it"),
        error_messages={"required": _("Tick the box to confirm, or go back.")})

    def __init__(self, *args, label=None, **kwargs):
        super().__init__(*args, **kwargs)
        if label:
            self.fields["confirm"].label = label


class ReasonForm(forms.Form):
    """For a step whose reason is kept in the audit: the reason is the confirmation."""

    reason = forms.CharField(
        label=_("Why?"), max_length=500, strip=True,
        widget=forms.TextInput(attrs={"class": "wide", "autocomplete": "off"}),
        help_text=_("Kept in the audit, with your name."),
        error_messages={"required": _("Say why; the reason is kept in the audit.")})

    def __init__(self, *args, label=None, **kwargs):
        super().__init__(*args, **kwargs)
        if label:
            self.fields["reason"].label = label


def confirm_page(request, *, heading: str, consequences: list[str], form: forms.Form,
                 button: str, cancel: str, warnings: list[str] = (), danger: bool = True):
    """The confirmation page: ``warnings`` say what the step leaves out (shown first, marked),
    ``consequences`` what it will do. A posted form that is not valid comes back with its
    errors (400)."""
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "confirm.html", {
        "heading": heading, "warnings": warnings, "consequences": consequences, "form": form,
        "button": button, "cancel": cancel, "danger": danger}, status=status)
