"""A game's live fragment (the live page's scoreboard, board and turn log): rendered once per
version and language, then kept in the cache (``live.fragment_store``).

Two callers share the one rendering: the live page's fetch (``views.games.game_live``, after a
nudge or on its poll) and the push socket, which carries the fragment inline in the nudge to the
pages that ask for it (``fragment_pushed``, registered by ``ScoringConfig.ready`` as clubs'
fragment provider of the ``game`` topics). The fragment is the same for every reader: it reads
no request, session or login, and a game's live page is public (docs/ratings.md, "Private
games": one game's page and its live page are unchanged for a private player).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

from . import live, selectors, spectating
from .game_shown import game_shown
from .models import Game


def fragment_render(game: Game, language: str) -> str:
    """The game's fragment at its version in ``language``, rendered and stored in the cache."""
    with translation.override(language):
        view = selectors.game_view(game)
        context = {"shown": game_shown(view), "polled": True,
                   **spectating.live_context(game, view)}
        html = render_to_string("scoring/partials/live.html", context)
    # A finished game still waiting for its ratings is kept only briefly: the same version will
    # soon be shown with them.
    live.fragment_store(game.pk, game.version, language, html,
                        timeout=2 if context.get("awaiting_ratings") else None)
    return html


def fragment_pushed(game_id: int, version: int, language: str) -> tuple[int, str] | None:
    """For a nudge of the game at ``version``: (the version shown, its fragment) from the cache,
    else rendered from the game as it is now (a version at least as new; what the page's fetch
    with ``want=<version>`` would get). None when the game is gone."""
    html = live.fragment(game_id, version, language)
    if html is not None:
        return version, html
    game = Game.objects.select_related("club").filter(pk=game_id).first()
    if game is None or game.version < version:
        return None
    return game.version, fragment_render(game, language)
