"""Turns that waited on the tablet while the connection was down, recorded in one request.

Sent one by one, twenty turns cost twenty round trips on a poor hall Wi-Fi; sent together they
cost one. Each is still its own ``turn_record`` (its own transaction, its client key), in order,
and the first refusal stops the rest: they stay queued on the device."""

from __future__ import annotations

from django.http import JsonResponse
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST

from clubs.json_input import JsonRefused, json_read

from .. import selectors, services
from ..access import recording_access, tablet_asking
from ..forms import TurnForm
from .http import INCOMPLETE, WRITE_REFUSALS, flat_errors, no_store, refused_text
from .tablet import tablet_context

MOST = 200  # more than a round ever has
# A turn's fields take about 120 bytes; a list of turns, each a flat object, is 2 levels deep.
MOST_BYTES = 64 * 1024


def _unread(message: str) -> JsonResponse:
    return JsonResponse({"recorded": 0, "refused": {"status": 400, "message": message},
                         "html": ""}, status=400)


@require_POST
def tablet_turns(request, pk=None, token=None):
    """``turns``: a JSON list of turn forms. Answers {"recorded": n, "refused": null or
    {"status", "message"} for turn n, "html": the tablet after them}."""
    game, _actor = recording_access(request, pk=pk, token=token)
    asking = tablet_asking(request, pk=pk, token=token)
    try:
        turns = json_read(request.POST.get("turns", ""), max_bytes=MOST_BYTES, max_depth=2)
    except JsonRefused as refused:
        return _unread(str(refused))
    if not isinstance(turns, list) or not 1 <= len(turns) <= MOST:
        return _unread(str(INCOMPLETE))
    names = [seat.player.display_name for seat in selectors.game_seats(game)]
    recorded, refused = 0, None
    for fields in turns:
        form = TurnForm({k: str(v) for k, v in fields.items()} if isinstance(fields, dict)
                        else {})
        if not form.is_valid():
            refused = {"status": 400, "message": " ".join(flat_errors(form))}
            break
        data = form.cleaned_data
        try:
            # Each turn's locked read checks the access again, in the same query.
            services.turn_record(
                asking=asking, seat=data["seat"], draw=data["draw"], at=data["at"],
                corners=data["corner_numbers"], expected_version=data["version"],
                client_key=data["key"],
            )
        except WRITE_REFUSALS as error:
            status, text = refused_text(error, at=data["at"], players=names)
            refused = {"status": status, "message": text}
            break
        recorded += 1
    game.refresh_from_db()
    html = render_to_string("scoring/partials/tablet.html",
                            tablet_context(request, game, token), request=request)
    return no_store(JsonResponse({"recorded": recorded, "refused": refused, "html": html}))
