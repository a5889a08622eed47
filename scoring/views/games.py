"""Game pages: the list, a game's page and its live part, its record, starting and importing a
game, the table link, abandoning and reopening. Views parse, call a service or selector, and
render; the engine's refusals become plain messages."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseNotAllowed, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import selectors as club_selectors
from clubs.confirm import ConfirmForm, confirm_page, posted
from clubs.messages import similar_text
from clubs.newcomers import SeatsElsewhere, SeatsInDoubt
from clubs.page_cache import public_page
from clubs.permissions import Do, allowed, clubs_where_required
from scoring.engine import EngineError, rules_resolve

from .. import live, selectors, services, spectating
from ..access import can_record
from ..board_svg import cell_shape
from ..filters import GameFilter
from ..forms import ClubShownForm, GameStartForm, ImportForm, ReopenForm
from ..game_shown import game_shown
from ..limits import RecordRefused, record_parse
from ..live_fragment import fragment_render
from ..messages import RESULT_CLOSED, refusal
from ..models import Game
from ..presets import tile_set_overrides
from ..qr import qr_svg
from ..records import game_export, game_import
from ..tables import RoundTable, round_rows
from .http import engine_where, game_allowed

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
    context = {"game": game, "shown": game_shown(view), "seats": view.seats,
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
        html = fragment_render(game, language)
    return HttpResponse(html)


def _live_ratings_wait(request, pk, shown):
    # Ratings do not change the game's version, so this asks the database: two small queries
    # per poll, for at most spectating.RATINGS_WAIT after the finish.
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if (shown == str(game.version) and not spectating.game_rated(game)
            and spectating.awaiting_ratings(game)):
        return HttpResponse(status=204)
    return HttpResponse(fragment_render(game, get_language()))


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
            form.add_error("record", engine_where(error)
                           + refusal(error, at=_move_cell(record, error)))
        else:
            messages.success(request, _("The game was imported."))
            return redirect(game)
    return render(request, "scoring/game_import.html", {"form": form})


def _move_cell(record: dict, error: EngineError):
    try:
        return tuple(record["rounds"][error.round]["moves"][error.turn]["at"])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def table_link(request, pk, action):
    """Revoke the table link (after a confirmation step: the printed code stops working) or
    make a new one (a plain post)."""
    game = game_allowed(request, pk, Do.MANAGE_LINK)
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
    game = game_allowed(request, pk, Do.MANAGE_LINK)
    if not game.table_token:
        return HttpResponseBadRequest(_("This game has no table link."))
    url = request.build_absolute_uri(reverse("scoring:link-tablet", args=[game.table_token]))
    return HttpResponse(qr_svg(url, box_size=12), content_type="image/svg+xml")


@require_POST
def game_abandon(request, pk):
    game = game_allowed(request, pk, Do.ABANDON)
    try:
        services.game_abandon(game_id=game.pk, actor=services.Actor(user=request.user))
    except (services.NotPlaying, services.ResultClosed) as refused:
        return HttpResponse(refusal(refused), status=409,
                            content_type="text/plain; charset=utf-8")
    messages.success(request, _("The game was marked abandoned."))
    return redirect(game)


def game_reopen(request, pk):
    """An organiser reopens a finished game, saying why; the tablet takes the last round's
    hands again."""
    game = game_allowed(request, pk, Do.REOPEN)
    form = ReopenForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                services.game_reopen(game_id=game.pk, actor=services.Actor(user=request.user),
                                     reason=form.cleaned_data["reason"])
            except (services.ReopenRefused, services.ResultClosed) as refused:
                form.add_error(None, refusal(refused))
                status = 409
            else:
                messages.success(request, _("The game was reopened: enter the last round's "
                                            "hands again."))
                return redirect("scoring:tablet", game.pk)
    return render(request, "scoring/game_reopen.html", {"game": game, "form": form},
                  status=status)
