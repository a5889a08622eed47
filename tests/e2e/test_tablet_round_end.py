"""Round ends and later openings fit the screen (issue 23.1): at the four tablet sizes the hands
form with *Score the round*, and at a later opening the round's result, *Who opens?*, *Place* and
a palette whose tiles are as tall as in play (at least 44 px), are all on screen with nothing
scrolling, for 2 to 6 players in English, Russian and German. On a phone the page scrolls, but no
box hides part of itself and nothing is wider than the screen. Screenshots go to $TABLET_SHOTS."""

import pytest

from clubs.permissions import SITE
from scoring.services import Actor, round_end
from tests.e2e.tablet_helpers import first_seat_opens, new_game, tablet_url
from tests.e2e.test_tablet_layout import MEASURE, SIZES, measured_sizes, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = (390, 844)
TILE_HEIGHT = 44
ROUND_END = [".scoreboard", "#hands-form h3", "#hands-form button[type=submit]", "#palette"]
LATER_OPENING = [".scoreboard", "#round-result", ".who-opens", "#tile-typed", "#place-button",
                 "#opener-needed", "#palette", "#board"]


def _round_ended(players):
    """A game whose first round just ended: Anna opened with her only tile and went out."""
    game = new_game(players=players)
    game.rounds.filter(number=0).update(dealt=1)
    first_seat_opens(game)
    return game


def _measure(page, live_server, game, selectors):
    page.goto(tablet_url(live_server, game))
    page.wait_for_selector("#palette .ptile")
    return page.evaluate(MEASURE, selectors)


def _check(found, where, *, whole_page):
    hidden = [sel for sel, box in found["boxes"].items() if not (box and box["ok"])]
    assert found["scrollers"] == [], f"{where}: a box scrolls within itself: {found['scrollers']}"
    assert not found["pageWide"], f"{where}: wider than the screen"
    if whole_page:
        assert hidden == [], f"{where}: not fully visible: {hidden}"
        assert found["tilesOut"] == 0, f"{where}: {found['tilesOut']} tiles cut off"
        assert not found["pageScrolls"], f"{where}: the page scrolls"


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU", "de-DE"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_round_end_and_the_next_opening_fit(browser, live_server, players, locale):
    game = _round_ended(players)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True,
                                  locale=locale)
    page = context.new_page()
    try:
        url = tablet_url(live_server, game)
        for width, height, found in measured_sizes(page, url, [*SIZES, PHONE], ROUND_END):
            where = f"{width}×{height}, {players} players, {locale}"
            shoot(page, f"{width}x{height}-{players}p-round-end-{locale}")
            _check(found, f"{where}, round end", whole_page=(width, height) != PHONE)
            last = page.locator(f'input[name="tiles-{players - 1}"]')
            assert last.is_visible()
        round_end(game_id=game.pk, hands={seat: [f"0-0-{seat}"] for seat in range(1, players)},
                  expected_version=None, actor=Actor())
        for width, height, found in measured_sizes(page, url, [*SIZES, PHONE], LATER_OPENING):
            where = f"{width}×{height}, {players} players, {locale}, later opening"
            shoot(page, f"{width}x{height}-{players}p-later-opening-{locale}")
            _check(found, where, whole_page=(width, height) != PHONE)
            assert found["tiles"] == 56
            assert found["shortest"] >= TILE_HEIGHT, f"{where}: tiles {found['shortest']}px tall"
            assert not page.locator("#place-button").is_enabled()
    finally:
        context.close()


@pytest.mark.parametrize("tiles", [{"max_number": 6}, {"mirror_tiles": True}], ids=["84", "76"])
def test_the_larger_sets_fit_at_the_opening(browser, live_server, tiles):
    """All 84 (or 76) tiles in the palette at every tablet size, as tall as in play."""
    game = new_game(players=4, **tiles)
    size = 84 if "max_number" in tiles else 76
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    try:
        for width, height, found in measured_sizes(page, tablet_url(live_server, game),
                                                   [*SIZES, PHONE],
                                                   [".who-opens", "#place-button", "#palette"]):
            where = f"{width}×{height}, {size} tiles, opening"
            shoot(page, f"{width}x{height}-{size}-tiles-opening")
            _check(found, where, whole_page=(width, height) != PHONE)
            assert found["tiles"] == size
            assert found["shortest"] >= TILE_HEIGHT, f"{where}: tiles {found['shortest']}px tall"
        # A tile with a 6 (or a mirror tile) typed in: the palette and the board know it.
        page.set_viewport_size({"width": 1024, "height": 768})
        tile = "6-6-6" if size == 84 else "1-3-2"
        page.check('.who-opens input[value="0"]')
        page.fill("#tile-typed", tile.replace("-", ""))
        page.press("#tile-typed", "Enter")
        page.click("#place-button")
        page.wait_for_selector('#tablet-root[data-version="1"]')
        assert not page.locator(f'.ptile[data-tile="{tile}"]').count()
    finally:
        context.close()
    game.refresh_from_db()
    assert game.rules.get("max_number", 5) == (6 if size == 84 else 5)


