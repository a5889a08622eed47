"""The correction page: a recorded turn shown on the board as it was before it, and entered
again the way turns are entered (tablet.js with tablet-correct.js). The board comes from
``corrections.correction_view``; the write is ``services.turn_correct``, audited there."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.permissions import Do
from scoring.engine import EngineError

from .. import corrections, services, tablet_data
from ..board_svg import cell_shape
from ..forms import TurnForm
from ..game_shown import game_shown
from ..messages import RESULT_CLOSED, refusal
from ..models import Turn
from .http import engine_where, flat_errors, game_allowed, message, no_store


def turn_correct(request, pk, round_number, turn_number):
    """A recorded turn on the board as it was before it, entered again like any turn."""
    game = game_allowed(request, pk, Do.CORRECT)
    if game.is_closed:
        if request.method == "POST":
            return message(request, str(RESULT_CLOSED), 409)
        return render(request, "scoring/result_closed.html",
                      {"game": game, "text": RESULT_CLOSED}, status=409)
    try:
        correction = corrections.correction_view(game, round_number, turn_number)
    except Turn.DoesNotExist:
        raise Http404("no such turn") from None
    if request.method == "POST":
        return _correction_post(request, game, correction)
    view = correction.view
    urls = {"turn": request.path, "fits": reverse("scoring:fits", args=[game.pk]),
            "poll": request.path}
    data = tablet_data.script_data(view, urls=urls, key_prefix="")
    turn = correction.turn
    data["correcting"] = True
    data["seat"] = turn.seat
    if turn.at:
        shape = cell_shape(turn.cell_c, turn.cell_r, turn.corners)
        data["recorded"] = {"points": shape["points"],
                            "labels": [[lb["x"], lb["y"], lb["n"]] for lb in shape["labels"]]}
    return no_store(render(request, "scoring/turn_correct.html", {
        "game": game, "shown": game_shown(view), "urls": urls, "data": data,
        "correction": correction,
        "turn": turn, "round_number": round_number, "correcting": True,
        "palette": tablet_data.palette(view.state, data["tiles"]),
        "recorded": tablet_data.entry_label(view.names, seat=turn.seat, tile=turn.tile,
                                            points=turn.points),
    }))


def _correction_post(request, game, correction):
    form = TurnForm(request.POST)
    if not form.is_valid():
        return message(request, " ".join(flat_errors(form)), 400)
    data = form.cleaned_data
    turn = correction.turn
    try:
        services.turn_correct(
            game_id=game.pk, round_number=turn.round.number, turn_number=turn.number,
            draw=data["draw"], at=data["at"], corners=data["corner_numbers"],
            actor=services.Actor(user=request.user), expected_version=data["version"],
        )
    except (services.Conflict, services.ResultClosed) as refused:
        return message(request, refusal(refused), 409)
    except EngineError as error:
        names = correction.view.names
        at = data["at"]
        if error.round is not None and (error.round, error.turn) != (turn.round.number,
                                                                     turn.number):
            later = Turn.objects.filter(round__game=game, round__number=error.round,
                                        number=error.turn).first()
            at = later.at if later else None
        return message(request, engine_where(error) + refusal(error, at=at, players=names), 422)
    messages.success(request, _("The turn was corrected and the game re-scored."))
    response = HttpResponse(status=200)
    response["HX-Redirect"] = game.get_absolute_url()
    return response
