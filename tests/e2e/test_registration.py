"""An organiser registers players in Chromium: searches the picker, is offered the existing
"Anna Volkova" instead of creating a second one, pastes a list, deletes a mistaken entry."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from clubs.models import Membership, Player
from clubs.permissions import SITE
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organiser_registers_without_creating_a_duplicate(page, live_server):
    club = ClubFactory(default_preset="club")
    user = UserFactory(username="reg-org")
    member(club, Membership.Role.ORGANISER, user=user, name="Olga Organiser")
    anna = member(club, name="Anna Volkova")
    for name in ("Boris Orlov", "Vera Lis", "Gleb Kim"):
        member(club, name=name)
    tournament = services.tournament_create(club=club, name="Club Cup", table_size=4,
                                            starts_on=date(2026, 5, 9), rounds=3, actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    people = Player.objects.count()

    log_in(page, live_server, "reg-org")
    manage = f"{live_server.url}/tournaments/{tournament.slug}/manage/"
    page.goto(manage)

    # The picker's search keeps only the matching members.
    page.fill('[data-picker-search="id_player"]', "oRLo")
    visible = page.eval_on_selector_all("#id_player option:not([hidden])",
                                        "options => options.map(o => o.textContent)")
    assert [v for v in visible if v.strip("-")] == ["Boris Orlov"]
    expect(page.locator("#id_player")).to_have_value(
        str(Player.objects.get(display_name="Boris Orlov").pk))
    page.click(".register-form button")
    expect(page.locator(".messages")).to_contain_text("The player is registered.")

    # A "new" player typed like an existing member is offered instead of created.
    page.fill("#id_display_name", "anna volkova")
    page.click(".register-form button")
    expect(page.locator(".similar-people")).to_contain_text(
        "Is “anna volkova” one of these people?")
    page.click(".similar-people button:has-text('Yes: Anna Volkova')")
    expect(page.locator(".messages")).to_contain_text("The player is registered.")
    assert tournament.registrations.filter(player=anna).exists()
    assert Player.objects.count() == people

    # Many at once: the pasted list reuses exact names and creates the new one.
    page.click(".register-many summary")
    page.fill("#id_names", "vera lis\nDaria Sokolova\n")
    page.click(".register-many button")
    expect(page.locator(".messages")).to_contain_text("2 players are registered.")
    assert Player.objects.count() == people + 1
    expect(page.locator("table.registrations tbody tr")).to_have_count(4)

    # A mistaken entry is deleted (after the confirmation) before it has played.
    page.once("dialog", lambda dialog: dialog.accept())
    row = page.locator("table.registrations tr", has_text="Daria Sokolova")
    row.locator("button:has-text('delete')").click()
    expect(page.locator(".messages")).to_contain_text(
        "The registration of Daria Sokolova is deleted.")
    expect(page.locator("table.registrations tbody tr")).to_have_count(3)
    expect(page).to_have_url(re.compile(rf"/tournaments/{tournament.slug}/manage/$"))

    # One tap checks a player out; the count above follows without a reload.
    expect(page.locator("#checked-in-count")).to_have_text("3 players checked in.")
    page.locator("table.registrations tr", has_text="Boris Orlov").locator(
        "button.check-in").click()
    expect(page.locator("#checked-in-count")).to_have_text("2 players checked in.")
    expect(page.locator("table.registrations tr", has_text="Boris Orlov").locator(
        "button.check-in")).to_have_attribute("aria-pressed", "false")
