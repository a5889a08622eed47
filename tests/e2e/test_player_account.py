"""A player's own account, end to end in Chromium (issue 27): a person signs up, asks to be
linked to their player, the club's organiser confirms it, the player registers for a tournament
open to it from their page, and the moment the organiser publishes the first round the
player's page — left open, never reloaded — shows their table, pushed. On a desktop and on a
390×844 phone (whose page must not scroll sideways).

The site runs under daphne (tests/e2e/asgi_server.py), so the organiser's publishing, made
through it, is pushed to the player's open page."""

import re
from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from playwright.sync_api import expect

from clubs.models import Membership, Player
from clubs.permissions import SITE
from tests.e2e.asgi_server import asgi_server  # noqa: F401 - the fixture
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member
from tournaments import services
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "tri-omino-42-hex"
SHOTS = Path("/tmp/triominos-shots")


def _club_and_cup():
    club = ClubFactory(name="Triangle", slug="triangle", default_preset="club")
    # The server's own hasher (the tests' MD5 is this process's only): it checks the login.
    boss = UserFactory(username="boss")
    boss.password = PBKDF2PasswordHasher().encode("pw", "tri0salt")
    boss.save(update_fields=["password"])
    member(club, Membership.Role.ORGANISER, user=boss, name="Olga Organiser")
    anna = member(club, name="Anna Volkova")
    others = [member(club, name=name) for name in (
        "Boris Orlov", "Vera Lis", "Gleb Kim", "Dina Roz", "Egor Pak", "Zoya Li", "Ilya Fox")]
    cup = services.tournament_create(club=club, name="Club Cup", table_size=4,
                                     starts_on=date(2026, 5, 9), rounds=3,
                                     self_registration=True, actor=SITE)
    services.tournament_open(tournament=cup, actor=SITE)
    for player in others:
        services.registration_add(tournament=cup, player=player, checked_in=True, actor=SITE)
    return club, boss, anna, cup


def _no_sideways_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


@pytest.mark.parametrize("viewport", [(1024, 768), (390, 844)], ids=["desktop", "phone"])
def test_sign_up_claim_register_and_see_the_table_pushed(browser, asgi_server, viewport):  # noqa: F811
    club, boss, anna, cup = _club_and_cup()
    width, height = viewport
    phone = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB",
                                is_mobile=width < 500, has_touch=width < 500)
    phone.set_default_timeout(20_000)
    desk = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")
    desk.set_default_timeout(20_000)
    me, organiser = phone.new_page(), desk.new_page()
    url = asgi_server.url

    # Sign up: the site sends no e-mail here, so the account is ready at once.
    me.goto(f"{url}/accounts/signup/")
    _no_sideways_scroll(me)
    me.fill("#id_username", "anna")
    me.fill("#id_password1", PASSWORD)
    me.fill("#id_password2", PASSWORD)
    me.click("#signup-form button[type=submit]")
    expect(me).to_have_url(f"{url}/me/claim/")
    expect(me.locator(".messages")).to_contain_text("Your account “anna” is ready.")

    # Ask to be Anna Volkova of Triangle.
    me.click("#claim-clubs a:has-text('Triangle')")
    me.check("#claim-form label:has-text('Anna Volkova') input")
    _no_sideways_scroll(me)
    me.click("#claim-form button[type=submit]")
    expect(me).to_have_url(f"{url}/me/")
    expect(me.locator("#my-claim")).to_contain_text("You asked to be Anna Volkova in Triangle.")

    # The organiser sees the request from the club's page and confirms it.
    log_in(organiser, type("Server", (), {"url": url}), "boss")
    organiser.goto(f"{url}/clubs/triangle/")
    organiser.click("#claims-waiting a")
    expect(organiser.locator("#claims .card")).to_contain_text(
        "The account “anna” says it is Anna Volkova.")
    organiser.click("#claims button[value=confirm]")
    expect(organiser.locator(".messages")).to_contain_text("“anna” is Anna Volkova now.")
    assert Player.objects.get(pk=anna.pk).user.username == "anna"

    # The player registers for the cup from their page; the organiser checks them in.
    me.goto(f"{url}/me/")
    expect(me.locator("#my-player")).to_contain_text("You are Anna Volkova.")
    me.click("#my-registration form:has(button:has-text('Register me')) button")
    expect(me.locator(".messages")).to_contain_text("You are registered for Club Cup.")
    expect(me.locator("#my-entries")).to_contain_text("registered, not checked in yet")
    services.registration_check_in(
        registration=Registration.objects.get(tournament=cup, player=anna), actor=SITE)

    # The player's page stays open; the organiser pairs and publishes round 1.
    me.goto(f"{url}/me/")
    expect(me.locator("html")).to_have_attribute("data-push", "open")
    expect(me.locator("#my-entries")).to_contain_text("registered, checked in")
    expect(me.locator(".my-table")).to_have_count(0)
    organiser.goto(f"{url}/tournaments/{cup.slug}/manage/")
    organiser.click("#generate-button")
    expect(organiser).to_have_url(re.compile(r"/manage/rounds/1/$"))
    organiser.click("#publish-button")
    expect(organiser.locator("#round-status")).to_have_text("playing")

    table = next(t for t in cup.rounds.get().tables.all() if anna.pk in t.player_ids)
    names = dict(Player.objects.values_list("pk", "display_name"))
    mates = ", ".join(names[p] for p in table.player_ids if p != anna.pk)
    line = me.locator(".my-table")
    expect(line).to_contain_text(f"Round 1: table {table.number}, with {mates}")
    expect(line.locator("a")).to_have_attribute("href", f"/games/{table.game_id}/")
    # Its game among the player's games being played, in the same pushed part.
    expect(me.locator(f"#my-games a[href='/games/{table.game_id}/']")).to_have_count(1)
    assert me.evaluate("performance.getEntriesByType('navigation').length") == 1  # no reload
    _no_sideways_scroll(me)
    SHOTS.mkdir(exist_ok=True)
    me.screenshot(path=str(SHOTS / f"my-page-{width}x{height}.png"), full_page=True)
    phone.close()
    desk.close()
