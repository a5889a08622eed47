"""Game pages: the referee's tablet, live and finished games, records. Views parse, call a
service or selector, and render; the engine's refusals become plain messages."""

from __future__ import annotations

from functools import wraps

from csp.decorators import csp_update
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import selectors as club_selectors
from clubs.confirm import ConfirmForm, confirm_page, posted
from clubs.messages import similar_text
from clubs.newcomers import SeatsElsewhere, SeatsInDoubt
from clubs.page_cache import public_page
from clubs.permissions import Do, allowed, clubs_where_required, require
from scoring.engine import EngineError, rules_resolve, tile_parse

from . import live, selectors, services, spectating, tablet_data
from .access import can_record, recording_access, tablet_asking
from .board_svg import cell_shape
from .engine_bundle import bundle_zip
from .filters import GameFilter
from .forms import (
    ClubShownForm,
    GameStartForm,
    ImportForm,
    ReopenForm,
    TurnForm,
    VersionForm,
)
from .game_shown import game_shown
from .limits import HAND_MAX, RecordRefused, record_parse
from .messages import RESULT_CLOSED, engine_words, refusal
from .models import Game, Turn
from .presets import tile_set_overrides
from .qr import qr_svg
from .records import game_export, game_import
from .table_script import HandUnreadable, hands_read
from .tables import RoundTable, round_rows

# -- lists and public pages -------------------------------------------------------------------


GAMES_PAGE = 30


@public_page("scoring", "clubs", "tournaments")
def game_list(request):
    """Every game, filtered and paged: the page's queries do not grow with the games."""
    me = club_selectors.player_of(request.user)
    filters = GameFilter(request.GET or None, queryset=selectors.game_list())
    if me is not None and not me.games_public:
        field = filters.form.fields["player"]
        field.queryset = field.queryset.model.objects.filter(
            Q(games_public=True) | Q(pk=me.pk)).order_by("display_name", "pk")
    # An unknown player or club is refused in the form's words; the valid filters still apply.
    refused = filters.is_bound and not filters.is_valid()
    page = Paginator(filters.qs, GAMES_PAGE).get_page(request.GET.get("page"))
    return render(request, "scoring/game_list.html", {
        "filter": filters, "page": page, "games": page.object_list,
        "me": me,
    }, status=400 if refused else 200)


@public_page("scoring", "clubs")
def game_detail(request, pk):
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    view = selectors.game_view(game)
    context = {"game": game, "table": game_shown(view), "seats": view.seats,
               "recorder": can_record(request.user, game), "result_closed": RESULT_CLOSED,
               "reopener": game.status == Game.Status.FINISHED and not game.is_closed
               and allowed(request.user, Do.REOPEN, game)}
    if context["reopener"]:
        context["reopen_form"] = ReopenForm()
    if game.status != Game.Status.PLAYING:
        rounds = context["rounds"] = selectors.game_rounds(game)
        context["round_table"] = RoundTable(round_rows(rounds, view.seats), seats=view.seats)
        context["replay"] = _replay_frames(rounds)
        if game.entry != Game.Entry.MOVES:
            context["rating_changes"] = selectors.game_rating_changes(game)
    if game.entry == Game.Entry.MOVES:
        # The live part shows the turn log, and once over the result with the rating changes.
        context.update(spectating.live_context(game, view, context.get("rounds")))
    if context["recorder"] and not game.is_closed:
        rounds = context.get("rounds") or selectors.game_rounds(game)
        context["correctable"] = [
            (round_, turn) for round_ in rounds
            for turn in sorted(round_.turns.all(), key=lambda t: t.number)
        ]
    if context["recorder"] and game.table_token:
        context["table_url"] = request.build_absolute_uri(
            reverse("scoring:link-tablet", args=[game.table_token]))
    return render(request, "scoring/game_detail.html", context)


