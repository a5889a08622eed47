"""The organiser's steps that change a stage or cannot be taken back: start the knockout,
finish the tournament, discard a draft, reopen a table's closed result or the tournament.

Each is a page (clubs.confirm) that says what the step will do and goes through only once
confirmed: a stray tap on the day page's button changes nothing. The services refuse what the
tournament's state does not allow whatever was confirmed."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.confirm import ConfirmForm, ReasonForm, confirm_page, posted

from . import selectors, services
from .manage_views import actor_of, attempted, organised, round_of
from .messages import numbers_text, rounds_left_text
from .models import Table, TournamentRound


def _manage_url(tournament) -> str:
    return reverse("tournaments:manage", args=[tournament.slug])


def _day(tournament) -> selectors.Day:
    return selectors.day(tournament, selectors.rounds(tournament), selectors.stages(tournament))


def _skipped(tournament, day: selectors.Day, *, knockout_too: bool) -> list[str]:
    """What the step leaves unplayed, in sentences."""
    lines = []
    if day.rounds_left and not day.knockout_started:
        lines.append(rounds_left_text(tournament, day.rounds_left))
    if knockout_too and day.knockout_skipped:
        lines.append(_("The knockout of the top %(n)s will not be played.") % {
            "n": day.knockout.qualifiers})
    return lines


def knockout_start(request, slug):
    tournament = organised(request, slug)
    day = _day(tournament)
    skipped = _skipped(tournament, day, knockout_too=False)
    label = (_("Yes, start the knockout now: those rounds will not be played") if skipped
             else _("Start the knockout now"))
    form = ConfirmForm(posted(request), label=label)
    if request.method == "POST" and form.is_valid():
        made = []
        if attempted(request, lambda: made.append(services.knockout_start(
                tournament=tournament, actor=actor_of(request), early=True)),
                _("The knockout is seeded from the standings.")):
            return redirect("tournaments:manage-round", slug, made[0].number)
        return redirect("tournaments:manage", slug)
    n = day.knockout.qualifiers if day.knockout else 0
    return confirm_page(
        request, heading=_("Start the knockout of the top %(n)s?") % {"n": n},
        warnings=skipped, consequences=[
            _("The top %(n)s of the standings as they are now are seeded into the bracket, "
              "and its first round is paired as a draft to check before publishing.") % {"n": n},
            _("Until that draft is published, discarding it takes the seeding back and the "
              "tournament returns to its first stage."),
        ], form=form, button=_("Start the knockout"), cancel=_manage_url(tournament),
        danger=bool(skipped))


def tournament_finish(request, slug):
    tournament = organised(request, slug)
    day = _day(tournament)
    skipped = _skipped(tournament, day, knockout_too=True)
    form = ConfirmForm(posted(request), label=(
        _("Yes, finish it now: what is left will not be played") if skipped
        else _("Finish it now: the results are final")))
    if request.method == "POST" and form.is_valid():
        if attempted(request, lambda: services.tournament_finish(
                tournament=tournament, actor=actor_of(request), early=True),
                _("The tournament is finished.")):
            return redirect("tournaments:results", slug)
        return redirect("tournaments:manage", slug)
    lines = [_("Every result becomes final: none can be corrected unless the tournament is "
               "reopened, with a reason.")]
    winner = _winner(tournament, day)
    if winner:
        lines.append(_("%(name)s wins the tournament.") % {"name": winner})
    return confirm_page(request, heading=_("Finish %(name)s?") % {"name": tournament.name},
                        warnings=skipped, consequences=lines, form=form,
                        button=_("Finish the tournament"), cancel=_manage_url(tournament))


def _winner(tournament, day: selectors.Day) -> str:
    """Who finishing now makes the winner: the knockout's champion, else the leader."""
    regs = selectors.registrations(tournament)
    if day.knockout_started:
        return selectors.names(regs).get(day.champion, "") if day.champion else ""
    lines = selectors.standings(tournament, regs).lines
    return lines[0].name if lines else ""


