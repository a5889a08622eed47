"""A dropped connection loses nothing and blocks nothing: turns entered offline wait on the
device (through a reload), go in order when the connection returns, and are recorded once."""

import pytest
from playwright.sync_api import expect

from scoring.engine import GameState
from scoring.models import Game, Turn
from scoring.services import Actor, turn_record
from tests.e2e.tablet_helpers import (
    controls,
    first_seat_opens,
    new_game,
    pass_turn,
    score,
    tablet_url,
)

pytestmark = [pytest.mark.browser, pytest.mark.tablet_engine,
              pytest.mark.django_db(transaction=True)]


def queue_text(page):
    return page.locator("#queue .queue-count")


def place(page, tile, cell):
    page.click(f'.ptile[data-tile="{tile}"]')
    page.click(f'#hints .hint[data-cell="{cell}"]')
    page.click("#place-button")


def draw_and_pass(page):
    pass_turn(page)  # the pass carries the three draws it needs


def engine_totals(game):
    """The engine's own replay of what the database holds."""
    state = GameState([str(s.player_id) for s in game.seats.order_by("position")], game.rules)
    for turn in Turn.objects.filter(round__game=game).order_by("number"):
        state.play(turn.seat, draw=turn.draws, at=turn.at,
                   corners=tuple(turn.corners) if turn.corners else None)
    return state.totals


def ready_offline(page):
    # The service worker holds the page, so a reload without a network still opens it.
    # Activated, not only registered: a reload offline before activation never reaches the
    # worker (under load the activation can lag behind the page's own cache write).
    page.wait_for_function("navigator.serviceWorker.ready.then((r) => r.active !== null"
                           " && r.active.state === 'activated')")
    page.wait_for_function("caches.open('tablet-v1').then((c) => c.match(location.pathname))"
                           ".then((hit) => !!hit)")


def opened_tablet(browser, live_server, locale="en-GB"):
    """A three-player game after Anna's opening, on a tablet page of its own context."""
    game = new_game(players=3)
    first_seat_opens(game)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale=locale)
    page = context.new_page()
    page.goto(tablet_url(live_server, game))
    return game, context, page


def test_turns_entered_offline_survive_a_reload_and_are_recorded_once(browser, live_server):
    game, context, page = opened_tablet(browser, live_server)
    try:
        ready_offline(page)
        context.set_offline(True)

        place(page, "1-4-4", "1,0")  # Boris
        expect(queue_text(page)).to_contain_text("1 waiting to send")
        expect(page.locator("#turn-status")).to_have_text("Vera to play")
        expect(page.locator("#cells .tile")).to_have_count(2)
        for _ in range(2):  # Vera drew two, then placed
            page.click("#draw-plus")
        place(page, "2-4-4", "-1,0")
        draw_and_pass(page)  # Anna drew three and passed
        expect(queue_text(page)).to_contain_text("3 waiting to send")
        expect(page.locator("#queue li")).to_have_text(
            ["Boris 1-4-4", "Vera 2-4-4, drew 2", "Anna passes, drew 3"])
        assert controls(page)["undo"] is False  # undo would take back the wrong entry
        assert Turn.objects.filter(round__game=game).count() == 1

        page.reload()  # no network: the page comes from the device, the queue too
        expect(queue_text(page)).to_contain_text("3 waiting to send")
        expect(page.locator("#cells .tile")).to_have_count(3)
        expect(page.locator("#turn-status")).to_have_text("Boris to play")
        draw_and_pass(page)  # Boris drew three and passed
        expect(queue_text(page)).to_contain_text("4 waiting to send")

        context.set_offline(False)
        expect(page.locator("#queue")).to_be_hidden(timeout=15_000)
        expect(page.locator("#turn-status")).to_have_text("Vera to play")
    finally:
        context.close()

    game.refresh_from_db()
    turns = Turn.objects.filter(round__game=game).order_by("number")
    assert [(t.seat, t.tile, t.draws, t.points) for t in turns] == [
        (0, "4-4-4", 0, 22), (1, "1-4-4", 0, 9), (2, "2-4-4", 2, 0), (0, "", 3, -25),
        (1, "", 3, -25)]
    assert len({t.client_key for t in turns[1:]}) == 4  # each sent with its own key, once
    seats = [s.score for s in game.seats.order_by("position")]
    assert seats == engine_totals(game) == [-3, -16, 0]
    assert game.version == 5


def boris_passes_elsewhere(game):
    """Another tablet records Boris's turn (a pass after three draws) while this one is offline."""
    turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())


