"""The organiser's pages: only organisers of the tournament's club (others get 403).

Views parse, call one service and redirect with a message; the services' refusals come back
as Refused with a code, which messages.refusal puts into words.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_POST

from clubs.messages import similar_text
from clubs.models import Player
from clubs.names import name_key
from clubs.permissions import Actor, Do, clubs_where_required, require
from clubs.services import SimilarPlayers
from scoring.qr import qr_svg

from . import flags, pairing, selectors, services
from .forms import (
    BulkRegistrationForm,
    MoveForm,
    RegistrationForm,
    SwapForm,
    TournamentEditForm,
    TournamentForm,
)
from .messages import edit_limit_reason, refusal, round_failure
from .models import Registration, Table, Tournament, TournamentRound
from .views import push_topics


def organised(request, slug) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    require(request.user, Do.MANAGE_TOURNAMENT, tournament)
    return tournament


def round_of(tournament, number) -> TournamentRound:
    return get_object_or_404(tournament.rounds.select_related("stage"), number=number)


def actor_of(request) -> Actor:
    return Actor(user=request.user)


def attempted(request, action, success: str | None = None) -> bool:
    """Run a service call; a refusal becomes an error message. True when it went through."""
    try:
        action()
    except services.Refused as error:
        messages.error(request, refusal(error))
        return False
    if success:
        messages.success(request, success)
    return True


@login_required
def tournament_new(request):
    clubs = clubs_where_required(request.user, Do.CREATE_TOURNAMENT)
    first = clubs.first()
    form = TournamentForm(request.POST or None, clubs=clubs, initial={
        "club": first, "preset": first.default_preset, "starts_on": timezone.localdate(),
        "key": uuid.uuid4().hex})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.tournament_create(
                club=data["club"], name=data["name"], starts_on=data["starts_on"],
                preset=data["preset"], target=data["target"],
                rounds_per_game=data["rounds_per_game"], table_size=data["table_size"],
                tile_set=data["tile_set"], pool=data["pool"], format=data["format"],
                rounds=data["rounds"] or 0,
                points_scheme=data["points_scheme"], tiebreaks=data["tiebreaks"],
                avoid_same_club=data["avoid_same_club"], remainder=data["remainder"],
                knockout_size=data["knockout_size"], key=data["key"],
                self_registration=data["self_registration"], actor=actor_of(request),
            )
        except services.Refused as error:
            form.add_error(None, refusal(error))
        else:
            messages.success(request, _("The tournament was created. Open it to registration "
                                        "when you are ready."))
            return redirect("tournaments:manage", tournament.slug)
    return render(request, "tournaments/tournament_form.html", {"form": form})


def tournament_edit(request, slug):
    """The tournament's settings, for an organiser correcting them: those its stage keeps as
    they are are shown disabled, with why (services.edit_limits)."""
    tournament = organised(request, slug)
    fixed = services.edit_limits(tournament)
    form = TournamentEditForm(request.POST or None, tournament=tournament, fixed=fixed,
                              stamp=services.settings_stamp(tournament, fixed))
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_edit(tournament=tournament, changes=form.changes(),
                                     stamp=form.cleaned_data["stamp"], actor=actor_of(request))
        except services.Refused as error:
            if error.code == "edited-meanwhile":
                messages.error(request, refusal(error))
                return redirect("tournaments:edit", slug)
            form.add_error(None, refusal(error))
        else:
            messages.success(request, _("The tournament's settings are saved."))
            return redirect("tournaments:manage", slug)
    return render(request, "tournaments/tournament_edit.html", {
        "tournament": tournament, "form": form,
        "reasons": [edit_limit_reason(code) for code in dict.fromkeys(fixed.values())]})


def manage(request, slug):
    return _manage_page(request, organised(request, slug))


def _manage_page(request, tournament, *, form=None, similar=None, bulk=None, doubts=None,
                 status=200):
    """The organiser's page; after a "new" player's name matched people of the club, the form
    comes back filled in, offering them (``similar``) beside "create a new person anyway";
    after pasted names did (``doubts``), the pasted list comes back as it was (``bulk``) with
    a choice for each name in doubt."""
    regs = selectors.registrations(tournament)
    rounds = selectors.rounds(tournament)
    stages = selectors.stages(tournament)
    candidates = selectors.club_members_unregistered(tournament)
    if form is not None:
        form.fields["player"].queryset = candidates  # the picker lists the club, as always
    context = {
        "tournament": tournament, "registrations": regs, "rounds": rounds,
        "form": form or RegistrationForm(players=candidates),
        "bulk_form": bulk or BulkRegistrationForm(),
        "doubts": doubts or [],
        "checked_in": sum(1 for r in regs if r.active),
        "day": selectors.day(tournament, rounds, stages),
        "played": selectors.seated_players(tournament),
    }
    if similar is not None:
        context.update(similar=similar.players, similar_name=similar.name,
                       similar_keep=[("checked_in", "on")] if form["checked_in"].value() else [])
    return render(request, "tournaments/manage.html", context, status=status)


@require_POST
def tournament_open(request, slug):
    tournament = organised(request, slug)
    attempted(request, lambda: services.tournament_open(tournament=tournament,
                                                       actor=actor_of(request)),
             _("Registration is open; the tournament is listed publicly."))
    return redirect("tournaments:manage", slug)


@require_POST
def tournament_self_registration(request, slug):
    tournament = organised(request, slug)
    wanted = request.POST.get("open") == "1"
    attempted(request, lambda: services.tournament_self_registration(
        tournament=tournament, open=wanted, actor=actor_of(request)),
        _("Players of the club can register and withdraw themselves now.") if wanted
        else _("Only organisers register players now."))
    return redirect("tournaments:manage", slug)


@require_POST
def registration_add(request, slug):
    tournament = organised(request, slug)
    form = RegistrationForm(request.POST, players=Player.objects.all())
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect("tournaments:manage", slug)
    data = form.cleaned_data
    try:
        attempted(request, lambda: services.registration_add(
            tournament=tournament, player=data["player"], display_name=data["display_name"],
            checked_in=data["checked_in"], new_anyway=data["new_anyway"],
            actor=actor_of(request)), _("The player is registered."))
    except SimilarPlayers as error:
        messages.warning(request, similar_text(error))
        return _manage_page(request, tournament, form=form, similar=error, status=409)
    return redirect("tournaments:manage", slug)


@require_POST
def registrations_add(request, slug):
    """Many at once: a pasted list of names, every member of the club, or both. Names close
    to people the club has register nobody: the list comes back with a choice for each."""
    tournament = organised(request, slug)
    form = BulkRegistrationForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect("tournaments:manage", slug)
    data = form.cleaned_data
    players = (list(selectors.club_members_unregistered(tournament))
               if data["all_members"] else [])
    try:
        done = services.registrations_add(
            tournament=tournament, players=players, names=data["names"],
            settled=_settled(request.POST), new_anyway=data["new_anyway"],
            checked_in=data["checked_in"], actor=actor_of(request))
    except services.NamesInDoubt as error:
        messages.error(request, refusal(error))
        return _manage_page(request, tournament, bulk=form, status=409, doubts=[
            {"name": name, "options": [(str(p.pk), _("%(name)s, already in the club") % {
                "name": p.display_name}) for p in alike] + [
                (services.NEW, _("a new person named %(name)s") % {"name": name})]}
            for name, alike in error.doubts])
    except services.Refused as error:
        messages.error(request, refusal(error))
        return redirect("tournaments:manage", slug)
    if done:
        messages.success(request, ngettext("%(count)s player is registered.",
                                           "%(count)s players are registered.",
                                           len(done)) % {"count": len(done)})
    return redirect("tournaments:manage", slug)


def _settled(post) -> dict:
    """The answers given to names in doubt: ``settle-<i>`` is a person's id or "new",
    ``settle-<i>-name`` the name it answers (by its key, as the service compares names)."""
    settled = {}
    for key, value in post.items():
        if not key.startswith("settle-") or key.endswith("-name"):
            continue
        name = name_key(post.get(f"{key}-name", ""))
        if value == services.NEW:
            settled[name] = services.NEW
        elif value.isdigit() and len(value) < 12:
            settled[name] = int(value)
    return settled


@require_POST
def registration_delete(request, slug, pk):
    tournament = organised(request, slug)
    registration = _registration(tournament, pk)
    attempted(request, lambda: services.registration_delete(
        registration=registration, actor=actor_of(request)),
        _("The registration of %(name)s is deleted.") % {
            "name": registration.player.display_name})
    return redirect("tournaments:manage", slug)


def _registration(tournament, pk) -> Registration:
    return get_object_or_404(Registration.objects.select_related("player"), pk=pk,
                             tournament=tournament)


@require_POST
def registration_check_in(request, slug, pk):
    """Tap to check in (or out); htmx swaps the row, a plain form post redirects."""
    tournament = organised(request, slug)
    registration = _registration(tournament, pk)
    wanted = request.POST.get("checked_in", "1") == "1"
    ok = attempted(request, lambda: services.registration_check_in(
        registration=registration, checked_in=wanted, actor=actor_of(request)))
    if request.htmx and ok:
        registration.refresh_from_db()
        # The row, and the count above it swapped out of band: it follows every tap.
        context = {"r": registration, "tournament": tournament, "oob": True,
                   "played": selectors.seated_players(tournament),
                   "checked_in": selectors.checked_in_count(tournament)}
        row = render(request, "tournaments/partials/registration_row.html", context)
        count = render(request, "tournaments/partials/checked_in_count.html", context)
        row.content += count.content
        return row
    return redirect("tournaments:manage", slug)


@require_POST
def registration_withdraw(request, slug, pk):
    tournament = organised(request, slug)
    registration = _registration(tournament, pk)
    wanted = request.POST.get("withdrawn", "1") == "1"
    text = (_("%(name)s is withdrawn from the next rounds.") if wanted
            else _("%(name)s is back in."))
    attempted(request, lambda: services.registration_withdraw(
        registration=registration, withdrawn=wanted, actor=actor_of(request)),
        text % {"name": registration.player.display_name})
    return redirect("tournaments:manage", slug)


def _round_made(request, slug, make, success=None):
    """Make a round (``make`` is the service) and show it; a refusal stays on the manage page."""
    tournament = organised(request, slug)
    made = []
    if attempted(request, lambda: made.append(make(tournament=tournament, actor=actor_of(request))),
                success):
        return redirect("tournaments:manage-round", slug, made[0].number)
    return redirect("tournaments:manage", slug)


@require_POST
def round_generate(request, slug):
    return _round_made(request, slug, services.round_generate)


def _table_url(request, table: Table) -> str | None:
    game = table.game
    if game is None or not game.table_token:
        return None
    return request.build_absolute_uri(reverse("scoring:link-tablet", args=[game.table_token]))


def round_manage(request, slug, number):
    """The organiser's view of one round: the draft to edit and publish, or the games."""
    tournament = organised(request, slug)
    rnd = round_of(tournament, number)
    regs = selectors.registrations(tournament)
    names = selectors.names(regs)
    lines = selectors.round_tables(rnd, names)
    stored = pairing.flags_from_json(rnd.flags)
    general, per_table = flags.split(stored, names)
    for line in lines:
        line.notes = per_table.get(line.table.number, [])
    seated = [(s.player_id, s.name, _("bye") if line.table.bye else line.label)
              for line in lines for s in line.seats]
    return render(request, "tournaments/manage_round.html", {
        "tournament": tournament, "round": rnd, "tables": [t for t in lines if not t.table.bye],
        "byes": [t for t in lines if t.table.bye], "general_flags": general,
        "seated": sorted(seated, key=lambda s: s[1].casefold()),
        "playing": [t for t in lines if t.playing],
        "warnings": sum(1 for f in stored if f.warning),
        "withdrawn": {r.player_id for r in regs if r.withdrawn},
        "round_failure": round_failure(rnd),
        "results_reopenable": _results_reopenable(tournament, rnd),
        "push_topics": push_topics(tournament, lines) if rnd.is_published else "",
    })


