"""The tablet by keyboard and screen reader: highlighted cells are buttons, arrows move between
them, Enter chooses and Enter again turns the tile; every control has a name."""

import pytest
from playwright.sync_api import expect

from scoring.models import Turn
from tests.e2e.tablet_helpers import first_seat_opens, new_game, score, tablet_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused_cell(page):
    return page.evaluate("document.activeElement.dataset.cell || null")


def ghost(page):
    return page.locator("#ghost text").all_text_contents()


def test_a_whole_turn_without_a_pointer(page, live_server):
    game = new_game(players=3)
    page.goto(tablet_url(live_server, game))
    page.focus('.who-opens input[value="1"]')
    page.keyboard.press("Space")
    page.focus('.ptile[data-tile="1-2-3"]')
    page.keyboard.press("Enter")
    # The tile's only cell is chosen at once and has the focus; Enter turns the tile.
    assert focused_cell(page) == "0,0"
    hint = page.locator("#hints .hint")
    expect(hint).to_have_attribute("aria-label", "1-2-3 fits here; choose (ways to turn it: 3)")
    expect(hint).to_have_attribute("aria-pressed", "true")
    assert ghost(page) == ["1", "2", "3"]
    page.keyboard.press("Enter")
    assert ghost(page) == ["2", "3", "1"]
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert ghost(page) == ["1", "2", "3"]  # round again
    page.keyboard.press("Enter")
    assert ghost(page) == ["2", "3", "1"]
    page.focus("#place-button")
    page.keyboard.press("Enter")
    expect(score(page, 1)).to_have_text("6")
    assert Turn.objects.get(round__game=game).corners == [2, 3, 1]


def test_arrow_keys_move_between_highlighted_cells(page, live_server):
    game = new_game(players=3)
    first_seat_opens(game)
    page.goto(tablet_url(live_server, game))
    page.focus('.ptile[data-tile="1-4-4"]')
    page.keyboard.press("Enter")
    expect(page.locator("#hints .hint")).to_have_count(3)
    assert focused_cell(page) == "-1,0"  # the first, left of the opening tile
    page.keyboard.press("ArrowRight")
    assert focused_cell(page) == "1,0"
    page.keyboard.press("ArrowDown")
    assert focused_cell(page) == "0,1"
    page.keyboard.press("ArrowUp")
    assert focused_cell(page) == "-1,0"  # up-left and up-right are as near: the first wins
    page.keyboard.press("ArrowLeft")
    assert focused_cell(page) == "1,0"  # nothing further left: round to the last
    page.keyboard.press("ArrowLeft")
    assert focused_cell(page) == "-1,0"
    expect(page.locator("#place-button")).to_be_disabled()
    page.keyboard.press("Enter")
    expect(page.locator("#place-button")).to_be_enabled()
    expect(page.locator("#rotate-button")).to_be_disabled()  # one way to lie there
    page.focus("#place-button")
    page.keyboard.press("Enter")
    expect(score(page, 1)).to_have_text("9")


NAMELESS = """() => [...document.querySelectorAll(['button', 'input', '[role=button]',
    '[role=group]', 'svg'].map((s) => '#tablet-root ' + s).join(','))]
  .filter((n) => !n.closest('[hidden]') && n.type !== 'hidden')
  .filter((n) => {
    const by = n.getAttribute('aria-labelledby');
    const label = n.getAttribute('aria-label')
      || (n.labels && n.labels.length && n.labels[0].textContent)
      || (by && document.getElementById(by));
    const text = n.tagName === 'BUTTON' ? n.textContent.trim() : '';
    return !(label || text);
  }).map((n) => n.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("phase", ["opening", "play"])
def test_every_control_has_a_name(page, live_server, phase):
    game = new_game(players=2)
    if phase == "play":
        first_seat_opens(game)
    page.goto(tablet_url(live_server, game))
    page.click('.ptile[data-tile="1-4-4"]' if phase == "play" else '.ptile[data-tile="1-2-3"]')
    assert page.evaluate(NAMELESS) == []
    assert page.get_attribute("#board", "role") == "group"
