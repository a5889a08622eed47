"""Spectators are told of each turn the moment it is recorded: the live page and a club site's
framed scoreboard each hold one WebSocket and hear a nudge naming the new version; the live
page's nudge carries the new fragment, the widget fetches it (the request says so:
want=<version>; a poll never does). Behind a proxy that drops WebSockets the same pages poll
as they always did.

The site runs under daphne (tests/e2e/asgi_server.py); the turn is posted to it as the tablet
posts it, so the server that holds the sockets is the one that publishes.
"""

import json

import pytest
from playwright.sync_api import expect

from scoring.services import Actor, table_link_renew
from tests.e2e.asgi_server import asgi_server  # noqa: F401 - the fixture
from tests.factories import ClubFactory
from tests.live_games import NAMES, nearly_finished_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _game():
    game, move, _finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    game = table_link_renew(game_id=game.pk, actor=Actor())
    return game, move


def _record(page, server, game, move) -> None:
    """The last move, posted by the tablet's page at its table link, as its button posts it."""
    tablet = f"{server.url}/games/t/{game.table_token}/"
    page.goto(tablet)
    token = page.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
    column, row = move["at"]
    answer = page.request.post(tablet + "turn/", headers={"X-CSRFToken": token,
                                                          "HX-Request": "true"}, form={
        "version": str(game.version), "kind": "place", "seat": str(NAMES.index(move["player"])),
        "at_c": str(column), "at_r": str(row), "corners": ",".join(map(str, move["corners"])),
        "draw": str(move.get("draw", 0))})
    assert answer.status == 200, answer.text()


def _watch(page) -> tuple[list[dict], list[str]]:
    """What the page hears on its sockets, and the addresses it fetches its game from."""
    heard, asked = [], []
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda payload: heard.append(json.loads(payload))))
    page.on("request", lambda request: asked.append(request.url)
            if "/live/" in request.url or "/embed/games/" in request.url else None)
    return heard, asked


def test_a_turn_reaches_the_live_page_and_the_widget_pushed(browser_context, asgi_server):  # noqa: F811
    game, move = _game()
    new = game.version + 1
    spectator = browser_context.new_page()
    heard, asked = _watch(spectator)
    spectator.goto(f"{asgi_server.url}/games/{game.pk}/")
    widget = browser_context.new_page()
    widget_heard, widget_asked = _watch(widget)
    widget.goto(f"{asgi_server.url}/embed/games/{game.pk}/?lang=ru")
    for page in (spectator, widget):
        expect(page.locator("html")).to_have_attribute("data-push", "open")
    turns = spectator.locator("#turn-log .log-turn")
    before = turns.count()
    asked.clear()
    widget_asked.clear()

    _record(browser_context.new_page(), asgi_server, game, move)

    expect(turns).to_have_count(before + 1)
    expect(turns.first).to_contain_text(move["player"])
    expect(spectator.locator("#live")).to_have_attribute("data-push-version", str(new))
    expect(widget.locator("#widget")).to_have_attribute("data-push-version", str(new))
    for nudges in (heard, widget_heard):
        assert {"topic": f"game.{game.pk}", "version": new} in [
            {"topic": n["topic"], "version": n["version"]} for n in nudges]
    # The live page asked for its fragment inline, in its language, and took it from the
    # nudge without fetching it.
    assert any(f'data-version="{new}"' in n.get("html", "") for n in heard), heard
    assert asked == []
    # The widget did not ask: fetched because of the nudge (a poll names no version), once.
    assert not any("html" in n for n in widget_heard)
    assert len(widget_asked) == 1 and f"want={new}" in widget_asked[0], widget_asked
    assert spectator.locator("#live-badge").count() == 1  # the badge swapped in its place


def test_without_websockets_the_pages_poll_as_before(browser_context, asgi_server):  # noqa: F811
    game, move = _game()
    spectator = browser_context.new_page()
    # A proxy that takes the connection and drops it at once.
    spectator.route_web_socket("**/ws/push/**", lambda socket: socket.close())
    heard, asked = _watch(spectator)
    spectator.goto(f"{asgi_server.url}/games/{game.pk}/")
    expect(spectator.locator("html")).to_have_attribute("data-push", "closed")
    turns = spectator.locator("#turn-log .log-turn")
    before = turns.count()

    _record(browser_context.new_page(), asgi_server, game, move)

    expect(turns).to_have_count(before + 1, timeout=10_000)  # at the next 3-second poll
    assert heard == []
    assert asked and not any("want=" in url for url in asked), asked
    expect(spectator.locator("#live")).to_have_attribute("data-push-version",
                                                         str(game.version + 1))
