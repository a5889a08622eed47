"""Pages made for an <iframe> on a club's own site: framing is allowed for these alone.

Every widget takes the same query parameters: ``n`` (how many rows), ``theme`` (light or dark)
and ``lang`` (en or ru; else the visitor's language as for any page).
"""

from __future__ import annotations

from functools import wraps

from csp.decorators import csp_replace
from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.clickjacking import xframe_options_exempt


def embeddable(view):
    """Let a page of any origin frame this view (widgets for club websites).

    Only framing is opened: the page's own policy for scripts and the rest stays as strict.
    """

    @xframe_options_exempt
    # "*" alone matches only the framing page's own scheme in Chromium: name both schemes.
    @csp_replace({"frame-ancestors": ["*", "http:", "https:"]})
    @wraps(view)
    def framed(request, *args, **kwargs):
        return view(request, *args, **kwargs)

    return framed


THEMES = [("light", _("light")), ("dark", _("dark"))]


class WidgetOptions(forms.Form):
    n = forms.IntegerField(label=_("rows"), min_value=1, max_value=50, required=False)
    theme = forms.ChoiceField(label=_("theme"), choices=THEMES, required=False)
    lang = forms.ChoiceField(label=_("language"), choices=settings.LANGUAGES, required=False)
    # Tournament pairings: which round (the latest published one when absent).
    round = forms.IntegerField(label=pgettext_lazy("tournament round", "round"), min_value=1,
                               required=False)

    def clean(self):
        data = super().clean()
        data["n"] = data.get("n") or 10
        data["theme"] = data.get("theme") or "light"
        return data
