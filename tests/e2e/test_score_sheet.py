"""An organiser enters a tournament table's paper score sheet in Chromium: a slip first (the
game does not end), then the right sheet; the round page and the game page show the result."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from clubs.models import Membership
from clubs.permissions import SITE
from scoring.models import Game
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services
from tournaments.models import TournamentRound

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organiser_enters_a_score_sheet_for_a_table(page, live_server):
    club = ClubFactory(default_preset="club")
    user = UserFactory(username="sheet-org")
    member(club, Membership.Role.ORGANISER, user=user, name="Olga Organiser")
    players = [member(club, name=name) for name in ("Anna", "Boris", "Vera", "Gleb")]
    tournament = services.tournament_create(club=club, name="Paper Cup", table_size=4,
                                            starts_on=date(2026, 5, 9), rounds=1, actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    for player in players:
        services.registration_add(tournament=tournament, player=player, checked_in=True, actor=SITE)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    table = TournamentRound.objects.get(pk=rnd.pk).tables.select_related("game").get(number=1)
    names = {p.pk: p.display_name for p in players}
    seated = [names[pk] for pk in table.player_ids]

    log_in(page, live_server, "sheet-org")
    round_url = f"/tournaments/{tournament.slug}/manage/rounds/1/"
    page.goto(live_server.url + round_url)
    page.click('#table-1 a[data-paper="sheet"]')
    expect(page.locator("h1")).to_contain_text("Score sheet")
    expect(page.locator("table.sheet thead")).to_contain_text(seated[0])

    # Round 1 only: nobody has reached 200 yet, so the game is not over.
    for seat, points in enumerate((90, 40, 25, 10)):
        page.fill(f'input[name="p-0-{seat}"]', str(points))
    page.click("#sheet-save")
    expect(page.locator("#sheet-error")).to_contain_text(
        "After round 1 nobody has reached 200: the game is not over yet.")
    assert Game.objects.get(pk=table.game_id).status == "playing"

    # The second line of the paper, with its running totals copied too.
    for seat, (points, total) in enumerate(((115, 205), (30, 70), (-8, 17), (12, 22))):
        page.fill(f'input[name="p-1-{seat}"]', str(points))
        page.fill(f'input[name="t-1-{seat}"]', str(total))
    page.click("#sheet-save")
    expect(page).to_have_url(re.compile(re.escape(round_url) + "$"))
    expect(page.locator(".messages")).to_contain_text("The score sheet was entered")
    expect(page.locator("#round-status")).to_have_text("complete")
    expect(page.locator("#table-1 .badge.paper")).to_have_text("entered from a score sheet")

    game = Game.objects.get(pk=table.game_id)
    assert (game.status, game.entry, game.winner_seats) == ("finished", "sheet", [0])
    assert list(game.seats.order_by("position").values_list("score", flat=True)) == [
        205, 70, 17, 22]

    page.click("#table-1 a:text('The game')")
    expect(page.locator("#paper-result")).to_contain_text("Entered from a score sheet")
    expect(page.locator("#paper-result .winner")).to_contain_text(seated[0])
    expect(page.locator("table.rounds tbody tr")).to_have_count(2)
    expect(page.locator("#replay-board")).to_have_count(0)
