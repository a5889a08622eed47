"""Pages for results that come without a tablet: a score sheet, final scores, or a full record
attached to a game that exists (a tournament table). For the club's referees and organisers."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from scoring.engine import EngineError

from .. import selectors, sheets
from ..access import can_record
from ..limits import RecordRefused
from ..messages import RESULT_CLOSED, refusal
from ..models import Game, Round
from ..services import Actor, NotPlaying, ResultClosed
from ..sheet_forms import (
    RecordForm,
    SheetInputError,
    ending_from_post,
    finals_from_post,
    row_count,
    sheet_from_post,
)


def _game(request, pk) -> Game:
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not can_record(request.user, game):
        raise PermissionDenied("not a referee of this club")
    return game


def _closed(request, game: Game):
    return render(request, "scoring/result_closed.html", {"game": game, "text": RESULT_CLOSED},
                  status=409)


def _paper_page(view):
    """A page of this module, for the game's recorders; a game whose result is closed gets no
    form but the reason (409), also when it was closed while the form was being filled in."""

    @wraps(view)
    def page(request, pk):
        game = _game(request, pk)
        if game.is_closed:
            return _closed(request, game)
        try:
            return view(request, game)
        except ResultClosed:
            return _closed(request, game)

    return page


def _back(request, game: Game) -> str:
    """Where to go after saving: the page that sent us here (the organiser's round page),
    when it is on this site, else the game."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return game.get_absolute_url()


def sheet_refusal(error: EngineError, names: list[str], first_round: int = 0) -> str:
    """An engine refusal of a sheet in words, rounds numbered as on the sheet."""
    return refusal(error, players=names, first_round=first_round)


def _attempt(call, names: list[str], first_round: int = 0) -> str | None:
    """Run a service; the refusal in words, or None when it went through."""
    try:
        call()
    except (SheetInputError, RecordRefused) as error:
        return str(error)
    except NotPlaying as refused:
        return refusal(refused)
    except EngineError as error:
        where = ""
        if error.round is not None:  # a record that does not replay
            turn = "—" if error.turn is None else error.turn + 1
            where = _("Round %(round)s, turn %(turn)s: ") % {"round": error.round + 1,
                                                             "turn": turn}
        return where + sheet_refusal(error, names, first_round)
    return None


def _sheet_rows(data, names, rows, existing) -> list[dict]:
    """The editable lines: what was posted, else the game's rounds from paper, else empty."""
    lines = []
    for row in range(rows):
        old = existing[row] if row < len(existing) else None
        cells = []
        for seat in range(len(names)):
            if data is not None:
                points, total = data.get(f"p-{row}-{seat}", ""), data.get(f"t-{row}-{seat}", "")
            else:
                points = old.end_points[seat] if old else ""
                total = old.totals[seat] if old else ""
            cells.append({"seat": seat, "name": names[seat], "points": points, "total": total})
        lines.append({"row": row, "cells": cells})
    return lines


@_paper_page
def game_sheet(request, game):
    """Each round's points per player, as the paper sheet has them; the rounds already scored
    on the tablet stay and are shown above."""
    seats = selectors.game_seats(game)
    names = [seat.player.display_name for seat in seats]
    kept = sheets.kept_rounds(game)
    existing = [r for r in selectors.game_rounds(game) if r.reason == Round.Reason.SHEET]
    default_rows = max(len(existing), (game.rounds_limit or 0) - len(kept), 6)
    rows = row_count(request.POST if request.method == "POST" else request.GET, default_rows)
    error = None
    if request.method == "POST":
        def call():
            rounds, written = sheet_from_post(request.POST, names, rows, len(kept))
            winner, reached = ending_from_post(request.POST, len(names))
            sheets.game_sheet_enter(game_id=game.pk, rounds=rounds, written=written,
                                    round_winner=winner, reached=reached,
                                    actor=Actor(user=request.user))
        error = _attempt(call, names, len(kept))
        if error is None:
            messages.success(request, _("The score sheet was entered; the game is finished."))
            return redirect(_back(request, game))
    return render(request, "scoring/game_sheet.html", {
        "heading": _("Score sheet"), "entry": "sheet",
        "game": game, "names": names, "kept": kept, "error": error,
        "lines": _sheet_rows(request.POST if request.method == "POST" else None, names, rows,
                             existing),
        "rows": rows, "more_rows": min(rows + 5, 60), "first_round": len(kept),
        "next": _back(request, game), **_ending_context(request, game, names),
    }, status=422 if error else 200)


def _ending_context(request, game: Game, names: list[str]) -> dict:
    posted = request.method == "POST"
    winner = request.POST.get("round_winner", "") if posted else ""
    reached = set(request.POST.getlist("reached")) if posted else set()
    return {"players": [{"seat": seat, "name": name, "winner": str(seat) == winner,
                         "reached": str(seat) in reached} for seat, name in enumerate(names)],
            "target": game.target}


@_paper_page
def game_final(request, game):
    """Only the final scores, when that is all the table kept."""
    seats = selectors.game_seats(game)
    names = [seat.player.display_name for seat in seats]
    error = None
    if request.method == "POST":
        def call():
            scores, rounds = finals_from_post(request.POST, names)
            winner, reached = ending_from_post(request.POST, len(names))
            sheets.game_final_enter(game_id=game.pk, scores=scores, rounds=rounds,
                                    round_winner=winner, reached=reached,
                                    actor=Actor(user=request.user))
        error = _attempt(call, names)
        if error is None:
            messages.success(request, _("The final scores were entered; the game is finished."))
            return redirect(_back(request, game))
    values = [request.POST.get(f"score-{s.position}", "") if request.method == "POST"
              else (s.score if game.entry == Game.Entry.FINAL else "") for s in seats]
    return render(request, "scoring/game_final.html", {
        "heading": _("Final scores"), "entry": "final",
        "game": game, "error": error, "next": _back(request, game),
        "scores": [{"seat": s.position, "name": n, "value": v}
                   for s, n, v in zip(seats, names, values, strict=True)],
        "rounds": request.POST.get("rounds", "") if request.method == "POST" else "",
        **_ending_context(request, game, names),
    }, status=422 if error else 200)


@_paper_page
def game_attach(request, game):
    """Attach a full record to this game, replacing what it holds (a sheet, or a tablet game
    that stopped)."""
    form = RecordForm(request.POST or None, request.FILES or None)
    error = None
    if request.method == "POST" and form.is_valid():
        names = [seat.player.display_name for seat in selectors.game_seats(game)]
        error = _attempt(lambda: sheets.game_record_attach(
            game_id=game.pk, record=form.cleaned_data["record"],
            actor=Actor(user=request.user)), names)
        if error is None:
            messages.success(request, _("The record was attached to the game."))
            return redirect(_back(request, game))
    failed = request.method == "POST" and (error or not form.is_valid())
    return render(request, "scoring/game_attach.html", {
        "heading": _("Attach a record"), "entry": "attach",
        "game": game, "form": form, "error": error, "next": _back(request, game),
    }, status=422 if failed else 200)
