"""The tablet's own engine (issue 23.2): Pyodide from our static files, in a Web Worker, with
the server's Python files. Offline it keeps the table as the server will: the scoreboard, whose
turn, the new fits next to a tile placed offline; a typed tile the set does not have is refused
in the engine's words at once; everything recorded once when the connection is back."""

import pytest
from playwright.sync_api import expect

from scoring.models import Turn
from tests.e2e.tablet_helpers import first_seat_opens, new_game, score, tablet_url

pytestmark = [pytest.mark.browser, pytest.mark.tablet_engine,
              pytest.mark.django_db(transaction=True)]

ENGINE_START = 120_000  # ms the first start may take on a loaded CI machine (a wait, not a check)


def engine_ready(page):
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=ENGINE_START)


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU", "de-DE"])
def test_offline_the_tablets_engine_keeps_the_table(browser, live_server, locale):
    game = new_game(players=3)
    first_seat_opens(game)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale=locale)
    page = context.new_page()
    try:
        page.goto(tablet_url(live_server, game))
        engine_ready(page)
        page.wait_for_function("navigator.serviceWorker.ready.then((r) => r.active !== null"
                               " && r.active.state === 'activated')")
        # Everything the engine needs is kept on the device (cache.addAll puts all at once).
        page.wait_for_function("caches.open('tablet-v1').then((c) => c.keys()).then((keys) =>"
                               " keys.some((r) => r.url.endsWith('/pyodide/pyodide.asm.wasm')))")
        context.set_offline(True)
        page.click('.ptile[data-tile="1-4-4"]')
        page.click('#hints .hint[data-cell="1,0"]')
        page.click("#place-button")  # Boris: 1 + 4 + 4 = 9, as the server will count it
        expect(score(page, 1)).to_have_text("9")
        expect(page.locator('.scoreboard tr[data-seat="1"] .hand')).to_have_text("6")
        expect(page.locator('.scoreboard tr.to-play')).to_have_attribute("data-seat", "2")
        # A cell only the tile placed offline opens: the engine's fits, not the server's old ones.
        page.click('.ptile[data-tile="1-1-4"]')
        expect(page.locator('#hints .hint[data-cell="2,0"]')).to_have_count(1)
        page.click('#hints .hint[data-cell="2,0"]')
        page.click("#place-button")  # Vera
        expect(page.locator('.scoreboard tr.to-play')).to_have_attribute("data-seat", "0")
        # Reopened without a network: the page, Pyodide and the engine come from the device.
        # The same in every language, so seen once (each start of Pyodide costs seconds).
        if locale == "ru-RU":
            page.reload()
            engine_ready(page)
            expect(score(page, 1)).to_have_text("9")
            expect(page.locator('.scoreboard tr.to-play')).to_have_attribute("data-seat", "0")
        page.fill("#tile-typed", "1-3-2")  # not in the 56-tile set: refused at once, offline
        page.press("#tile-typed", "Enter")
        expect(page.locator("#tablet-message")).to_have_text({
            "ru-RU": "В этом наборе нет такой костяшки.",
            "de-DE": "Diesen Stein gibt es in diesem Satz nicht.",
        }.get(locale, "There is no such tile in this set."))
        context.set_offline(False)
        expect(page.locator("#queue")).to_be_hidden(timeout=15_000)
        expect(score(page, 1)).to_have_text("9")
    finally:
        context.close()
    turns = Turn.objects.filter(round__game=game).order_by("number")
    assert [(t.seat, t.tile, t.points) for t in turns][1:] == [(1, "1-4-4", 9), (2, "1-1-4", 6)]


def test_a_round_ended_offline_takes_its_hands_and_goes_on(browser, live_server):
    """Anna goes out with her only tile while the Wi-Fi is down: the tablet's engine ends the
    round, the hands are entered on the device, the next round opens with the engine's totals,
    and all of it is recorded in order once the connection is back."""
    game = new_game(players=3)
    game.rounds.filter(number=0).update(dealt=1)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        page.goto(tablet_url(live_server, game))
        engine_ready(page)
        context.set_offline(True)
        page.check('.who-opens input[value="0"]')
        page.click('.ptile[data-tile="4-4-4"]')
        page.click("#place-button")
        expect(page.locator("#hands-form h3")).to_have_text("Anna went out!")
        expect(page.locator("#hands-form .hand")).to_have_count(2)  # Anna holds nothing
        page.click('.ptile[data-tile="0-0-1"]')  # to Boris, the first one holding tiles
        page.fill('input[name="count-2"]', "1")
        page.fill('input[name="points-2"]', "15")
        page.click("#hands-form button[type=submit]")
        expect(page.locator("#hands-form")).to_have_count(0)
        expect(page.locator(".who-opens")).to_be_visible()  # round 2 waits for its opening
        expect(page.locator("#palette .ptile")).to_have_count(56)
        expect(page.locator("#queue li")).to_have_text(
            ["Anna 4-4-4", "the hands at the round’s end"])
        points = page.locator(".scoreboard .score").all_text_contents()
        context.set_offline(False)
        expect(page.locator("#queue")).to_be_hidden(timeout=15_000)
        assert page.locator(".scoreboard .score").all_text_contents() == points
    finally:
        context.close()
    game.refresh_from_db()
    assert game.round_number == 1 and [s.score for s in game.seats.order_by("position")] == [
        int(p) for p in points]