def _results_reopenable(tournament, rnd) -> bool:
    """Whether the round's closed results may be reopened (services.table_result_reopen
    refuses the rest): a complete round of a running tournament, and in the knockout only
    until the bracket moves on."""
    if rnd.status != TournamentRound.Status.COMPLETE or tournament.is_finished:
        return False
    return not (rnd.stage.is_knockout
                and tournament.rounds.filter(stage=rnd.stage, number__gt=rnd.number).exists())


@require_GET
def round_progress(request, slug, number):
    """The small progress partial the draft page polls while a task pairs the round."""
    tournament = organised(request, slug)
    rnd = round_of(tournament, number)
    response = render(request, "tournaments/partials/round_progress.html",
                      {"tournament": tournament, "round": rnd,
                       "round_failure": round_failure(rnd)})
    if rnd.status != TournamentRound.Status.PAIRING:
        response["HX-Refresh"] = "true"  # paired: the page (static/js/push.js) shows the draft
    return response


def _round_action(request, slug, number, call, success=None):
    tournament = organised(request, slug)
    rnd = round_of(tournament, number)
    attempted(request, lambda: call(rnd), success)
    return redirect("tournaments:manage-round", slug, number)


def _draft_edit(form_class, service, invalid, success):
    """A view changing who sits where in a draft: the form's fields are the service's
    arguments; ``invalid`` is said when the form is, ``success`` when the service agrees."""

    @require_POST
    def edit(request, slug, number):
        rnd = round_of(organised(request, slug), number)  # rights first, whatever was posted
        form = form_class(request.POST)
        if form.is_valid():
            attempted(request, lambda: service(tournament_round=rnd, actor=actor_of(request),
                                              **form.cleaned_data), success)
        else:
            messages.error(request, invalid)
        return redirect("tournaments:manage-round", slug, number)

    return edit


