"""A referee corrects an earlier turn on the board, the way turns are entered."""

import pytest
from playwright.sync_api import expect

from clubs.models import Membership
from scoring.models import AuditEntry
from scoring.services import Actor, turn_record
from tests.e2e.session import log_in
from tests.e2e.tablet_helpers import controls, first_seat_opens, new_game
from tests.factories import UserFactory, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOVES = [(0, 0, (0, 0), (4, 4, 4)), (1, 0, (1, 0), (4, 4, 1)), (2, 2, (-1, 0), (4, 2, 4))]


def log_in_as_corrector(page, live_server, game):
    user = UserFactory(username="corrector")
    member(game.club, Membership.Role.REFEREE, user=user)
    log_in(page, live_server, "corrector")


def test_step_to_a_turn_see_the_board_then_enter_it_again(page, live_server):
    game = new_game(players=3)
    for version, (seat, draw, at, corners) in enumerate(MOVES):
        turn_record(game_id=game.pk, seat=seat, draw=draw, at=at, corners=corners,
                    expected_version=version, actor=Actor())
    log_in_as_corrector(page, live_server, game)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.click('#corrections a[href$="/rounds/0/turns/0/correct/"]')

    # The opening, on an empty table; step forward to Vera's turn.
    expect(page.locator("h1")).to_have_text("Correct round 1, turn 1")
    expect(page.locator("#cells .tile")).to_have_count(0)
    expect(page.locator("#recorded-turn")).to_have_text("Recorded: Anna 4-4-4, +22")
    page.click("#step-next")
    page.click("#step-next")
    expect(page.locator("h1")).to_have_text("Correct round 1, turn 3")
    expect(page.locator("#cells .tile")).to_have_count(2)
    expect(page.locator("#turn-status")).to_have_text("Vera's turn, entered again")
    expect(page.locator("#recorded-turn")).to_contain_text("Vera 2-4-4, 0")
    expect(page.locator("#ghost.recorded text")).to_have_count(3)
    assert controls(page) == {"place": False, "rotate": False, "draw+": True, "draw-": False,
                              "pass": True, "undo": None}

    # A correction that would make a later turn illegal is refused, naming it: step back to the
    # opening and make it 3-3-3.
    page.click("#step-previous")
    page.click("#step-previous")
    page.click('.ptile[data-tile="3-3-3"]')
    page.click("#place-button")
    expect(page.locator("#tablet-message")).to_have_text(
        "Round 1, turn 2: The bottom corner needs a 3, not a 4.")
    assert not AuditEntry.objects.filter(game=game, action="correct").exists()

    # Vera in fact drew one tile, not two: enter her turn again with the palette and the cells.
    page.click("#step-next")
    page.click("#step-next")
    page.click("#draw-plus")
    page.click('.ptile[data-tile="2-4-4"]')
    page.click('#hints .hint[data-cell="-1,0"]')
    page.click("#place-button")
    expect(page.locator(".messages")).to_contain_text(
        "The turn was corrected and the game re-scored.")
    assert page.url.endswith(f"/games/{game.pk}/")
    expect(page.locator('.scoreboard tr[data-seat="2"] .score')).to_have_text("5")
    entry = AuditEntry.objects.get(game=game, action="correct")
    assert (entry.turn_number, entry.before["draw"], entry.after["draw"]) == (2, 2, 1)


def test_a_finished_game_is_corrected_too(page, live_server):
    game = new_game(players=2, rounds_limit=1)
    game.rounds.filter(number=0).update(dealt=1)
    first_seat_opens(game)
    from scoring.services import round_end

    round_end(game_id=game.pk, hands={1: ["0-1-2"]}, expected_version=None, actor=Actor())
    game.refresh_from_db()
    assert game.status == "finished"
    log_in_as_corrector(page, live_server, game)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/0/turns/0/correct/")
    page.click('.ptile[data-tile="5-5-5"]')
    page.click("#place-button")
    expect(page.locator(".messages")).to_contain_text("re-scored")
    game.refresh_from_db()
    # 15 + 10 for the triple, 25 for going out and Boris's 3 pips.
    assert [s.score for s in game.seats.order_by("position")] == [53, 0]