def test_a_turn_another_tablet_recorded_differently_is_shown_beside_mine(browser, live_server):
    game, context, page = opened_tablet(browser, live_server)
    try:
        context.set_offline(True)
        place(page, "1-4-4", "1,0")  # Boris, on this tablet
        place(page, "2-4-4", "-1,0")  # Vera
        expect(queue_text(page)).to_contain_text("2 waiting to send")
        boris_passes_elsewhere(game)
        context.set_offline(False)

        refused = page.locator("#queue li.refused")
        expect(refused).to_contain_text("Boris 1-4-4 — Not recorded: Another tablet changed")
        expect(refused.locator(".theirs")).to_have_text(
            "Another tablet recorded this turn: Boris passes, −25.")
        expect(page.locator("#queue li.waiting")).to_have_text(["Vera 2-4-4"])
        # The table link's recorder may keep theirs; correcting is for logged-in referees.
        expect(refused.locator('[data-queue="keep"]')).to_be_visible()
        expect(refused.locator('[data-queue="correct"]')).to_have_count(0)
        expect(page.locator("#turn-status")).to_have_text("Vera to play")
        page.click('#queue [data-queue="keep"]')
        expect(page.locator("#queue")).to_be_hidden(timeout=15_000)
        expect(score(page, 2)).to_have_text("10")  # Vera's 2-4-4, judged after Boris's pass
        page.reload()  # nothing of the dropped turn comes back
        expect(page.locator("#queue")).to_be_hidden()
        expect(page.locator("#turn-status")).to_have_text("Anna to play")
        assert controls(page)["place"] is False
    finally:
        context.close()
    turns = Turn.objects.filter(round__game=game).order_by("number")
    assert [(t.seat, t.tile, t.draws) for t in turns] == [(0, "4-4-4", 0), (1, "", 3),
                                                           (2, "2-4-4", 0)]
    assert Game.objects.get(pk=game.pk).version == 3


def test_a_stale_fixed_turn_does_not_survive_a_reload(browser, live_server):
    """Fix brings a refused turn back for the player whose turn it now is, and a reload never
    brings back a half-entered turn of an older table."""
    game, context, page = opened_tablet(browser, live_server)
    try:
        context.set_offline(True)
        place(page, "1-4-4", "1,0")  # Boris, on this tablet
        boris_passes_elsewhere(game)
        page.click('.ptile[data-tile="2-4-4"]')  # Vera's turn half-entered, offline
        context.set_offline(False)
        page.reload()
        expect(page.locator("#queue li.refused")).to_contain_text("Boris 1-4-4")
        page.click('#queue [data-queue="keep"]')
        expect(page.locator("#queue")).to_be_hidden()
        expect(page.locator("#turn-status")).to_have_text("Vera to play")
        expect(page.locator(".ptile.selected")).to_have_count(0)
        page.reload()
        expect(page.locator(".ptile.selected")).to_have_count(0)
    finally:
        context.close()
    assert Turn.objects.filter(round__game=game).count() == 2

def test_a_page_back_from_the_browser_cache_refreshes_before_taking_input(page, live_server):
    game = new_game(players=3)
    page.goto(tablet_url(live_server, game))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    first_seat_opens(game)
    page.go_back()
    expect(page.locator("#turn-status")).to_have_text("Boris to play")
    expect(score(page, 0)).to_have_text("22")


def test_waiting_entries_are_counted_in_russian_plurals(browser, live_server):
    game, context, page = opened_tablet(browser, live_server, locale="ru-RU")
    try:
        context.set_offline(True)
        said = []
        for _ in range(5):
            draw_and_pass(page)
            said.append(queue_text(page).inner_text().split(" · ")[0])
        assert said == ["1 запись ждёт отправки", "2 записи ждут отправки",
                        "3 записи ждут отправки", "4 записи ждут отправки",
                        "5 записей ждут отправки"]
        expect(queue_text(page)).to_contain_text("Нет связи")
        context.set_offline(False)
        expect(page.locator("#queue")).to_be_hidden(timeout=15_000)
    finally:
        context.close()
    assert Turn.objects.filter(round__game=game).count() == 6


def test_a_refused_entry_can_be_dropped_and_the_next_one_is_judged_in_turn(browser, live_server):
    game, context, page = opened_tablet(browser, live_server)
    try:
        context.set_offline(True)
        place(page, "1-4-4", "1,0")  # Boris, on this tablet
        place(page, "2-4-4", "-1,0")  # then Vera
        boris_passes_elsewhere(game)
        turn_record(game_id=game.pk, seat=2, draw=3, expected_version=None, actor=Actor())
        context.set_offline(False)
        expect(page.locator("#queue li.refused")).to_contain_text("Boris 1-4-4")
        page.click('#queue [data-queue="keep"]')
        # Vera's turn was taken by the other tablet too: it is shown beside hers in turn.
        expect(page.locator("#queue li.refused .theirs")).to_have_text(
            "Another tablet recorded this turn: Vera passes, −25.")
        expect(queue_text(page)).to_have_text("1 waiting to send")
        page.click('#queue [data-queue="keep"]')
        expect(page.locator("#queue")).to_be_hidden()
        expect(page.locator("#turn-status")).to_have_text("Anna to play")
        assert controls(page) == {"place": False, "rotate": False, "draw+": True,
                                  "draw-": False, "pass": True, "undo": True}
    finally:
        context.close()
    assert Turn.objects.filter(round__game=game).count() == 3