def round_discard(request, slug, number):
    tournament = organised(request, slug)
    rnd = round_of(tournament, number)
    form = ConfirmForm(posted(request), label=_("Discard the draft"))
    if request.method == "POST" and form.is_valid():
        attempted(request, lambda: services.round_discard(tournament_round=rnd,
                                                         actor=actor_of(request)),
                 _("The draft was discarded."))
        return redirect("tournaments:manage", slug)
    lines = [_("The draft of round %(n)s is thrown away, with any change made to it by "
               "hand; the round can be paired again.") % {"n": rnd.number}]
    if rnd.stage.is_knockout and not rnd.stage.rounds.filter(number__lt=rnd.number).exists():
        day = _day(tournament)
        lines.append(_("The knockout's seeding is taken back: the tournament returns to its "
                       "first stage."))
        if day.rounds_left:
            lines.append(_("Rounds %(rounds)s of the first stage can then be paired.") % {
                "rounds": numbers_text(day.rounds_left)})
    return confirm_page(request, heading=_("Discard the draft of round %(n)s?") % {
        "n": rnd.number}, consequences=lines, form=form, button=_("Discard the draft"),
        cancel=reverse("tournaments:manage-round", args=[slug, number]))


def tournament_reopen(request, slug):
    tournament = organised(request, slug)
    form = ReasonForm(posted(request), label=_("Why is the tournament reopened?"))
    if request.method == "POST" and form.is_valid():
        attempted(request, lambda: services.tournament_reopen(
            tournament=tournament, reason=form.cleaned_data["reason"], actor=actor_of(request)),
            _("The tournament runs again."))
        return redirect("tournaments:manage", slug)
    return confirm_page(
        request, heading=_("Reopen %(name)s?") % {"name": tournament.name},
        consequences=[
            _("The tournament runs again: a table's result can then be reopened for a "
              "correction, with a reason."),
            _("Its winner is decided again when you finish it again."),
        ], form=form, button=_("Reopen the tournament"), cancel=_manage_url(tournament))


def _table(tournament, number, table) -> tuple[TournamentRound, Table]:
    rnd = round_of(tournament, number)
    return rnd, get_object_or_404(Table.objects.select_related("game"), round=rnd, number=table)


def result_reopen(request, slug, number, table):
    tournament = organised(request, slug)
    rnd, row = _table(tournament, number, table)
    form = ReasonForm(posted(request), label=_("What is wrong with this result?"))
    back = reverse("tournaments:manage-round", args=[slug, number])
    if request.method == "POST" and form.is_valid():
        if attempted(request, lambda: services.table_result_reopen(
                table=row, reason=form.cleaned_data["reason"], actor=actor_of(request)),
                _("The result of table %(table)s is open for a correction.") % {"table": table}):
            return redirect(row.game)
        return redirect(back)
    lines = [
        _("The result of table %(table)s can be changed once more: by correcting a turn, by a "
          "score sheet or final scores, or on the tablet after reopening the game.") % {
            "table": table},
        _("It closes again as soon as it has changed; the round's pages say it was corrected, "
          "and why."),
    ]
    if tournament.rounds.filter(number__gt=rnd.number).exists():
        lines.append(_("The rounds already paired stay as they are; the standings, tie-breaks "
                       "and ratings follow the corrected result."))
    return confirm_page(request, heading=_("Reopen the result of table %(table)s of round "
                                           "%(n)s?") % {"table": table, "n": number},
                        consequences=lines, form=form, button=_("Reopen the result"),
                        cancel=back)


@require_POST
def result_close(request, slug, number, table):
    tournament = organised(request, slug)
    _rnd, row = _table(tournament, number, table)
    attempted(request, lambda: services.table_result_close(table=row, actor=actor_of(request)),
             _("The result of table %(table)s is closed again.") % {"table": table})
    return redirect("tournaments:manage-round", slug, number)
