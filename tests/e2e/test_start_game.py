"""A referee starts a game in Chromium at tablet size with an existing player, a new player, a
guest and a name like a member's; the picker will not seat the same player twice. On a phone
the form fits the width."""

import pytest
from playwright.sync_api import expect

from clubs.models import ClubAuditEntry, Membership, Player
from scoring.models import Game
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club():
    club = ClubFactory(default_preset="club")
    member(club, Membership.Role.REFEREE, user=UserFactory(username="start-ref"),
           name="Rita Referee")
    for name in ("Anna Volkova", "Boris Petrov", "Vera Lis"):
        member(club, name=name)
    return club


def test_referee_seats_a_member_a_new_player_and_a_guest(page, live_server, club):
    anna = Player.objects.get(display_name="Anna Volkova")
    boris = Player.objects.get(display_name="Boris Petrov")
    log_in(page, live_server, "start-ref")
    page.goto(f"{live_server.url}/games/new/")

    page.fill("#id_seat_1", "Anna Volkova")
    expect(page.locator("#seat-1-state")).to_have_text("club member")
    expect(page.locator("#id_seat_1_player")).to_have_value(str(anna.pk))
    expect(page.locator("[data-seat='1'] .seat-guest")).to_be_hidden()

    # Seated once, Anna is offered to no other seat, and typed there she is refused.
    page.focus("#id_seat_2")
    assert page.eval_on_selector(f"#club-people option[data-player='{anna.pk}']",
                                 "o => o.disabled")
    assert not page.eval_on_selector(f"#club-people option[data-player='{boris.pk}']",
                                     "o => o.disabled")
    page.fill("#id_seat_2", "anna volkova")
    expect(page.locator("#seat-2-state")).to_have_text("Already at seat 1.")
    expect(page.locator("#id_seat_2")).to_have_attribute("aria-invalid", "")
    page.click("#game-new button.primary")
    assert page.eval_on_selector("#id_seat_2", "i => i.validationMessage") == (
        "Already at seat 1.")
    assert page.url.endswith("/games/new/") and not Game.objects.exists()

    # A new name joins the club; ticked "guest", it only visits.
    page.fill("#id_seat_2", "Natalia Orlova")
    expect(page.locator("#seat-2-state")).to_have_text("new player: joins the club")
    page.fill("#id_seat_3", "Ivan Gostev")
    page.check("#id_seat_3_guest")
    expect(page.locator("#seat-3-state")).to_have_text(
        "new guest: plays without joining the club")
    # A name like a member's is offered back instead of created silently.
    page.fill("#id_seat_4", "Borys Petrov")
    people = Player.objects.count()
    page.click("#game-new button.primary")
    offer = page.locator("[data-seat='4'] .similar-people")
    expect(offer).to_contain_text("Is “Borys Petrov” one of these people?")
    assert Player.objects.count() == people and not Game.objects.exists()
    expect(page.locator("#id_seat_3_guest")).to_be_checked()
    offer.get_by_label("Yes: Boris Petrov").check()
    page.click("#game-new button:has-text('Confirm and start the game')")

    expect(page.locator("#tablet-root")).to_be_visible()
    game = Game.objects.get()
    seats = [s.player for s in game.seats.order_by("position").select_related("player")]
    assert [p.display_name for p in seats] == ["Anna Volkova", "Natalia Orlova", "Ivan Gostev",
                                               "Boris Petrov"]
    assert seats[0] == anna and seats[3] == boris
    assert seats[1].memberships.get().club == club and not seats[2].memberships.exists()
    assert sorted(ClubAuditEntry.objects.values_list("action", flat=True)) == [
        "guest-add", "member-add"]


@pytest.mark.parametrize(("language", "twice"), [("en", "Already at seat 1."),
                                                 ("ru", "Уже сидит на месте 1."),
                                                 ("de", "Sitzt schon auf Sitzplatz 1.")])
def test_the_form_fits_a_phone(browser, live_server, club, language, twice):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    try:
        log_in(page, live_server, "start-ref")
        page.goto(f"{live_server.url}/games/new/")
        page.fill("#id_seat_1", "Anna Volkova")
        page.fill("#id_seat_2", "Natalia Orlova")
        page.fill("#id_seat_3", "Anna Volkova")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for n in (1, 2, 3):
            box = page.locator(f"#id_seat_{n}").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 40
        expect(page.locator("#seat-3-state")).to_have_text(twice)
    finally:
        context.close()
