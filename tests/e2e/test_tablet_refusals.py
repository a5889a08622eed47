"""Nothing is recorded that the referee did not mean: every kind of refusal, and the state of
every control after it. One client-side state decides what each control may do."""

import pytest
from playwright.sync_api import expect

from scoring.models import Turn
from scoring.services import Actor, game_abandon, turn_record
from tests.e2e.tablet_helpers import (
    controls,
    first_seat_opens,
    new_game,
    pass_turn,
    score,
    tablet_url,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# In play, with nothing chosen: a tile may be picked, draws counted, a pass asked for.
IDLE = {"place": False, "rotate": False, "draw+": True, "draw-": False, "pass": True,
        "undo": True}


def message(page):
    return page.locator("#tablet-message")


def test_every_refusal_leaves_the_controls_saying_what_they_may_do(page, live_server):
    game = new_game(players=3)
    page.goto(tablet_url(live_server, game))
    questions = []
    page.on("dialog", lambda d: (questions.append(d.message), d.accept()))

    # The opening: nobody is preselected, so a chosen tile alone cannot be placed.
    expect(page.locator(".who-opens input:checked")).to_have_count(0)
    assert controls(page) == {"place": False, "rotate": False, "draw+": None, "draw-": None,
                              "pass": None, "undo": None}
    page.click('.ptile[data-tile="4-4-4"]')
    assert controls(page)["place"] is False
    page.check('.who-opens input[value="0"]')
    assert controls(page)["place"] is True
    page.click("#place-button")
    expect(score(page, 0)).to_have_text("22")
    assert controls(page) == IDLE
    expect(page.locator("#pass-button")).to_have_text("Drew 3, passed −25")

    # 1. A typed tile that is not in the set: refused in words; Place, Rotate, −1 stay off.
    page.fill("#tile-typed", "1-3-2")
    page.press("#tile-typed", "Enter")
    expect(message(page)).to_have_text("There is no such tile in this set.")
    assert controls(page) == IDLE
    page.click("#place-button", force=True)  # a tap on a disabled Place records nothing
    # The refusal lasts until the next action.
    page.click("#draw-plus")
    expect(message(page)).to_be_empty()
    assert controls(page) == {**IDLE, "draw-": True}
    page.click("#draw-minus")
    assert controls(page) == IDLE

    # 2. A typed tile that is on the table already.
    page.fill("#tile-typed", "4 4 4")
    page.press("#tile-typed", "Enter")
    expect(message(page)).to_have_text("4-4-4 is not among the tiles left")
    assert controls(page) == IDLE

    # 3. Typing a tile and pressing Enter lights its cells, but chooses none: no Place yet.
    page.fill("#tile-typed", "441")
    page.press("#tile-typed", "Enter")
    expect(message(page)).to_be_empty()
    expect(page.locator("#hints .hint")).to_have_count(3)
    assert controls(page) == IDLE
    page.click('#hints .hint[data-cell="1,0"]')
    assert controls(page) == {**IDLE, "place": True}  # one way to turn it there: no Rotate

    # 4. Pass asks first; Cancel leaves the chosen tile chosen and records nothing.
    page.click("#pass-button")
    page.click("#pass-no")
    assert controls(page) == {**IDLE, "place": True}
    assert Turn.objects.filter(round__game=game).count() == 1

    # 5. Another tablet recorded Boris's turn meanwhile: this one is told, and shows the table.
    turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())
    page.click("#place-button")
    expect(message(page)).to_contain_text("Another tablet changed this game")
    expect(page.locator("#turn-status")).to_have_text("Vera to play")
    assert controls(page) == IDLE
    expect(page.locator("#hints .hint")).to_have_count(0)
    assert Turn.objects.filter(round__game=game).count() == 2

    # 6. The undo question names the entry it takes back.
    page.click("#undo-button")
    expect(score(page, 1)).to_have_text("0")
    assert questions == ["Undo: Boris passes, −25?"]
    expect(page.locator("#turn-status")).to_have_text("Boris to play")

    # 7. The pass costs what the button said, with the three draws it needs.
    for _ in range(3):
        page.click("#draw-plus")
    assert controls(page) == {**IDLE, "draw+": False, "draw-": True}
    pass_turn(page)
    expect(score(page, 1)).to_have_text("−25")
    assert controls(page) == IDLE

    # 8. The game was abandoned elsewhere: the tablet says so and records nothing.
    game_abandon(game_id=game.pk, actor=Actor())
    page.click('.ptile[data-tile="1-4-4"]')
    page.click('#hints .hint[data-cell="-1,0"]')
    page.click("#place-button")
    # The game's state is asked before the version: no stale-tablet detour.
    expect(message(page)).to_have_text("This game is not in progress.")
    turns = Turn.objects.filter(round__game=game).order_by("number")
    assert [(t.seat, t.tile, t.points) for t in turns] == [(0, "4-4-4", 22), (1, "", -25)]


def test_a_tap_on_the_hands_palette_is_never_ignored(page, live_server):
    """The first seat went out: the first player still holding tiles is preselected."""
    game = new_game(players=3)
    game.rounds.filter(number=0).update(dealt=1)
    first_seat_opens(game)
    page.goto(tablet_url(live_server, game))
    expect(page.locator("#hands-form h3")).to_have_text("Anna went out!")
    expect(page.locator("input[name=hand-target]:checked")).to_have_value("1")
    page.click('.ptile[data-tile="0-1-2"]')
    expect(page.locator('input[name="tiles-1"]')).to_have_value("0-1-2")
    page.check('input[name=hand-target][value="2"]')
    page.click('.ptile[data-tile="0-0-0"]')
    expect(page.locator('input[name="tiles-2"]')).to_have_value("0-0-0")
    page.fill('input[name="tiles-1"]', "0-1-2 0-0-1")
    page.click("#hands-form button[type=submit]")
    expect(message(page)).to_have_text("Boris should hold 1 tile, not 2.")
    page.fill('input[name="tiles-1"]', "0-1-2")
    page.click("#hands-form button[type=submit]")
    expect(page.locator("#round-result")).to_contain_text("Anna went out")


def test_a_half_entered_turn_survives_a_reload(page, live_server):
    game = new_game(players=3)
    first_seat_opens(game)
    page.goto(tablet_url(live_server, game))
    page.click("#draw-plus")
    page.click('.ptile[data-tile="1-4-4"]')
    page.click('#hints .hint[data-cell="0,1"]')
    page.reload()
    expect(page.locator('.ptile[data-tile="1-4-4"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#hints .hint[data-cell="0,1"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#draw-status")).to_have_text("drawn 1 (−5)")
    assert controls(page) == {**IDLE, "place": True, "draw-": True}
    page.click("#place-button")
    expect(score(page, 1)).to_have_text("4")
    # Once recorded, the draft is gone: a reload shows a fresh turn.
    page.reload()
    assert controls(page) == IDLE
