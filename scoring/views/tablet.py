"""The referee's tablet: the page, its polls, a turn, undo, the hands at a round's end, and the
files of its own engine and service worker. Each write names the version the tablet showed."""

from __future__ import annotations

from functools import lru_cache, wraps

from csp.decorators import csp_update
from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.permissions import Do, allowed
from scoring.engine import EngineError, tile_parse

from .. import selectors, services, tablet_data
from ..access import recording_access, tablet_asking
from ..engine_bundle import bundle_zip
from ..forms import TurnForm, VersionForm
from ..game_script import HandUnreadable, hands_read
from ..game_shown import game_shown
from ..limits import HAND_MAX
from ..messages import engine_words, refusal
from ..models import Game, Turn
from .http import (
    INCOMPLETE,
    WRITE_REFUSALS,
    flat_errors,
    message,
    no_store,
    refused_text,
)


def tablet_urls(game: Game, token: str | None) -> dict:
    """The tablet's addresses (its actions, its worker and engine files, the game's page), by
    the game's id or its table link: a fresh dict, worked out once per process for each."""
    urls = dict(_tablet_urls(game.pk, token, get_script_prefix(), get_urlconf(),
                             settings.TABLET_ENGINE, settings.STATIC_URL))
    urls["game"] = game.get_absolute_url()
    return urls


@lru_cache(maxsize=512)
def _tablet_urls(pk: int, token: str | None, _prefix, _urlconf, engine: bool,
                 static_url: str) -> dict:
    # The prefix and URLconf are what reverse() reads besides its arguments: in the key.
    if token:
        def name(action):
            return reverse(f"scoring:link-{action}", args=[token])
    else:
        def name(action):
            return reverse(f"scoring:{action}", args=[pk])
    urls = {a: name(a) for a in ("tablet", "fits", "turn", "turns", "undo", "hands", "poll",
                                 "turn-at")}
    urls["sw"] = reverse("scoring:tablet-sw")
    if engine:
        urls["engine"] = f'{reverse("scoring:tablet-engine")}?v={bundle_zip()[1]}'
        urls["engine_worker"] = reverse("scoring:tablet-engine-worker")
        urls["engine_files"] = f"{static_url}pyodide/"  # for the offline cache
    return urls


def tablet_context(request, game, token, view=None, **extra):
    view = view or selectors.game_view(game)
    urls = tablet_urls(game, token)
    data = tablet_data.script_data(view, urls=urls, key_prefix=f"tablet-queue:{game.pk}")
    shown = game_shown(view)
    return {
        "game": game, "shown": shown, "urls": urls, "token": token, "data": data,
        "palette": tablet_data.palette(view.state, data["tiles"]),
        "undo_question": tablet_data.undo_question(view),
        # Hands go to the first player still holding tiles, never to one who went out.
        "first_holder": next((row.seat for row in shown.rows if row.hand), None),
        **extra,
    }


def render_tablet(request, game, token, status=200, **extra):
    template = "scoring/partials/tablet.html" if request.htmx else "scoring/tablet.html"
    return no_store(render(request, template, tablet_context(request, game, token, **extra),
                            status=status))


def tablet(request, pk=None, token=None):
    game, _actor = recording_access(request, pk=pk, token=token)
    context = tablet_context(request, game, token)
    # Once a page, not on every poll: the words of a turn's refusals for the tablet's engine.
    context["engine_words"] = engine_words(context["data"]["names"])
    return no_store(render(request, "scoring/tablet.html", context))


