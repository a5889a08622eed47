"""The engine's presets as people read them: the one place a preset gets a name.

Which presets exist, and what they set, is the engine's (``engine.PRESETS``); this module only
names them. Clubs sit below scoring and store a club's default preset as a plain code; every
place a person chooses one (forms, the admin) takes its choices from here.
"""

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from .engine import PRESETS

#: Each engine preset by name alone, for pages that state the target beside it.
PRESET_NAMES = {
    "pressman": _("Pressman (box rules)"),
    "club": _("TriOminos.ru club rules"),
    "goliath": _("Goliath"),
}


def preset_name(code: str) -> str:
    """The preset's name in the reader's language (a code the site does not know: the code)."""
    return str(PRESET_NAMES.get(code, code))


def preset_choices() -> list[tuple[str, str]]:
    """Every engine preset with the target it plays to, in the engine's order (a callable, so
    the labels follow the reader's language and a new preset needs no migration)."""
    return [
        (code, pgettext("rules and the target they play to", "%(rules)s, to %(target)d")
         % {"rules": capfirst(preset_name(code)), "target": values["target"]})
        for code, values in PRESETS.items()
    ]
