"""Public tournament pages: the list, the overview, pairings with "find my table", live
standings, the bracket and the final results. Organisers' pages are in manage_views."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from clubs import push
from clubs.page_cache import public_page
from clubs.permissions import Do, allowed, clubs_where
from clubs.selectors import player_of

from . import flags, pairing, selectors
from .models import Stage, Tournament
from .tables import standings_table

# What a tournament's pages show: its own rows, its games' scores, the players and clubs.
SCOPES = ("tournaments", "scoring", "clubs")


def _tournament(request, slug: str) -> Tournament:
    """The tournament, or 404; one still in preparation only for its organisers."""
    try:
        tournament = selectors.tournament(slug)
    except Tournament.DoesNotExist:
        raise Http404 from None
    if tournament.status == Tournament.Status.DRAFT and not allowed(
            request.user, Do.MANAGE_TOURNAMENT, tournament):
        raise Http404
    return tournament


@public_page(*SCOPES)
def tournament_list(request):
    clubs = clubs_where(request.user, Do.CREATE_TOURNAMENT)
    return render(request, "tournaments/tournament_list.html", {
        "tournaments": selectors.tournament_list(),
        "drafts": selectors.tournament_drafts(clubs) if request.user.is_authenticated else [],
        "can_create": clubs.exists(),
    })


def push_topics(tournament: Tournament, lines=()) -> str:
    """What a page of the tournament follows (clubs/push.py): the tournament, and the games
    still played at the tables it shows; nothing once it is over or before it is announced."""
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        return ""
    games = [push.game_topic(line.game.pk) for line in lines if line.playing]
    return " ".join([push.tournament_topic(tournament.pk), *games])


def _base(request, tournament: Tournament) -> dict:
    return {"tournament": tournament, "push_topics": push_topics(tournament),
            "organiser": allowed(request.user, Do.MANAGE_TOURNAMENT, tournament)}


@public_page(*SCOPES)
def tournament_detail(request, slug):
    tournament = _tournament(request, slug)
    context = _base(request, tournament)
    regs = selectors.registrations(tournament)
    rounds = selectors.rounds(tournament)
    context.update({
        "rounds": [r for r in rounds if r.is_public],
        "players": [r for r in regs if not r.withdrawn],
        "withdrawn": [r for r in regs if r.withdrawn],
        "stages": list(tournament.stages.all()),
        "tiebreaks": [flags.TIEBREAK_LABELS.get(c, c) for c in tournament.tiebreaks],
        # Players register themselves while it is open and no round is paired.
        "self_registration": tournament.self_registration and tournament.is_open
        and not rounds,
    })
    player = player_of(request.user)
    if player is not None:
        context["me_registered"] = any(r.player_id == player.pk for r in context["players"])
    return render(request, "tournaments/tournament_detail.html", context)


@public_page(*SCOPES)
def round_detail(request, slug, number):
    """One round's tables; ``?q=`` keeps only the tables of players whose name matches."""
    tournament = _tournament(request, slug)
    public = [r for r in selectors.rounds(tournament) if r.is_public]
    rnd = next((r for r in public if r.number == number), None)
    if rnd is None:
        raise Http404
    regs = selectors.registrations(tournament)
    names = selectors.names(regs)
    lines = selectors.round_tables(rnd, names)
    query = request.GET.get("q", "").strip()
    shown = [line for line in lines if line.has(query.casefold())] if query else lines
    context = _base(request, tournament)
    context.update({
        "round": rnd, "tables": [t for t in shown if not t.table.bye],
        "byes": [t for t in shown if t.table.bye], "query": query,
        "all_rounds": public,
        "playing": sum(1 for t in lines if t.playing),
        "push_topics": push_topics(tournament, lines),
    })
    template = "tournaments/partials/pairings.html" if request.htmx else \
        "tournaments/round_detail.html"
    return render(request, template, context)


@public_page(*SCOPES)
def standings(request, slug):
    tournament = _tournament(request, slug)
    view = selectors.standings(tournament)
    context = _base(request, tournament)
    context.update({"table": standings_table(view), "view": view})
    return render(request, "tournaments/standings.html", context)


def _describe_source(source, bracket) -> str:
    if source.place == 1:
        return _("winner of %(match)s") % {"match": source.match}
    if source.place == 2 and len(bracket.match(source.match).slots) == 2:
        return _("loser of %(match)s") % {"match": source.match}
    return _("place %(place)s of %(match)s") % {"place": source.place, "match": source.match}


@public_page(*SCOPES)
def bracket(request, slug):
    tournament = _tournament(request, slug)
    stage = selectors.knockout_stage(tournament)
    context = _base(request, tournament)
    if stage is not None and stage.seeds:
        names = selectors.names(selectors.registrations(tournament))
        context["bracket"] = selectors.bracket(tournament, stage, names, _describe_source)
        context["flags"] = [flags.describe(f, names)
                            for f in pairing.flags_from_json(stage.flags)]
    context["stage"] = stage
    return render(request, "tournaments/bracket.html", context)


@public_page(*SCOPES)
def results(request, slug):
    tournament = _tournament(request, slug)
    context = _base(request, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        context["results"] = selectors.final_results(
            tournament, selectors.registrations(tournament))
    context["knockout"] = tournament.stages.filter(kind=Stage.Kind.KNOCKOUT).exists()
    return render(request, "tournaments/results.html", context)
