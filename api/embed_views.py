"""The widgets: a club's top players, a live game's scoreboard, a tournament's standings and
pairings. Each is a whole small page for an <iframe>; with ``part`` (or, for a game, ``v``) only
the part that changes, which static/js/push.js asks for again to keep the widget current: on
each nudge pushed for what the widget follows, or every few seconds without push."""

from __future__ import annotations

import hashlib
from functools import wraps

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs import push
from clubs.models import Club
from clubs.page_cache import public_data
from ratings import selectors as rating_selectors
from scoring import live
from scoring import selectors as game_selectors
from scoring.game_shown import game_shown
from scoring.models import Game
from tournaments import selectors as tournament_selectors
from tournaments.models import Tournament
from tournaments.views import push_topics

from .conditional import game_etag, not_modified
from .embed import WidgetOptions, embeddable
from .views.tournaments import announced

# Seconds between two asks of a live game / of a running tournament's tables.
GAME_EVERY = 3
TOURNAMENT_EVERY = 30


class BadOptions(Exception):
    def __init__(self, form):
        super().__init__()
        self.form = form


def _options(request) -> dict:
    form = WidgetOptions(request.GET)
    if not form.is_valid():
        raise BadOptions(form)
    options = form.cleaned_data
    options["lang"] = options.get("lang") or translation.get_language()
    return options


def widget(*scopes: str, by_game: bool = False):
    """A GET-only, frameable widget rendered in the language its options ask for; with
    ``scopes``, rendered once per version of those parts of the data and then answered from
    the cache, with an ETag (clubs/page_cache.py), like the site's public pages; ``by_game``,
    the same per version of the game (_by_game_version)."""

    def decorate(view):
        handle = _widget(view)
        if scopes:
            handle = public_data(*scopes)(handle)
        elif by_game:
            handle = _by_game_version(handle)
        return embeddable(require_GET(handle))

    return decorate


def _widget(view):
    @wraps(view)
    def handle(request, *args, **kwargs):
        try:
            options = _options(request)
        except BadOptions as bad:
            messages = [f"{_named(name, bad.form.fields[name].label)}: {' '.join(errors)}"
                        for name, errors in bad.form.errors.items()]
            return HttpResponse(render_to_string("api/embed/error.html", {"messages": messages},
                                                 request=request), status=400)
        with translation.override(options["lang"]):
            response = view(request, options, *args, **kwargs)
            response.setdefault("Content-Language", options["lang"])
        return response

    return handle


def _named(parameter: str, label) -> str:
    """The parameter as the address has it (``n``), with what it means when that differs."""
    return parameter if str(label) == parameter else f"{parameter} ({label})"


def _origin(request) -> str:
    """This site's address: a widget's links open our pages, not the framing site's."""
    return request.build_absolute_uri("/").rstrip("/")


def _page(request, options, part: str, context: dict, *, title: str) -> HttpResponse:
    context = {**context, "options": options, "part": part, "title": title,
               "query": _query(options), "origin": _origin(request)}
    if request.GET.get("part"):
        return HttpResponse(render_to_string(part, context, request=request))
    return HttpResponse(render_to_string("api/embed/page.html", context, request=request))


def _query(options: dict) -> str:
    """The options again, for the URL the widget asks for its next state."""
    query = f"lang={options['lang']}&n={options['n']}"
    return query + (f"&round={options['round']}" if options.get("round") else "")


@widget("clubs")
def club_top(request, options, slug):
    club = get_object_or_404(Club, slug=slug)
    rows = list(rating_selectors.with_rank(rating_selectors.rankings(club=club))[:options["n"]])
    return _page(request, options, "api/embed/club_top.html", {
        "club": club, "rows": rows, "push_topics": push.RATINGS,
    }, title=club.name)


def _game_html(request, game: Game, options: dict, whole: bool) -> str:
    part = render_to_string("api/embed/game_part.html", {
        "game": game, "shown": game_shown(game_selectors.game_view(game)),
        "options": options, "query": _query(options), "every": GAME_EVERY,
        "origin": _origin(request),
    }, request=request)
    if not whole:
        return part
    return render_to_string("api/embed/page.html", {
        "options": options, "title": str(game), "game_html": part, "origin": _origin(request),
    }, request=request)


def _game_key(request) -> str:
    """Where the game widget's answer for this address and language is kept, beside the live
    page's fragments of the same version (its options are all in the address)."""
    where = f"{request.build_absolute_uri()}|{translation.get_language()}"
    return "embed-" + hashlib.sha1(where.encode()).hexdigest()[:20]


def _game_answer(request, pk: int, version: int, html: str) -> HttpResponse:
    response = HttpResponse(html)
    response["ETag"] = game_etag(pk, version, _game_key(request))
    response["Content-Language"] = request.GET.get("lang") or translation.get_language()
    patch_cache_control(response, no_cache=True)
    return response


def _by_game_version(view):
    """The game widget answered from the cache while the game is at a version it was rendered
    at, before its options are read: 204 for the version the widget shows, 304 for the one the
    client holds, else the stored rendering; only what the cache cannot tell reaches the view."""

    @wraps(view)
    def answer(request, pk):
        version = live.game_version(pk, at_least=request.GET.get("want"))
        if version is None:
            return view(request, pk)
        if request.GET.get("v") == str(version):
            return HttpResponse(status=204)
        key = _game_key(request)
        if (unchanged := not_modified(request, game_etag(pk, version, key))) is not None:
            return unchanged
        html = live.fragment(pk, version, key)
        return view(request, pk) if html is None else _game_answer(request, pk, version, html)

    return answer


@widget(by_game=True)
def game_scoreboard(request, options, pk):
    """The whole widget; with ``?v=`` its part the page asks for again, 204 while that version
    is still the current. Each is rendered once per version of the game and address and kept in
    the cache beside the live page's fragments (answered by _by_game_version); its ETag is the
    version, so a client holding it gets 304 without a query."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    live.game_changed(game.pk, game.version)
    shown = request.GET.get("v")
    if shown == str(game.version):
        return HttpResponse(status=204)
    html = _game_html(request, game, options, whole=shown is None)
    live.fragment_store(pk, game.version, _game_key(request), html)
    return _game_answer(request, pk, game.version, html)


def _live(tournament: Tournament) -> int | None:
    return TOURNAMENT_EVERY if tournament.is_running else None


@widget("tournaments", "scoring", "clubs")
def tournament_standings(request, options, slug):
    tournament = announced(slug)
    view = tournament_selectors.standings(tournament)
    return _page(request, options, "api/embed/standings.html", {
        "tournament": tournament, "rows": view.lines[:options["n"]], "every": _live(tournament),
        "push_topics": push_topics(tournament),
    }, title=tournament.name)


@widget("tournaments", "scoring", "clubs")
def tournament_pairings(request, options, slug):
    tournament = announced(slug)
    public = [r for r in tournament_selectors.rounds(tournament) if r.is_public]
    wanted = options.get("round")
    rnd = next((r for r in public if r.number == wanted), None) if wanted else (
        public[-1] if public else None)
    if wanted and rnd is None:
        raise Http404(_("No such round."))
    tables = []
    if rnd is not None:
        names = tournament_selectors.names(tournament_selectors.registrations(tournament))
        tables = tournament_selectors.round_tables(rnd, names)
    return _page(request, options, "api/embed/pairings.html", {
        "tournament": tournament, "round": rnd, "rows": tables, "every": _live(tournament),
        "push_topics": push_topics(tournament, tables),
    }, title=tournament.name)
