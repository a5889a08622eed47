"""The ratings core's refusals (ratings/errors.py) in plain, translated words: the one
place that turns their codes and params into sentences."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .errors import RatingsError


def ratings_refusal(error: RatingsError) -> str:
    p = error.params
    texts = {
        "score-not-finite": lambda: _("A final score must be a number (%(score)s is not).") % p,
        "results-mismatch": lambda: _(
            "A game needs one result per player (players: %(ratings)s, results: "
            "%(results)s).") % p,
        "player-count": lambda: ngettext(
            "A rated game has %(min)s to %(max)s players, not %(count)s.",
            "A rated game has %(min)s to %(max)s players, not %(count)s.", p.get("max", 0)) % p,
        "bad-place": lambda: _(
            "A place is a whole number from 1 up (%(place)s is not).") % p,
        "player-twice": lambda: _("A player is listed twice in game %(game)s.") % p,
        "game-twice": lambda: _("Game %(game)s is rated twice.") % p,
        "bad-changes": lambda: _("The rating changes of a game do not match its players."),
    }
    text = texts.get(error.code)
    return text() if text else _("The ratings refused (%(code)s).") % {"code": error.code}
