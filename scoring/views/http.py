"""What scoring's pages answer alike: the tablet's message box, no-store, the words and
status of a refused write, a form's errors, the game a page may act on. Public, so that the
view modules share them (scoring/views/*.py) without reaching into each other."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.permissions import Do, require
from scoring.engine import EngineError

from .. import services
from ..messages import refusal
from ..models import Game

# What a write of the tablet may be refused with: answered by refused_text.
WRITE_REFUSALS = (services.Conflict, services.KeyReused, services.NotPlaying,
                  services.ResultClosed, EngineError)

INCOMPLETE = gettext_lazy("The request was incomplete; reload the page.")


def no_store(response):
    # Back/Forward must never show a board from the browser's cache: it would accept taps on
    # a table that has moved on.
    response["Cache-Control"] = "no-store"
    return response


def message(request, text: str, status: int, kind: str = "error"):
    """A sentence for the tablet's message box (htmx swaps it in there)."""
    response = render(request, "scoring/partials/message.html", {"text": text, "kind": kind},
                      status=status)
    response["HX-Retarget"] = "#tablet-message"
    response["HX-Reswap"] = "innerHTML"
    response["HX-Reselect"] = ".message"
    return response


def refused_text(refused, *, at=None, players=None) -> tuple[int, str]:
    """The status and the words for a refused write: 422 for a move the engine refuses, 409
    for the game's state (a stale version, a reused key, a game not played, a closed result)."""
    status = 422 if isinstance(refused, EngineError) else 409
    return status, refusal(refused, at=at, players=players)


def flat_errors(form) -> list[str]:
    return [str(e) for errors in form.errors.values() for e in errors]


def engine_where(error: EngineError) -> str:
    """'Round 2, turn 5: ' for an error found while replaying, else nothing."""
    if error.round is None:
        return ""
    turn = "—" if error.turn is None else error.turn + 1
    return _("Round %(round)s, turn %(turn)s: ") % {"round": error.round + 1, "turn": turn}


def game_allowed(request, pk, action: Do) -> Game:
    """The game, once the user may do ``action`` on it (a 404 or 403 otherwise)."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    require(request.user, action, game)
    return game
