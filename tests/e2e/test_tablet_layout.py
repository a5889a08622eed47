"""The tablet fits the screens referees use: nothing needs scrolling on a tablet, in either
orientation, for 2 to 6 players, in the opening and in play; on a phone the scoreboard comes first.
Screenshots go to $TABLET_SHOTS when it is set."""

import os

import pytest

from tests.e2e.tablet_helpers import first_seat_opens, new_game, tablet_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(1024, 768), (1280, 800), (768, 1024), (800, 1280)]
MUST_SEE = {
    "opening": [".scoreboard", ".who-opens", "#tile-typed", "#palette", "#place-button",
                "#board"],
    "play": [".scoreboard", "#turn-status", "#tile-typed", "#palette", "#place-button",
             "#draw-plus", "#pass-button", "#undo-button", "#board"],
}

MEASURE = """(selectors) => {
  const W = innerWidth, H = innerHeight;
  const inside = (r) => r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5
                        && r.right <= W + 0.5 && r.bottom <= H + 0.5;
  const boxes = {};
  for (const sel of selectors) {
    const node = document.querySelector(sel);
    const r = node ? node.getBoundingClientRect() : null;
    boxes[sel] = r ? {ok: inside(r), top: r.top, bottom: r.bottom, height: r.height} : null;
  }
  const tiles = [...document.querySelectorAll('.ptile')].map((t) => t.getBoundingClientRect());
  const scrollers = [...document.querySelectorAll('*')].filter((n) => {
    const s = getComputedStyle(n);
    return /(auto|scroll)/.test(s.overflowY) && n.scrollHeight > n.clientHeight + 1;
  }).map((n) => n.className || n.tagName);
  return {boxes, tiles: tiles.length, tilesOut: tiles.filter((r) => !inside(r)).length,
          smallest: Math.min(...tiles.map((r) => Math.min(r.width, r.height))),
          shortest: Math.min(...tiles.map((r) => r.height)),
          pageScrolls: document.documentElement.scrollHeight > H + 1,
          pageWide: document.documentElement.scrollWidth > W + 1, scrollers};
}"""


# Two animation frames: the layout and paint after a change of the viewport are done.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def measured_sizes(page, url, sizes, selectors):
    """(width, height, found) at each size: the tablet page loaded at the first size, then
    turned and resized, as a tablet in the referee's hands is. Its layout is CSS alone (no
    script reads the screen's size), so this is what a page opened at that size shows."""
    for number, (width, height) in enumerate(sizes):
        page.set_viewport_size({"width": width, "height": height})
        if number == 0:
            page.goto(url)
            page.wait_for_selector("#palette .ptile")
        else:
            page.evaluate(SETTLED)
        yield width, height, page.evaluate(MEASURE, selectors)


def shoot(page, name):
    folder = os.environ.get("TABLET_SHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


@pytest.mark.parametrize(("players", "locale"), [
    (2, "en-GB"), (4, "en-GB"), (6, "en-GB"),
    (4, "ru-RU"),  # Russian labels are longer ("Отменить" for "Undo")
    (4, "de-DE"),  # and German ones too ("Stattdessen legen", "Rückgängig")
])
def test_everything_is_visible_without_scrolling(browser, live_server, players, locale):
    game = new_game(players=players)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True,
                                  locale=locale)
    page = context.new_page()
    try:
        for phase in ("opening", "play"):
            if phase == "play":
                first_seat_opens(game)
            for width, height, found in measured_sizes(page, tablet_url(live_server, game),
                                                       SIZES, MUST_SEE[phase]):
                shoot(page, f"{width}x{height}-{players}p-{phase}-{locale}")
                where = f"{width}×{height}, {players} players, {phase}, {locale}"
                hidden = [sel for sel, box in found["boxes"].items() if not (box and box["ok"])]
                assert hidden == [], f"{where}: not fully visible: {hidden}"
                assert found["tilesOut"] == 0, f"{where}: {found['tilesOut']} tiles cut off"
                assert found["tiles"] == (56 if phase == "opening" else 55)
                assert found["smallest"] >= 30, f"{where}: tiles only {found['smallest']}px"
                assert not found["pageScrolls"] and found["scrollers"] == [], where
    finally:
        context.close()


def test_a_phone_shows_the_scoreboard_first_and_can_still_record(browser, live_server):
    game = new_game(players=6)
    first_seat_opens(game)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    try:
        page.goto(tablet_url(live_server, game))
        page.wait_for_selector("#palette .ptile")
        shoot(page, "390x844-6p-play")
        top = {sel: page.locator(sel).bounding_box()["y"]
               for sel in (".scoreboard", "#board", "#turn-status", "#palette")}
        assert top[".scoreboard"] < top["#board"] and top[".scoreboard"] < 60
        assert top["#turn-status"] < 844  # whose turn is on the first screen
        # …and a turn can be entered by touch.
        page.tap('.ptile[data-tile="1-4-4"]')
        page.tap('#hints .hint[data-cell="1,0"]')
        page.tap("#place-button")
        page.wait_for_selector('.scoreboard tr[data-seat="1"] .score:text("9")')
        widths = page.evaluate(
            "[...document.querySelectorAll('.ptile')].map((t) => t.getBoundingClientRect().width)")
        assert min(widths) >= 30
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


@pytest.mark.parametrize("players", [2, 6])
def test_counting_the_hands_fits_too(browser, live_server, players):
    """The hands form may scroll within itself (five or six hands); the palette stays whole."""
    game = new_game(players=players)
    game.rounds.filter(number=0).update(dealt=1)
    first_seat_opens(game)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    try:
        selectors = [".scoreboard", "#hands-form h3", "#palette", "#undo-button",
                     'input[name="tiles-1"]']
        for width, height, found in measured_sizes(page, tablet_url(live_server, game), SIZES,
                                                   selectors):
            shoot(page, f"{width}x{height}-{players}p-hands")
            hidden = [sel for sel, box in found["boxes"].items() if not (box and box["ok"])]
            assert hidden == [], f"{width}×{height}: not fully visible: {hidden}"
            assert found["tilesOut"] == 0 and found["smallest"] >= 30
            assert not found["pageScrolls"]
    finally:
        context.close()