@require_GET
def game_live(request, pk):
    """The live scoreboard, asked for by the page every few seconds or when a nudge was
    pushed (``want``: the version it named): 204 while the version the page shows is current.

    Every spectator of a version sees the same fragment, so it is rendered once per version and
    language and then served from the cache. A finished game's page whose ratings were not yet
    written asks with ``wait=ratings``: answered 204 until they are, or until the wait is over.
    """
    shown = request.GET.get("v")
    if request.GET.get("wait") == "ratings":
        return _live_ratings_wait(request, pk, shown)
    language = get_language()
    html = live.poll_answer(pk, shown, request.GET.get("want"), language)
    if html == "":
        return HttpResponse(status=204)
    if html is None:
        game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
        live.game_changed(game.pk, game.version)
        if shown == str(game.version):
            return HttpResponse(status=204)
        html = _live_fragment_store(request, game, language)
    return HttpResponse(html)


def _live_ratings_wait(request, pk, shown):
    # Ratings do not change the game's version, so this asks the database: two small queries
    # per poll, for at most spectating.RATINGS_WAIT after the finish.
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if (shown == str(game.version) and not spectating.game_rated(game)
            and spectating.awaiting_ratings(game)):
        return HttpResponse(status=204)
    return HttpResponse(_live_fragment_store(request, game, get_language()))


def _live_fragment_store(request, game, language) -> str:
    view = selectors.game_view(game)
    context = {"table": game_shown(view), "polled": True,
               **spectating.live_context(game, view)}
    html = render_to_string("scoring/partials/live.html", context, request=request)
    # A finished game still waiting for its ratings is kept only briefly: the same version will
    # soon be shown with them.
    live.fragment_store(game.pk, game.version, language, html,
                        timeout=2 if context.get("awaiting_ratings") else None)
    return html


