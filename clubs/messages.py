"""Messages more than one app's pages show about clubs' people, and the words of clubs'
refusals (clubs/refusals.py)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def refusal(error) -> str:
    """A refusal of clubs' services in the reader's language."""
    texts = {
        "organiser-kept": lambda: _("A club keeps at least one organiser."),
        "wrong-password": lambda: _("That is not your password. Your address was not "
                                    "changed."),
        "email-same": lambda: _("%(email)s is your address already.") % error.params,
        "email-taken": lambda: _("Another account has the address %(email)s already. Give "
                                 "another one, or log in to that account.") % error.params,
        "email-not-sent": lambda: _(
            "The e-mail to confirm %(email)s could not be sent: the mail server did not take "
            "it. Your address was not changed; try again later.") % error.params,
        "email-link-invalid": lambda: _(
            "This link does not change any address: it was used already, has expired, was "
            "made before your password or address changed, or was copied incompletely. Ask "
            "again from your page."),
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