def test_an_84_tile_tournament_game_fits_in_play(browser, live_server):
    """A tournament set to 84 tiles starts its tables' games with them; in play on a tablet
    (1024×768) and a phone (390×844) the palette shows every tile left, each at least 44 px
    tall, none cut off at a side and nothing wider than the screen."""
    from datetime import date

    from tests.factories import ClubFactory, member
    from tournaments import services
    from tournaments.models import Table

    club = ClubFactory(default_preset="pressman")
    tournament = services.tournament_create(club=club, name="Big Set Cup", table_size=4,
                                            starts_on=date(2026, 5, 9), rounds=1,
                                            tile_set="84", actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    for name in ("Anna", "Boris", "Vera", "Gleb"):
        services.registration_add(tournament=tournament, player=member(club, name=name),
                                  checked_in=True, actor=SITE)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    game = Table.objects.select_related("game").get(round__tournament=tournament).game
    assert game.rules["max_number"] == 6
    first_seat_opens(game)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    try:
        for width, height, found in measured_sizes(page, tablet_url(live_server, game),
                                                   [(1024, 768), PHONE],
                                                   ["#turn-status", "#place-button", "#palette"]):
            where = f"{width}×{height}, 84 tiles, in play"
            shoot(page, f"{width}x{height}-84-tiles-play")
            _check(found, where, whole_page=(width, height) != PHONE)
            assert found["tiles"] == 83  # 4-4-4 is on the board
            assert found["shortest"] >= TILE_HEIGHT, f"{where}: tiles {found['shortest']}px tall"
            assert not found["pageWide"]
            # Sideways: every tile between the screen's left and right edges.
            assert page.evaluate("""() => [...document.querySelectorAll('.ptile')].every((t) => {
                const r = t.getBoundingClientRect();
                return r.left >= -0.5 && r.right <= innerWidth + 0.5; })"""), where
        # A tile with a 6 typed in is found among them.
        page.set_viewport_size({"width": 1024, "height": 768})
        page.fill("#tile-typed", "656")
        page.press("#tile-typed", "Enter")
        assert page.locator('.ptile.selected[data-tile="5-6-6"]').count() == 1
    finally:
        context.close()


# Each hand's label, the player's name and "(1 tile)", shown whole: the text is not cut (no
# ellipsis, no clipped overflow) and the label's lines stay inside its own row.
LABELS_CUT = """() => [...document.querySelectorAll('#hands-form .hand-who')]
  .filter(label => label.scrollWidth > label.clientWidth + 1
                || label.scrollHeight > label.clientHeight + 1)
  .map(label => label.innerText)"""


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU", "de-DE"])
def test_a_phone_shows_every_hand_s_name_whole(browser, live_server, locale):
    """At 390 px the names and "(1 tile)" wrap onto a second line rather than end in "…"."""
    game = _round_ended(4)
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]},
                                  has_touch=True, is_mobile=True, locale=locale)
    page = context.new_page()
    try:
        found = _measure(page, live_server, game, ROUND_END)
        shoot(page, f"390x844-4p-round-end-names-{locale}")
        _check(found, f"phone, {locale}", whole_page=False)
        assert page.evaluate(LABELS_CUT) == []
        labels = page.locator("#hands-form .hand-who")
        assert labels.count() == 3
        for seat in range(1, 4):
            label = page.locator(f"#hand-{seat}")
            name = game.seats.get(position=seat).player.display_name
            assert label.inner_text().startswith(name)
            assert label.locator(".muted").is_visible()
            box = label.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
        for selector in ("#hands-form button[type=submit]", 'input[name="tiles-3"]'):
            page.locator(selector).scroll_into_view_if_needed()
            assert page.locator(selector).is_visible()
    finally:
        context.close()
