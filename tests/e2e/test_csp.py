"""The Content-Security-Policy holds on every page without breaking it: the browser_context
fixture fails a test on any violation (tests/conftest.py), and this test visits one page of
every kind the organiser, the referee and a site admin can reach."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring.models import Game
from tests.e2e.session import log_in
from tests.site.endpoints import crawl, world_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_inline_script_is_a_violation_the_fixture_sees(page, browser_context, live_server):
    page.goto(f"{live_server.url}/")
    with pytest.raises(PlaywrightError, match="Content Security Policy"):
        page.add_script_tag(content="window.inlineRan = true;")
    assert page.evaluate("window.inlineRan === undefined")
    page.wait_for_timeout(300)
    assert any("script-src" in v for v in browser_context.csp_violations)
    browser_context.csp_violations.clear()  # seen: the fixture must not fail this test


def test_every_page_works_under_the_policy(page, browser_context, live_server):
    world = world_build()
    pages = crawl(world).pages
    log_in(page, live_server, "fuzz-organiser")
    for name, path in sorted(pages.items()):
        response = page.goto(f"{live_server.url}{path}")
        assert response.status == 200, (name, path)
        header = response.headers["content-security-policy"]
        assert "'unsafe-inline'" not in header and "frame-ancestors 'self'" in header
    assert {"scoring:tablet", "scoring:game-new", "tournaments:manage-round", "tournaments:new",
            "scoring:turn-correct", "clubs:club-detail"} <= set(pages), sorted(pages)
    # The page scripts still work: the language switch submits by itself.
    page.goto(f"{live_server.url}/")
    page.select_option("#language-select", "ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.select_option("#language-select", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # let that page arrive first
    # The seat pickers of the new-game form, a static file: a picked name takes its id.
    page.goto(f"{live_server.url}/games/new/")
    people = page.locator("#club-people option")
    first, name = people.nth(0).get_attribute("data-player"), people.nth(0).get_attribute(
        "value")
    page.fill("#id_seat_1", name)
    assert page.input_value("#id_seat_1_player") == first


def test_the_admin_works_under_the_policy(page, live_server):
    world = world_build()
    get_user_model().objects.create_superuser("site-admin", "admin@example.org", "pw")
    log_in(page, live_server, "site-admin")
    game = Game.objects.filter(club=world.club).first()
    for path in ("/admin/", "/admin/scoring/game/", f"/admin/scoring/game/{game.pk}/change/",
                 "/admin/clubs/club/add/", "/admin/auth/user/"):
        response = page.goto(f"{live_server.url}{path}")
        assert response.status == 200, path
