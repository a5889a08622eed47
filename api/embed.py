"""Pages made for an <iframe> on a club's own site: framing is allowed for these alone.

Every widget takes the same query parameters: ``n`` (how many rows), ``theme`` (light or dark)
and ``lang`` (en or ru; else the visitor's language as for any page).
"""

from __future__ import annotations

import re
from functools import wraps

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.views.decorators.clickjacking import xframe_options_exempt

_FRAME_ANCESTORS = re.compile(r"frame-ancestors[^;]*")


def _any_ancestor(policy: str) -> str:
    if _FRAME_ANCESTORS.search(policy):
        return _FRAME_ANCESTORS.sub("frame-ancestors *", policy)
    return policy


def embeddable(view):
    """Let any site frame this view: no X-Frame-Options, and a Content-Security-Policy (if the
    response carries one) whose frame-ancestors allows every site."""

    @wraps(view)
    def framed(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        for header in ("Content-Security-Policy", "Content-Security-Policy-Report-Only"):
            if response.has_header(header):
                response[header] = _any_ancestor(response[header])
        # A policy added later by django-csp's middleware reads this from the response.
        response._csp_replace = {"frame-ancestors": ["*"]}
        return response

    return xframe_options_exempt(framed)


THEMES = [("light", _("light")), ("dark", _("dark"))]


class WidgetOptions(forms.Form):
    n = forms.IntegerField(label=_("rows"), min_value=1, max_value=50, required=False)
    theme = forms.ChoiceField(label=_("theme"), choices=THEMES, required=False)
    lang = forms.ChoiceField(label=_("language"), choices=settings.LANGUAGES, required=False)
    # Tournament pairings: which round (the latest published one when absent).
    round = forms.IntegerField(label=_("round"), min_value=1, required=False)

    def clean(self):
        data = super().clean()
        data["n"] = data.get("n") or 10
        data["theme"] = data.get("theme") or "light"
        return data
