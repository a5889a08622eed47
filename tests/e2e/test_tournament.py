"""An organiser pairs a round in Chromium, swaps two players by tapping them, publishes; then a
referee opens a table's link on a tablet that is not logged in — in English, Russian and German,
with nothing wider than the screen at 1024 px. Screenshots go to $TOURNAMENT_SHOTS when set."""

import re
from datetime import date

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext
from playwright.sync_api import expect

from clubs.models import Membership
from clubs.permissions import SITE
from tests.e2e.fits import fits
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services
from tournaments.models import TournamentRound

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _words(language):
    """What the pages say at each step, in the language the browser asks for."""
    with translation.override(language):
        return {
            "draft": pgettext("tournament round", "draft"),
            "playing": pgettext("tournament round", "playing"),
            "swapped": gettext("The players were swapped."),
            "by hand": gettext("Changed by hand: %(players)s.").split("%")[0],
            "published": gettext("The round is published: every table has its game and "
                                 "table link."),
            "table 1": "Club Cup · " + gettext("round %(round)s, table %(table)s") % {
                "round": 1, "table": 1},
        }


@pytest.mark.parametrize("language", ["en", "ru", "de"])
def test_organiser_pairs_edits_and_publishes_a_round_then_a_referee_opens_a_table(
    browser, live_server, language
):
    words = _words(language)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    club = ClubFactory(default_preset="club")
    user = UserFactory(username="tournament-org")
    member(club, Membership.Role.ORGANISER, user=user, name="Olga Organiser")
    players = [member(club, name=name) for name in (
        "Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ilya")]
    tournament = services.tournament_create(club=club, name="Club Cup", table_size=4,
                                            starts_on=date(2026, 5, 9), rounds=3, actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    for player in players:
        services.registration_add(tournament=tournament, player=player, checked_in=True, actor=SITE)

    log_in(page, live_server, "tournament-org")
    page.goto(f"{live_server.url}/tournaments/{tournament.slug}/manage/")
    fits(page, f"manage-{language}")
    page.click("#generate-button")
    expect(page).to_have_url(re.compile(rf"/tournaments/{tournament.slug}/manage/rounds/1/$"))
    # The URL is the new page's as soon as it starts to load; its seat-swap script runs once it
    # has (a tap before that does nothing, which a loaded machine showed).
    page.wait_for_load_state()
    expect(page.locator("#round-status")).to_have_text(words["draft"])
    expect(page.locator(".table-card")).to_have_count(2)
    fits(page, f"draft-{language}")

    # Tap the opener of table 1, then the opener of table 2: they change places.
    rnd = TournamentRound.objects.get(tournament=tournament, number=1)
    one, two = rnd.tables.get(number=1).player_ids, rnd.tables.get(number=2).player_ids
    page.click(f'#table-1 .seat-pick[data-player="{one[0]}"]')
    expect(page.locator(f'#table-1 .seat-pick[data-player="{one[0]}"]')).to_have_class(
        re.compile("picked"))
    page.click(f'#table-2 .seat-pick[data-player="{two[0]}"]')
    expect(page.locator(".messages")).to_contain_text(words["swapped"])
    expect(page.locator(f'#table-1 .seat-pick[data-player="{two[0]}"]')).to_be_visible()
    expect(page.locator(f'#table-2 .seat-pick[data-player="{one[0]}"]')).to_be_visible()
    assert rnd.tables.get(number=1).player_ids == [two[0], *one[1:]]
    assert rnd.tables.get(number=2).player_ids == [one[0], *two[1:]]
    expect(page.locator(".draft-notes")).to_contain_text(words["by hand"])

    page.click("#publish-button")
    expect(page.locator(".messages")).to_contain_text(words["published"])
    expect(page.locator("#round-status")).to_have_text(words["playing"])
    fits(page, f"published-{language}")
    expect(page.locator(".table-card .badge.live")).to_have_count(2)

    # The referee's tablet: the table link alone opens it, no login, with the table's players.
    table = rnd.tables.select_related("game").get(number=1)
    by_id = {p.pk: p.display_name for p in players}
    names = [by_id[pk] for pk in table.player_ids]
    tablet_context = browser.new_context(viewport={"width": 1024, "height": 768},
                                         locale=language,
                                         extra_http_headers={"Accept-Language": language})
    tablet = tablet_context.new_page()
    tablet.goto(f"{live_server.url}/games/t/{table.game.table_token}/")
    rows = tablet.locator(".scoreboard tbody tr")
    expect(rows).to_have_count(4)
    for seat, name in enumerate(names):
        expect(tablet.locator(f'.scoreboard tr[data-seat="{seat}"]')).to_contain_text(name)
    expect(tablet.locator("h1")).to_contain_text(words["table 1"])
    fits(tablet, f"tablet-{language}")
    tablet_context.close()
    context.close()


def test_the_pair_button_says_it_is_pairing_and_cannot_be_pressed_twice(page, live_server):
    club = ClubFactory(default_preset="club")
    user = UserFactory(username="busy-org")
    member(club, Membership.Role.ORGANISER, user=user, name="Olga Organiser")
    tournament = services.tournament_create(club=club, name="Busy Cup", table_size=4,
                                            starts_on=date(2026, 5, 9), rounds=3, actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    for name in ("Anna", "Boris", "Vera", "Gleb"):
        services.registration_add(tournament=tournament, player=member(club, name=name),
                                  checked_in=True, actor=SITE)
    log_in(page, live_server, "busy-org")
    page.goto(f"{live_server.url}/tournaments/{tournament.slug}/manage/")
    # The server's answer never comes (204: the page stays), as if the pairing took long.
    sent = []
    page.route("**/manage/rounds/new/",
               lambda route: (sent.append(route.request.method), route.fulfill(status=204)))
    page.click("#generate-button")
    button = page.locator("#generate-button")
    expect(button).to_be_disabled()
    expect(button).to_have_text("Pairing…")
    expect(page.locator("form[aria-busy=true]")).to_have_count(1)
    button.dispatch_event("click")  # a second press sends nothing
    page.wait_for_timeout(300)
    assert sent == ["POST"]
    assert not TournamentRound.objects.filter(tournament=tournament).exists()
