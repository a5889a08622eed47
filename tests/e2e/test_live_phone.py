"""A spectator follows a game on a phone: the scoreboard comes first, the site menu is folded,
a turn recorded at the table appears in the log without a reload, and the end of the game
switches the page to the result with the rating changes."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ratings.models import GameRating
from tests.factories import ClubFactory
from tests.live_games import nearly_finished_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Set LIVE_SHOTS=/some/dir to keep screenshots of the page for a look by eye.
SHOTS = os.environ.get("LIVE_SHOTS")


def shoot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def _top(page, selector) -> float:
    return page.locator(selector).first.bounding_box()["y"]


@pytest.mark.parametrize("language", ["en-GB", "ru", "de"])
def test_phone_spectator_sees_turns_arrive_and_the_result(browser, live_server, language):
    game, last_move, finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, locale=language)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.evaluate("window.stayedOnThePage = true")

    # The header is one line: the sections fold behind the menu button.
    toggle = page.locator(".menu-toggle")
    expect(toggle).to_be_visible()
    expect(page.locator(".site-header .sections")).to_be_hidden()
    assert page.locator(".site-header").bounding_box()["height"] < 80
    toggle.click()
    expect(page.locator(".site-header .sections")).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    shoot(page, f"390x844-{language}-menu")
    toggle.click()
    expect(page.locator(".site-header .sections")).to_be_hidden()
    toggle.click()
    page.keyboard.press("Escape")
    expect(page.locator(".site-header .sections")).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")

    # The scoreboard first, near the top; the board under it; nothing scrolls sideways.
    assert _top(page, ".live-grid .scoreboard") < _top(page, ".live-grid .board-pane")
    # Above it only the one-line header, the game's title and its rules line (two lines in
    # Russian, whose rules names are longer).
    assert _top(page, ".live-grid .scoreboard") < 260
    assert _top(page, ".live-grid .board-pane") < _top(page, "#turn-log")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    turns_before = page.locator("#turn-log .log-turn").count()
    shoot(page, f"390x844-{language}-playing")

    outcome = finish("turn")  # recorded at the table, through the service
    first = page.locator("#turn-log .log-turn").first
    expect(first).to_contain_text(outcome.turn.tile)
    expect(page.locator("#turn-log .log-turn")).to_have_count(turns_before + 1)
    expect(first).to_contain_text("Anna")

    finish("hands")  # the game is over; ratings follow after commit
    result = page.locator("#live-result")
    expect(result).to_be_visible()
    expect(page.locator("#live-badge")).not_to_have_class("badge live")
    expect(page.locator(".log-round-end")).to_have_count(1)
    ratings = GameRating.objects.filter(game=game)
    assert ratings.count() == 2
    for rating in ratings:
        expect(result).to_contain_text(f"{rating.before} → {rating.after}")
    expect(page.locator("#live[data-poll]")).to_have_count(0)  # polling has stopped
    assert page.evaluate("window.stayedOnThePage") is True  # no reload happened
    assert _top(page, "#live-result") < _top(page, ".live-grid .board-pane")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, f"390x844-{language}-finished")
    context.close()


@pytest.mark.parametrize("language", ["en-GB", "ru", "de"])
def test_desktop_live_page_keeps_the_menu_and_board_beside_the_scores(browser, live_server,
                                                                      language):
    game, _move, finish = nearly_finished_game(ClubFactory(default_preset="pressman"))
    context = browser.new_context(viewport={"width": 1366, "height": 800}, locale=language)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".menu-toggle")).to_be_hidden()
    expect(page.locator(".site-header .sections")).to_be_visible()
    board, scores = (page.locator(s).bounding_box()
                     for s in (".live-grid .board-pane", ".live-grid .scoreboard"))
    assert scores["x"] > board["x"] + board["width"] - 1  # side by side
    shoot(page, f"1366x800-{language}-playing")
    finish("turn")
    finish("hands")
    expect(page.locator("#live-result")).to_be_visible()
    panel = page.locator(".live-grid .panel").bounding_box()
    cells = page.locator("#live-result td.rating-change")
    for i in range(cells.count()):  # the rating changes fit in the panel, not cut off
        cell = cells.nth(i).bounding_box()
        assert cell["x"] + cell["width"] <= panel["x"] + panel["width"] + 1
    shoot(page, f"1366x800-{language}-finished")
    context.close()
