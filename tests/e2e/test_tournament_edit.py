"""An organiser corrects a tournament's name and rounds in Chromium, from its day page, at
tablet and phone size (on the phone in English, Russian and German): the form comes filled in
(the date too, in every language), what the stage keeps is disabled with why, nothing is wider
than the screen. Screenshots go to $TOURNAMENT_SHOTS when set."""

from datetime import date

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from clubs.models import Membership
from clubs.permissions import SITE
from tests.e2e.fits import fits
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _words(language):
    with translation.override(language):
        return {
            "title": gettext("The tournament's settings"),
            "paired": gettext("A round has been paired: the game rules, the target or rounds "
                              "per game, the players per table, the tiles, the pool and the "
                              "format stay as they are.").split(":")[0],
            "saved": gettext("The tournament's settings are saved."),
            "no rounds": gettext("A Swiss tournament needs at least one round."),
        }


@pytest.mark.parametrize(("size", "language"), [
    ((1024, 768), "en"), ((390, 844), "en"), ((390, 844), "ru"), ((390, 844), "de")])
def test_organiser_edits_the_name_and_the_rounds(browser, live_server, size, language):
    words = _words(language)
    club = ClubFactory(default_preset="club")
    member(club, Membership.Role.ORGANISER, user=UserFactory(username="edit-org"), name="Olga")
    players = [member(club, name=n) for n in ("Anna", "Boris", "Vera", "Gleb")]
    tournament = services.tournament_create(club=club, name="Club Cuo", table_size=4,
                                            starts_on=date(2026, 5, 9), rounds=3, actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    for player in players:
        services.registration_add(tournament=tournament, player=player, checked_in=True,
                                  actor=SITE)
    services.round_generate(tournament=tournament, actor=SITE)  # a draft: the games' settings stay

    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    try:
        log_in(page, live_server, "edit-org")
        page.goto(f"{live_server.url}/tournaments/{tournament.slug}/manage/")
        page.click("#edit-button")
        expect(page.locator("h1")).to_have_text(words["title"])
        expect(page.locator("#edit-limits")).to_contain_text(words["paired"])
        expect(page.locator("#id_table_size")).to_be_disabled()
        expect(page.locator("#id_name")).to_have_value("Club Cuo")
        expect(page.locator("#id_starts_on")).to_have_value("2026-05-09")
        fits(page, f"{size[0]} {language} edit")

        page.fill("#id_name", "Club Cup")
        page.fill("#id_rounds", "5")
        page.click("#save-settings")
        expect(page.locator(".messages")).to_contain_text(words["saved"])
        expect(page.locator("main")).to_contain_text("Club Cup")
        fits(page, f"{size[0]} {language} manage")

        # A Swiss tournament without rounds: refused in words on the form, nothing written.
        page.click("#edit-button")
        page.fill("#id_rounds", "0")
        page.click("#save-settings")
        expect(page.locator("#tournament-edit .errorlist")).to_contain_text(words["no rounds"])
        fits(page, f"{size[0]} {language} refused")
    finally:
        context.close()
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert (tournament.name, tournament.planned_rounds) == ("Club Cup", 5)
