"""A tournament day in Chromium where the organiser taps every stage-changing button at the
wrong moment and recovers (issue 21): a Swiss of three rounds, then a knockout of four.

Each step that changes a stage or cannot be taken back is a page saying what it will do, with
a box to tick; during a round no such button is offered; a knockout started too early is taken
back by discarding its draft; a closed result is reopened with a reason and corrected once."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from clubs.models import Membership
from clubs.permissions import SITE
from scoring.models import Game
from scoring.services import Actor
from scoring.sheets import game_final_enter
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services
from tournaments.models import Stage, Tournament, TournamentRound

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STEPS = ("#generate-button", "#knockout-button", "#finish-button")


def play(tournament, number, scores=(60, 40, 20, 10)):
    """The round's tables finish from paper; the round completes by itself."""
    rnd = TournamentRound.objects.get(tournament=tournament, number=number)
    for table in rnd.tables.filter(bye=False).order_by("number"):
        seats = len(table.player_ids)
        game_final_enter(game_id=table.game_id, scores=list(scores[:seats]), actor=Actor())


def offered(page) -> list[str]:
    return [step for step in STEPS if page.locator(step).count()]


def test_every_stage_changing_tap_at_the_wrong_moment_is_caught(page, live_server):
    club = ClubFactory(default_preset="club")
    member(club, Membership.Role.ORGANISER, user=UserFactory(username="day-org"),
           name="Olga Organiser")
    tournament = services.tournament_create(
        club=club, name="Mistap Cup", table_size=4, starts_on=date(2026, 5, 9), rounds=3,
        rounds_per_game=1, knockout_size=4, actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    for name in ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ilya"):
        services.registration_add(tournament=tournament, player=member(club, name=name),
                                  checked_in=True, actor=SITE)
    log_in(page, live_server, "day-org")
    manage = f"{live_server.url}/tournaments/{tournament.slug}/manage/"
    page.goto(manage)
    assert offered(page) == ["#generate-button"]

    # Round 1: paired, a stray tap on Discard asks first; Cancel keeps the draft.
    page.click("#generate-button")
    expect(page.locator("#round-status")).to_have_text("draft")
    page.click("#discard-button")
    expect(page.locator("#confirm-step")).to_contain_text("The draft of round 1 is thrown away")
    page.click("#cancel-button")
    expect(page.locator("#round-status")).to_have_text("draft")
    page.click("#publish-button")
    expect(page.locator("#round-status")).to_have_text("playing")

    # During the round: nothing that changes a stage is offered.
    page.goto(manage)
    expect(page.locator("#round-playing")).to_be_visible()
    assert offered(page) == []
    play(tournament, 1)

    # After round 1 of 3: "Start the knockout" says what it leaves out; the button alone does
    # nothing (the box is not ticked): the page stays.
    page.goto(manage)
    assert offered(page) == list(STEPS)
    page.click("#knockout-button")
    expect(page.locator("#confirm-step")).to_contain_text(
        "Swiss rounds 2 and 3 will not be played.")
    page.click("#confirm-button")
    expect(page.locator("#confirm-step")).to_be_visible()
    assert not Stage.objects.get(tournament=tournament, kind="knockout").seeds
    # Ticked after all, by mistake: the knockout's draft is there…
    page.check("input[name=confirm]")
    page.click("#confirm-button")
    expect(page).to_have_url(re.compile(r"/manage/rounds/2/$"))
    expect(page.locator(".messages")).to_contain_text("The knockout is seeded")
    # …and discarding it takes the tournament back to its Swiss.
    page.click("#discard-button")
    expect(page.locator("#confirm-step")).to_contain_text(
        "The knockout's seeding is taken back")
    expect(page.locator("#confirm-step")).to_contain_text(
        "Rounds 2 and 3 of the first stage can then be paired.")
    page.check("input[name=confirm]")
    page.click("#confirm-button")
    expect(page.locator(".messages")).to_contain_text("The draft was discarded.")
    assert offered(page) == list(STEPS)
    assert not Stage.objects.get(tournament=tournament, kind="knockout").seeds

    # "Finish" tapped by mistake: it says what would be lost; Cancel.
    page.click("#finish-button")
    expect(page.locator("#confirm-step")).to_contain_text(
        "The knockout of the top 4 will not be played.")
    page.click("#cancel-button")
    expect(page).to_have_url(manage)

    # Swiss rounds 2 and 3 are paired as planned.
    for number in (2, 3):
        page.click("#generate-button")
        expect(page.locator("#round-status")).to_have_text("draft")
        rnd = TournamentRound.objects.get(tournament=tournament, number=number)
        assert rnd.stage.kind == Stage.Kind.SWISS
        page.click("#publish-button")
        expect(page.locator("#round-status")).to_have_text("playing")
        play(tournament, number)
        page.goto(manage)

    # Round 1's table 1 was entered wrongly: its result is closed (round 3 is paired from it);
    # the organiser reopens it with a reason and enters the right scores once.
    first = TournamentRound.objects.get(tournament=tournament, number=1)
    table = first.tables.select_related("game").get(number=1)
    assert table.game.result_lock == Game.Lock.CLOSED
    page.goto(f"{manage}rounds/1/")
    page.click("#table-1 .reopen-result")
    page.fill("#id_reason", "first and second swapped on the sheet")
    page.click("#confirm-button")
    expect(page.locator(".messages")).to_contain_text("open for a correction")
    page.goto(f"{live_server.url}/games/{table.game_id}/final/")
    for seat, score in enumerate((40, 60, 20, 10)):
        page.fill(f"input[name=score-{seat}]", str(score))
    page.click("#final-save")
    expect(page.locator(".messages")).to_contain_text("The final scores were entered")
    page.goto(f"{live_server.url}/tournaments/{tournament.slug}/rounds/1/")
    expect(page.locator('[data-corrected="1"]')).to_contain_text(
        "first and second swapped on the sheet")
    assert Game.objects.get(pk=table.game_id).result_lock == Game.Lock.CLOSED

    # After the Swiss: the knockout, confirmed; a revoke of a table link tapped by mistake.
    page.goto(manage)
    assert offered(page) == ["#knockout-button", "#finish-button"]
    page.click("#knockout-button")
    expect(page.locator("#confirm-step")).not_to_contain_text("will not be played")
    page.check("input[name=confirm]")
    page.click("#confirm-button")
    page.click("#publish-button")
    final = TournamentRound.objects.get(tournament=tournament, number=4)
    game = final.tables.get().game
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.click("#revoke-link")
    expect(page.locator("#confirm-step")).to_contain_text("no longer open the tablet")
    page.click("#cancel-button")
    assert Game.objects.get(pk=game.pk).table_token == game.table_token
    play(tournament, 4)

    page.goto(manage)
    assert offered(page) == ["#finish-button"]
    page.click("#finish-button")
    expect(page.locator("#confirm-step")).to_contain_text("wins the tournament.")
    page.check("input[name=confirm]")
    page.click("#confirm-button")
    expect(page.locator(".messages")).to_contain_text("The tournament is finished.")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.winner_id
