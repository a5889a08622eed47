"""Messages more than one app's pages show about clubs' people, and the words of clubs'
refusals (clubs/refusals.py)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def refusal(error) -> str:
    """A refusal of clubs' services in the reader's language."""
    texts = {
        "organiser-kept": lambda: _("A club keeps at least one organiser."),
    }
    text = texts.get(error.code)
    return text() if text else _("That is not possible now (%(code)s).") % {"code": error.code}


def similar_text(error) -> str:
    """The warning over the people offered instead of a new one (clubs.services.SimilarPlayers);
    the club's member form and a tournament's registration say the same."""
    return ngettext(
        "The club already has a person named like “%(name)s”. Choose them, or create a new "
        "person anyway.",
        "The club already has people named like “%(name)s”. Choose one of them, or create a "
        "new person anyway.", len(error.players)) % {"name": error.name}
