"""A referee records a round on the tablet in Chromium while a spectator watches the live page."""

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Membership
from scoring.models import Game, Round
from scoring.services import Actor, game_start
from tests.e2e.session import log_in
from tests.e2e.tablet_helpers import pass_turn
from tests.factories import ClubFactory, UserFactory, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def score(page, seat):
    return page.locator(f'.scoreboard tr[data-seat="{seat}"] .score')


def test_referee_records_a_round_and_the_live_page_follows(page, browser, live_server):
    club = ClubFactory(default_preset="pressman")
    user = UserFactory(username="tablet-ref")
    member(club, Membership.Role.REFEREE, user=user)
    anna, boris = member(club, name="Anna"), member(club, name="Boris")
    game = game_start(club=club, players=[anna, boris], preset="pressman", actor=Actor())
    # Two tiles each, so the round ends within a few turns.
    Round.objects.filter(game=game, number=0).update(dealt=2)

    spectator = browser.new_context(viewport={"width": 390, "height": 844})
    live = spectator.new_page()
    live.goto(f"{live_server.url}/games/{game.pk}/")
    expect(score(live, 1)).to_have_text("0")

    log_in(page, live_server, "tablet-ref")
    page.goto(f"{live_server.url}/games/{game.pk}/tablet/")
    questions = []
    page.on("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))

    # The opening: nobody is preselected; the referee says Anna opens, with 4-4-4 (one way).
    page.click('.ptile[data-tile="4-4-4"]')
    expect(page.locator("#place-button")).to_be_disabled()
    page.check('.who-opens input[value="0"]')
    expect(page.locator("#place-button")).to_be_enabled()
    page.click("#place-button")
    expect(score(page, 0)).to_have_text("22")
    expect(page.locator("#last-turn")).to_contain_text("opening +10")

    # Boris: pick 1-4-4, three cells light up, tap the one on the right.
    page.click('.ptile[data-tile="1-4-4"]')
    expect(page.locator("#hints .hint")).to_have_count(3)
    page.click('#hints .hint[data-c="1"][data-r="0"]')
    page.click("#place-button")
    expect(score(page, 1)).to_have_text("9")

    # A typed tile that is not in the set: refused, with the reason.
    page.fill("#tile-typed", "1-3-2")
    page.press("#tile-typed", "Enter")
    expect(page.locator("#tablet-message")).to_have_text("There is no such tile in this set.")

    # Anna draws three, none fits, she passes: -15 - 10. The one control says so, and asks.
    expect(page.locator("#pass-button")).to_have_text("Drew 3, passed −25")
    page.click("#pass-button")
    expect(page.locator("#pass-question")).to_have_text("Record: Anna: Drew 3, passed, −25?")
    page.click("#pass-no")  # not yet: nothing is recorded
    expect(page.locator("#pass-confirm")).to_be_hidden()
    expect(score(page, 0)).to_have_text("22")
    pass_turn(page)
    expect(score(page, 0)).to_have_text("−3")

    # Undo it, then enter it again.
    page.click("#undo-button")
    assert questions[-1] == "Undo: Anna passes, −25?"
    expect(score(page, 0)).to_have_text("22")
    expect(page.locator("#tablet-message")).to_contain_text("The last entry was undone.")
    pass_turn(page)
    expect(score(page, 0)).to_have_text("−3")

    # Boris goes out with his last tile, 2-4-4 on the left.
    page.click('.ptile[data-tile="2-4-4"]')
    page.click('#hints .hint[data-c="-1"][data-r="0"]')
    expect(page.locator("#ghost text")).to_have_count(3)
    page.click("#place-button")
    expect(page.locator("#hands-form h3")).to_have_text("Boris went out!")

    # Anna's four tiles: counted, not named.
    page.fill('input[name="count-0"]', "4")
    page.fill('input[name="points-0"]', "30")
    page.click("#hands-form button[type=submit]")
    expect(page.locator("#round-result")).to_contain_text("Boris went out")
    # 9 + 10 for the tiles, then 25 for going out and Anna's 30 pips.
    expect(score(page, 1)).to_have_text("74")
    expect(page.locator(".who-opens")).to_be_visible()  # round 2 waits for its opening

    # The spectator's page caught up by itself.
    expect(score(live, 1)).to_have_text("74", timeout=8000)
    expect(score(live, 0)).to_have_text("−3")
    assert live.url.endswith(f"/games/{game.pk}/")
    spectator.close()

    game.refresh_from_db()
    assert (game.round_number, game.phase, game.status) == (1, "opening", Game.Status.PLAYING)
    assert re.match(r"^\d+$", str(game.version))