table_swap = _draft_edit(SwapForm, services.table_swap, gettext_lazy("Choose two players to swap."),
                         gettext_lazy("The players were swapped."))
table_move = _draft_edit(MoveForm, services.table_move,
                         gettext_lazy("Choose a player and a table."),
                         gettext_lazy("The player was moved."))


@require_POST
def round_publish(request, slug, number):
    return _round_action(request, slug, number, lambda rnd: services.round_publish(
        tournament_round=rnd, actor=actor_of(request), site_url=request.build_absolute_uri("/")),
        _("The round is published: every table has its game and table link."))


@require_POST
def round_complete(request, slug, number):
    return _round_action(request, slug, number,
                         lambda rnd: services.round_complete(tournament_round=rnd,
                                                             actor=actor_of(request)),
                         _("The round is complete."))


@require_POST
def table_replay(request, slug, number, table):
    tournament = organised(request, slug)
    rnd = round_of(tournament, number)
    row = get_object_or_404(Table, round=rnd, number=table)
    attempted(request, lambda: services.table_replay(table=row, actor=actor_of(request)),
             _("Table %(table)s plays again with a new game.") % {"table": table})
    return redirect("tournaments:manage-round", slug, number)


def round_print(request, slug, number):
    """Pairings to print: one card per table with the QR code of its table link."""
    tournament = organised(request, slug)
    rnd = round_of(tournament, number)
    names = selectors.names(selectors.registrations(tournament))
    lines = selectors.round_tables(rnd, names)
    cards = []
    for line in lines:
        if line.table.bye:
            continue
        url = _table_url(request, line.table)
        cards.append({"line": line, "url": url, "qr": qr_svg(url, box_size=8) if url else ""})
    return render(request, "tournaments/print.html", {
        "tournament": tournament, "round": rnd, "cards": cards,
        "byes": [line for line in lines if line.table.bye],
        "by_name": sorted(((s.name, _("bye") if line.table.bye else line.label)
                           for line in lines for s in line.seats),
                          key=lambda x: x[0].casefold()),
    })