@require_GET
@csp_update({"script-src": ["'wasm-unsafe-eval'"]})  # this worker's policy only, not the page's
def tablet_engine_worker(request):
    """The Web Worker that runs the tablet's own engine (Pyodide compiles WebAssembly, which a
    policy must allow). Served under /games/ like the service worker, inside its scope."""
    response = render(request, "scoring/js/tablet-engine-worker.js",
                      content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def tablet_engine(request):
    """The tablet's own engine: the server's pure Python files as one zip (engine_bundle), for
    Pyodide. Its address carries its digest, so it is cached for good and changes with the
    code; the tablet's service worker keeps it for a reload offline."""
    data, digest = bundle_zip()
    response = HttpResponse(data, content_type="application/zip")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    response["ETag"] = f'"{digest}"'
    return response


@require_GET
def tablet_service_worker(request):
    """The service worker that reopens the tablet offline; served under /games/ for its scope."""
    response = render(request, "scoring/js/tablet-sw.js", content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def tablet_poll(request, pk=None, token=None):
    game, _actor = recording_access(request, pk=pk, token=token)
    if request.GET.get("v") == str(game.version):
        return HttpResponse(status=204)
    return render_tablet(request, game, token)


@require_GET
def tablet_turn_at(request, pk=None, token=None):
    """A recorded turn by its place (``round``, ``number``, 0-based), for a tablet whose waiting
    turn found that place taken by another tablet: the turn in a few words, and the address to
    correct it when the asker may correct (an audited correction; views/corrections.py)."""
    game, _actor = recording_access(request, pk=pk, token=token)
    try:
        place = int(request.GET.get("round", "")), int(request.GET.get("number", ""))
    except ValueError:
        return JsonResponse({"found": False}, status=400)
    turn = Turn.objects.filter(round__game=game, round__number=place[0], number=place[1]).first()
    if turn is None:
        return JsonResponse({"found": False})
    names = [seat.player.display_name for seat in selectors.game_seats(game)]
    correct = (reverse("scoring:turn-correct", args=[game.pk, *place])
               if allowed(request.user, Do.CORRECT, game) else None)
    return JsonResponse({"found": True, "correct": correct, "label": tablet_data.entry_label(
        names, seat=turn.seat, tile=turn.tile, points=turn.points)})


@require_GET
def tablet_fits(request, pk=None, token=None):
    """Whether a typed tile names a tile of the set: 204, or 422 with the engine's reason.

    The tablet asks only when its own engine is not ready, to word a tile it does not know;
    where a known tile fits it works out itself from the page's data.
    """
    game, _actor = recording_access(request, pk=pk, token=token)
    view = selectors.game_view(game)
    try:
        tablet_data.tile_fits(view.state, tile_parse(_typed_tile(request.GET.get("tile", ""))))
    except EngineError as error:
        return message(request, refusal(error), 422)
    return HttpResponse(status=204)


def _typed_tile(text: str) -> str:
    """'123', '1 2 3', '1-2-3' and '1,2,3' all name the tile 1-2-3."""
    digits = [ch for ch in text if ch.isdigit()]
    return "-".join(digits) if len(digits) == 3 else text


@require_POST
def tablet_turn(request, pk=None, token=None):
    form = TurnForm(request.POST)
    if not form.is_valid():
        recording_access(request, pk=pk, token=token)  # a stranger hears only "no"
        return message(request, " ".join(flat_errors(form)), 400)
    data = form.cleaned_data
    try:
        # The access check is the service's locked read of the game: one query, not two.
        outcome = services.turn_record(
            asking=tablet_asking(request, pk=pk, token=token), seat=data["seat"],
            draw=data["draw"], at=data["at"], corners=data["corner_numbers"],
            expected_version=data["version"], client_key=data["key"],
        )
    except WRITE_REFUSALS as refused:
        game, _actor = recording_access(request, pk=pk, token=token)
        names = [s.player.display_name for s in selectors.game_seats(game)]
        return _refused(request, game, token, refused, at=data["at"], players=names)
    if not request.htmx:
        return redirect(tablet_urls(outcome.game, token)["tablet"])
    view = None
    if outcome.current is not None:
        view = selectors.game_view(outcome.game, seats=outcome.seats, current=outcome.current)
    return render_tablet(request, outcome.game, token, view=view, duplicate=outcome.duplicate)



def _refused(request, game, token, refused, *, at=None, players=None):
    """The tablet's answer to a refused write. A stale tablet gets the current state with a
    notice; a game that is over, or a move the engine refuses, gets the reason in words."""
    status, text = refused_text(refused, at=at, players=players)
    if isinstance(refused, services.Conflict):
        game.refresh_from_db()
        return render_tablet(request, game, token, status=status, notice=text)
    return message(request, text, status)


def _written(request, game, token, **extra):
    """After a write: the fresh tablet for htmx, a redirect to it for a plain form."""
    game.refresh_from_db()
    if not request.htmx:
        return redirect(tablet_urls(game, token)["tablet"])
    return render_tablet(request, game, token, **extra)


def _versioned_write(view):
    """A tablet write that names the version the tablet last showed (``version``), so that a
    stale tablet is refused (409) rather than overwriting; a post without it gets 400."""

    @require_POST
    @wraps(view)
    def write(request, pk=None, token=None):
        game, actor = recording_access(request, pk=pk, token=token)
        form = VersionForm(request.POST)
        if not form.is_valid():
            return message(request, str(INCOMPLETE), 400)
        return view(request, game, actor, form.cleaned_data["version"], token)

    return write


@_versioned_write
def tablet_undo(request, game, actor, version, token):
    try:
        services.turn_undo(game_id=game.pk, expected_version=version, actor=actor)
    except WRITE_REFUSALS as refused:
        return _refused(request, game, token, refused)
    return _written(request, game, token, notice=_("The last entry was undone."))


@_versioned_write
def tablet_hands(request, game, actor, version, token):
    """The tiles left in each hand: `tiles-<seat>` ("1-2-3 0-0-4") or count-/points-<seat>."""
    seats = selectors.game_seats(game)
    names = [s.player.display_name for s in seats]
    try:
        hands = hands_read(request.POST, len(seats))
    except HandUnreadable as error:
        return message(request, _(
            "%(player)s: the number of tiles left and their points must be whole numbers "
            "from 0 to %(n)s.") % {"player": names[error.seat], "n": HAND_MAX}, 400)
    except EngineError as error:
        return message(request, refusal(error, players=names), 422)
    try:
        services.round_end(game_id=game.pk, hands=hands, expected_version=version, actor=actor)
    except WRITE_REFUSALS as refused:
        return _refused(request, game, token, refused, players=names)
    return _written(request, game, token)
