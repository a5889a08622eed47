"""What a referee trips over in a whole evening (issue 23), at the four tablet sizes and on a
phone: a pass records only what its one control said, after a question (23.4); a turn another
tablet recorded differently is shown beside mine and kept (23.3); a finished game offers no
Undo but the way to reopen it, and Back from a new game's tablet goes to the game (23.6).
Screenshots go to $TABLET_SHOTS."""

import pytest
from playwright.sync_api import expect

from clubs.models import Membership
from scoring.engine import GameState
from scoring.models import Game, Turn
from scoring.services import Actor, round_end, turn_record
from tests.e2e.session import log_in
from tests.e2e.tablet_helpers import (
    first_seat_opens,
    new_game,
    pass_turn,
    score,
    scroll_to,
    tablet_url,
)
from tests.e2e.test_tablet_layout import SIZES, shoot
from tests.factories import ClubFactory, UserFactory, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = [*SIZES, (390, 844)]


def _tablet(browser, live_server, game, size, locale="en-GB"):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  is_mobile=width < 600, locale=locale)
    page = context.new_page()
    page.goto(tablet_url(live_server, game))
    page.wait_for_selector("#tablet-root")
    return context, page


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_pass_says_what_it_records_and_asks_first(browser, live_server, size):
    """Club rules draw at will: one control draws the pool empty and passes, its cost shown."""
    game = new_game(players=3, preset="club")
    first_seat_opens(game)
    state = GameState(["a", "b", "c"], "club")
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    pool = state.pool_size
    cost = state.copy().play(1, draw=pool).points
    context, page = _tablet(browser, live_server, game, size)
    try:
        label = f"Drew the pool empty ({pool}), passed −{-cost}"
        expect(page.locator("#pass-button")).to_have_text(label)
        page.click("#pass-button")
        expect(page.locator("#pass-question")).to_have_text(
            f"Record: Boris: Drew the pool empty ({pool}), passed, −{-cost}?")
        expect(page.locator("#pass-yes")).to_be_in_viewport()
        shoot(page, f"{size[0]}x{size[1]}-pass-question")
        page.click("#pass-no")
        assert Turn.objects.filter(round__game=game).count() == 1
        pass_turn(page)
        expect(score(page, 1)).to_have_text(str(cost).replace("-", "−"))  # the one minus sign
        # The pool is empty now: Vera's pass costs the empty-pool penalty, with no draws.
        expect(page.locator("#pass-button")).to_have_text("Pass (pool empty) −10")
    finally:
        context.close()
    last = Turn.objects.filter(round__game=game).order_by("number").last()
    assert (last.seat, last.draws, last.points) == (1, pool, cost)


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_offline_conflict_is_resolved_by_keeping_theirs(browser, live_server, size):
    game = new_game(players=4)
    first_seat_opens(game)
    context, page = _tablet(browser, live_server, game, size)
    try:
        context.set_offline(True)
        page.click('.ptile[data-tile="1-4-4"]')
        page.click('#hints .hint[data-cell="1,0"]')
        page.click("#place-button")  # Boris, on this tablet
        turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())
        context.set_offline(False)
        theirs = page.locator("#queue li.refused .theirs")
        expect(theirs).to_have_text("Another tablet recorded this turn: Boris passes, −25.")
        keep = page.locator('#queue [data-queue="keep"]')
        scroll_to(keep)
        expect(keep).to_be_in_viewport()
        shoot(page, f"{size[0]}x{size[1]}-conflict")
        keep.click()
        expect(page.locator("#queue")).to_be_hidden()
        expect(page.locator("#turn-status")).to_have_text("Vera to play")
        shoot(page, f"{size[0]}x{size[1]}-conflict-resolved")
    finally:
        context.close()
    assert [(t.seat, t.draws) for t in Turn.objects.filter(round__game=game)] == [(0, 0), (1, 3)]


def test_a_referee_may_correct_theirs_from_the_conflict(browser, live_server):
    club = ClubFactory(default_preset="pressman")
    member(club, Membership.Role.REFEREE, user=UserFactory(username="conflict-ref"))
    game = new_game(players=3)
    game.club = club
    game.save(update_fields=["club"])
    first_seat_opens(game)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        log_in(page, live_server, "conflict-ref")
        page.goto(f"{live_server.url}/games/{game.pk}/tablet/")
        context.set_offline(True)
        page.click('.ptile[data-tile="1-4-4"]')
        page.click('#hints .hint[data-cell="1,0"]')
        page.click("#place-button")
        turn_record(game_id=game.pk, seat=1, draw=3, expected_version=None, actor=Actor())
        context.set_offline(False)
        correct = page.locator('#queue [data-queue="correct"]')
        expect(correct).to_have_attribute("href", f"/games/{game.pk}/rounds/0/turns/1/correct/")
        correct.click()
        expect(page.locator("#recorded-turn")).to_have_text("Recorded: Boris passes, −25 · drew 3")
    finally:
        context.close()


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_finished_game_offers_reopening_not_undo(browser, live_server, size):
    game = new_game(players=6, rounds_limit=1)
    game.rounds.filter(number=0).update(dealt=1)
    first_seat_opens(game)  # Anna goes out with her only tile
    round_end(game_id=game.pk, hands={seat: [f"0-0-{seat}"] for seat in range(1, 6)},
              expected_version=None, actor=Actor())
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    context, page = _tablet(browser, live_server, game, size)
    try:
        expect(page.locator("#game-result")).to_contain_text("Anna")
        expect(page.locator("#undo-button")).to_have_count(0)
        pointer = page.locator("#reopen-pointer a")
        expect(pointer).to_have_attribute("href", f"/games/{game.pk}/#reopen")
        scroll_to(pointer)
        expect(pointer).to_be_in_viewport()
        shoot(page, f"{size[0]}x{size[1]}-finished")
    finally:
        context.close()


def test_back_from_a_new_games_tablet_goes_to_the_game(browser, live_server):
    club = ClubFactory(default_preset="pressman")
    member(club, Membership.Role.REFEREE, user=UserFactory(username="back-ref"))
    for name in ("Anna", "Boris"):
        member(club, name=name)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        log_in(page, live_server, "back-ref")
        page.goto(f"{live_server.url}/games/new/")
        page.fill("#id_title", "Friday final")
        page.fill("#id_seat_1", "Anna")
        page.fill("#id_seat_2", "Boris")
        page.click("#game-new button.primary")
        expect(page.locator("#tablet-root")).to_be_visible()
        game = Game.objects.get()
        page.go_back()
        expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
        # Starting another game afterwards still works: the form is there when asked for.
        page.goto(f"{live_server.url}/games/new/")
        expect(page.locator("#game-new")).to_be_visible()
    finally:
        context.close()
    assert Game.objects.count() == 1