def game_record(request, pk):
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    response = JsonResponse(game_export(game), json_dumps_params={"ensure_ascii": False,
                                                                  "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.json"'
    return response


def _replay_frames(rounds) -> list[dict]:
    """Per round, every turn's cell drawn in order, for the step-through viewer."""
    frames = []
    for round_ in rounds:
        turns = []
        for turn in sorted(round_.turns.all(), key=lambda t: t.number):
            shape = cell_shape(turn.cell_c, turn.cell_r, turn.corners) if turn.at else None
            turns.append({"seat": turn.seat, "points": turn.points, "detail": turn.detail,
                          "shape": shape})
        frames.append({"number": round_.number, "turns": turns})
    return frames


# -- the tablet -------------------------------------------------------------------------------


def _urls(game: Game, token: str | None) -> dict:
    if token:
        def name(action):
            return reverse(f"scoring:link-{action}", args=[token])
    else:
        def name(action):
            return reverse(f"scoring:{action}", args=[game.pk])
    urls = {a: name(a) for a in ("tablet", "fits", "turn", "turns", "undo", "hands", "poll",
                                 "turn-at")}
    urls["sw"] = reverse("scoring:tablet-sw")
    urls["engine"] = f'{reverse("scoring:tablet-engine")}?v={bundle_zip()[1]}'
    urls["engine_worker"] = reverse("scoring:tablet-engine-worker")
    urls["engine_files"] = f"{settings.STATIC_URL}pyodide/"  # Pyodide's, for the offline cache
    urls["game"] = game.get_absolute_url()
    return urls


def _tablet_context(request, game, token, view=None, **extra):
    view = view or selectors.game_view(game)
    urls = _urls(game, token)
    data = tablet_data.script_data(view, urls=urls, key_prefix=f"tablet-queue:{game.pk}")
    table = game_shown(view)
    return {
        "game": game, "table": table, "urls": urls, "token": token, "data": data,
        "palette": tablet_data.palette(view.state, data["tiles"]),
        "undo_question": tablet_data.undo_question(view),
        # Hands go to the first player still holding tiles, never to one who went out.
        "first_holder": next((row.seat for row in table.rows if row.hand), None),
        **extra,
    }


def _render_tablet(request, game, token, status=200, **extra):
    template = "scoring/partials/tablet.html" if request.htmx else "scoring/tablet.html"
    return _no_store(render(request, template, _tablet_context(request, game, token, **extra),
                            status=status))


def _no_store(response):
    # Back/Forward must never show a board from the browser's cache: it would accept taps on
    # a table that has moved on.
    response["Cache-Control"] = "no-store"
    return response


def _message(request, text: str, status: int, kind: str = "error"):
    response = render(request, "scoring/partials/message.html", {"text": text, "kind": kind},
                      status=status)
    response["HX-Retarget"] = "#tablet-message"
    response["HX-Reswap"] = "innerHTML"
    response["HX-Reselect"] = ".message"  # the fits request selects #hints; a refusal is not that
    return response


def tablet(request, pk=None, token=None):
    game, _actor = recording_access(request, pk=pk, token=token)
    context = _tablet_context(request, game, token)
    # Once a page, not on every poll: the words of a turn's refusals for the tablet's engine.
    context["engine_words"] = engine_words(context["data"]["names"])
    return _no_store(render(request, "scoring/tablet.html", context))


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
    return _render_tablet(request, game, token)


@require_GET
def tablet_turn_at(request, pk=None, token=None):
    """A recorded turn by its place (``round``, ``number``, 0-based), for a tablet whose waiting
    turn found that place taken by another tablet: the turn in a few words, and the address to
    correct it when the asker may correct (an audited correction; scoring/correcting.py)."""
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
        return _message(request, refusal(error), 422)
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
        return _message(request, " ".join(_flat_errors(form)), 400)
    data = form.cleaned_data
    try:
        # The access check is the service's locked read of the game: one query, not two.
        outcome = services.turn_record(
            asking=tablet_asking(request, pk=pk, token=token), seat=data["seat"],
            draw=data["draw"], at=data["at"], corners=data["corner_numbers"],
            expected_version=data["version"], client_key=data["key"],
        )
    except _REFUSALS as refused:
        game, _actor = recording_access(request, pk=pk, token=token)
        names = [s.player.display_name for s in selectors.game_seats(game)]
        return _refused(request, token, refused, at=data["at"], players=names)
    if not request.htmx:
        return redirect(_urls(outcome.game, token)["tablet"])
    view = None
    if outcome.current is not None:
        view = selectors.game_view(outcome.game, seats=outcome.seats, current=outcome.current)
    return _render_tablet(request, outcome.game, token, view=view, duplicate=outcome.duplicate)



_REFUSALS = (services.Conflict, services.KeyReused, services.NotPlaying, services.ResultClosed,
             EngineError)


CONFLICT_NOTICE = gettext_lazy(
    "Another tablet changed this game. This is the current state; nothing you sent was recorded.")


def refused_text(refused, *, at=None, players=None) -> tuple[int, str]:
    """The status and the words for a refused write."""
    if isinstance(refused, services.Conflict):
        return 409, str(CONFLICT_NOTICE)
    if isinstance(refused, services.NotPlaying):
        return 409, _("This game is not in progress.")
    if isinstance(refused, services.KeyReused):
        return 409, _("The tablet sent a turn under the key of another turn already recorded; "
                      "nothing was recorded. Reload the page.")
    if isinstance(refused, services.ResultClosed):
        return 409, str(RESULT_CLOSED)
    return 422, refusal(refused, at=at, players=players)


def _refused(request, token, refused, *, at=None, players=None):
    """The tablet's answer to a refused write. A stale tablet gets the current state with a
    notice; a game that is over, or a move the engine refuses, gets the reason in words."""
    status, text = refused_text(refused, at=at, players=players)
    if isinstance(refused, services.Conflict):
        game = refused.game
        game.refresh_from_db()
        return _render_tablet(request, game, token, status=status, notice=text)
    return _message(request, text, status)


def _written(request, game, token, **extra):
    """After a write: the fresh tablet for htmx, a redirect to it for a plain form."""
    game.refresh_from_db()
    if not request.htmx:
        return redirect(_urls(game, token)["tablet"])
    return _render_tablet(request, game, token, **extra)


INCOMPLETE = gettext_lazy("The request was incomplete; reload the page.")


def _versioned_write(view):
    """A tablet write that names the version the tablet last showed (``version``), so that a
    stale tablet is refused (409) rather than overwriting; a post without it gets 400."""

    @require_POST
    @wraps(view)
    def write(request, pk=None, token=None):
        game, actor = recording_access(request, pk=pk, token=token)
        form = VersionForm(request.POST)
        if not form.is_valid():
            return _message(request, str(INCOMPLETE), 400)
        return view(request, game, actor, form.cleaned_data["version"], token)

    return write


@_versioned_write
def tablet_undo(request, game, actor, version, token):
    try:
        services.turn_undo(game_id=game.pk, expected_version=version, actor=actor)
    except _REFUSALS as refused:
        return _refused(request, token, refused)
    return _written(request, game, token, notice=_("The last entry was undone."))


@_versioned_write
def tablet_hands(request, game, actor, version, token):
    """The tiles left in each hand: `tiles-<seat>` ("1-2-3 0-0-4") or count-/points-<seat>."""
    seats = selectors.game_seats(game)
    names = [s.player.display_name for s in seats]
    try:
        hands = hands_read(request.POST, len(seats))
    except HandUnreadable as error:
        return _message(request, _(
            "%(player)s: the number of tiles left and their points must be whole numbers "
            "from 0 to %(n)s.") % {"player": names[error.seat], "n": HAND_MAX}, 400)
    except EngineError as error:
        return _message(request, refusal(error, players=names), 422)
    try:
        services.round_end(game_id=game.pk, hands=hands, expected_version=version, actor=actor)
    except _REFUSALS as refused:
        return _refused(request, token, refused, players=names)
    return _written(request, game, token)


def _flat_errors(form) -> list[str]:
    return [str(e) for errors in form.errors.values() for e in errors]


# -- organising games -------------------------------------------------------------------------


def _club_target(club) -> int | None:
    """The target the form starts with: the club's default, like its default rules. Left empty
    (the rules' own target) when the two agree, so picking other rules brings their target."""
    own = rules_resolve(club.default_preset).target
    return None if club.default_target == own else club.default_target


@login_required
def game_new(request):
    clubs = clubs_where_required(request.user, Do.START_GAME)
    # ?club= shows that club's people in the seat pickers (the form's script asks for it when
    # the club is changed); any other value shows the first club.
    picked = ClubShownForm(request.GET, clubs=clubs)
    shown = (picked.cleaned_data["club"] if picked.is_valid() else None) or clubs.first()
    form = GameStartForm(request.POST or None, clubs=clubs,
                         initial={"club": shown, "preset": shown.default_preset,
                                  "target": _club_target(shown),
                                  "recording": request.GET.get("recording", "tablet")})
    doubts, status = {}, 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.game_start(
                club=data["club"], players=data["seats"], preset=data["preset"],
                overrides=_start_overrides(data), title=data["title"],
                actor=services.Actor(user=request.user),
            )
        except EngineError as error:
            form.add_error(None, refusal(error))
        except SeatsElsewhere as error:
            form.add_error(None, _(
                "Not a member or guest of %(club)s: %(names)s. A club's games seat its own "
                "people; type a visitor's name to seat them as a guest.") % {
                "club": data["club"], "names": ", ".join(p.display_name for p in error.players)})
            status = 409
        except SeatsInDoubt as error:
            doubts = {data["seat_numbers"][index]: similar
                      for index, similar in error.doubts.items()}
            status = 409
        else:
            paper = {"sheet": "scoring:game-sheet", "final": "scoring:game-final"}
            return redirect(paper.get(data["recording"], "scoring:tablet"), game.pk)
    # The pickers list the chosen club's people; a club the form refused shows the first.
    club = (form.cleaned_data.get("club") if form.is_bound else None) or shown
    seats = [{"number": n, "name": name, "player": player, "guest": guest, "new": new,
              "doubt": doubts.get(n), "doubt_text": similar_text(doubts[n]) if n in doubts
              else ""}
             for n, name, player, guest, new in form.seat_rows()]
    return render(request, "scoring/game_new.html", {
        "form": form, "seats": seats, "people": club_selectors.club_people(club),
        "in_doubt": bool(doubts)}, status=status)


def _start_overrides(data: dict) -> dict:
    overrides = {}
    if data["target"]:
        overrides["target"] = data["target"]
    if data["rounds_limit"]:
        overrides["rounds_limit"] = data["rounds_limit"]
    overrides.update(tile_set_overrides(data["tiles"], data["pool"]))
    return overrides


@login_required
def game_import_view(request):
    clubs = clubs_where_required(request.user, Do.IMPORT)
    form = ImportForm(request.POST or None, request.FILES or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        record = None
        try:
            upload = form.cleaned_data["record"]
            record = record_parse(upload.read(settings.RECORD_MAX_BYTES + 1))
            game = game_import(club=form.cleaned_data["club"], record=record,
                               actor=services.Actor(user=request.user))
        except RecordRefused as error:
            form.add_error("record", str(error))
        except EngineError as error:
            form.add_error("record", _where(error) + refusal(error, at=_move_cell(record, error)))
        else:
            messages.success(request, _("The game was imported."))
            return redirect(game)
    return render(request, "scoring/game_import.html", {"form": form})


def _where(error: EngineError) -> str:
    """'Round 2, turn 5: ' for an error found while replaying, else nothing."""
    if error.round is None:
        return ""
    turn = "—" if error.turn is None else error.turn + 1
    return _("Round %(round)s, turn %(turn)s: ") % {"round": error.round + 1, "turn": turn}


def _move_cell(record: dict, error: EngineError):
    try:
        return tuple(record["rounds"][error.round]["moves"][error.turn]["at"])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def _game_allowed(request, pk, action: Do) -> Game:
    """The game, once the user may do ``action`` on it (a 404 or 403 otherwise)."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    require(request.user, action, game)
    return game


def table_link(request, pk, action):
    """Revoke the table link (after a confirmation step: the printed code stops working) or
    make a new one (a plain post)."""
    game = _game_allowed(request, pk, Do.MANAGE_LINK)
    actor = services.Actor(user=request.user)
    if action == "revoke":
        form = ConfirmForm(posted(request),
                           label=_("Revoke it: the link and its printed code stop working"))
        if request.method != "POST" or not form.is_valid():
            return confirm_page(
                request, heading=_("Revoke the table link of %(game)s?") % {"game": game},
                consequences=[
                    _("The link and its printed QR code no longer open the tablet; whoever "
                      "opens them is told the link was revoked."),
                    _("A tablet recording with it can record nothing more."),
                    _("You can make a new link afterwards, to print or show again."),
                ], form=form, button=_("Revoke the link"), cancel=game.get_absolute_url())
        services.table_link_revoke(game_id=game.pk, actor=actor)
        messages.success(request, _("The table link was revoked; it no longer opens the tablet."))
    elif request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    else:
        services.table_link_renew(game_id=game.pk, actor=actor)
        messages.success(request, _("A new table link was made; the old one no longer works."))
    return redirect(game)


def table_qr(request, pk):
    """The table link as an SVG QR code, for recorders to show or print."""
    game = _game_allowed(request, pk, Do.MANAGE_LINK)
    if not game.table_token:
        return HttpResponseBadRequest(_("This game has no table link."))
    url = request.build_absolute_uri(reverse("scoring:link-tablet", args=[game.table_token]))
    return HttpResponse(qr_svg(url, box_size=12), content_type="image/svg+xml")


@require_POST
def game_abandon(request, pk):
    game = _game_allowed(request, pk, Do.ABANDON)
    try:
        services.game_abandon(game_id=game.pk, actor=services.Actor(user=request.user))
    except services.NotPlaying:
        return HttpResponse(_("A finished game keeps its result; it cannot be abandoned."),
                            status=409, content_type="text/plain; charset=utf-8")
    except services.ResultClosed:
        return HttpResponse(str(RESULT_CLOSED), status=409,
                            content_type="text/plain; charset=utf-8")
    messages.success(request, _("The game was marked abandoned."))
    return redirect(game)


def game_reopen(request, pk):
    """An organiser reopens a finished game, saying why; the tablet takes the last round's
    hands again."""
    game = _game_allowed(request, pk, Do.REOPEN)
    form = ReopenForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                services.game_reopen(game_id=game.pk, actor=services.Actor(user=request.user),
                                     reason=form.cleaned_data["reason"])
            except services.ReopenRefused as refused:
                form.add_error(None, _reopen_refusal(refused))
                status = 409
            except services.ResultClosed:
                form.add_error(None, str(RESULT_CLOSED))
                status = 409
            else:
                messages.success(request, _("The game was reopened: enter the last round's "
                                            "hands again."))
                return redirect("scoring:tablet", game.pk)
    return render(request, "scoring/game_reopen.html", {"game": game, "form": form},
                  status=status)


def _reopen_refusal(refused) -> str:
    if refused.code == "reason-missing":
        return _("Say why the game is reopened.")
    return _("Only a finished game can be reopened.")

