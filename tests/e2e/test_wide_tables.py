"""The wide tables fit a tablet held landscape (1024×768) and a small laptop (1280×800) in every
language, with no column behind a sideways scroll: the rankings (whose Russian headers are the
longest) and a tournament's standings with its tie-breaks (abbreviated in the header, spelt out
in the title and in a legend under the table, as chess standings do)."""

import os
import re
from pathlib import Path

import pytest

from ratings.models import PlayerRating
from tests.clubs.test_pages import season
from tests.factories import ClubFactory, member
from tests.tournaments.play import field, organised_club, run_round, tournament_with

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "ru", "de")
SIZES = ((1024, 768), (1280, 800))
# Set WIDE_SHOTS=/some/dir to keep screenshots of the pages for a look by eye.
SHOTS = os.environ.get("WIDE_SHOTS")

# How far each table's box would have to scroll sideways (0: everything fits).
HIDDEN = """selector => [...document.querySelectorAll(selector)]
  .map(box => box.closest('.table-wrap') || box)
  .map(box => box.scrollWidth - box.clientWidth)"""

# A header cell's lines of text: its text's height over its line height.
LINES = """cell => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
}"""
HEADER_LINES = f"""selector => [...document.querySelectorAll(selector + ' thead th')]
  .map(th => [th.innerText.trim(), ({LINES})(th)])"""
CELL_LINES = f"""selector => [...document.querySelectorAll(selector)].map({LINES})"""


def _context(browser, language, width, height):
    return browser.new_context(viewport={"width": width, "height": height}, locale=language,
                               extra_http_headers={"Accept-Language": language})


def _shoot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


@pytest.fixture
def ranked():
    club = ClubFactory(name="Triangle of Long Names")
    names = ["Anna Volkova", "Boris Orlov", "Daria Kuznetsova", "Egor Petrov", "Vera Sokolova"]
    season(club, [member(club, name=n) for n in names], games=70)
    assert PlayerRating.objects.filter(provisional=False).count() >= 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_rankings_fit_a_tablet_and_a_laptop(browser, live_server, ranked, language):
    for width, height in SIZES:
        context = _context(browser, language, width, height)
        page = context.new_page()
        try:
            page.goto(live_server.url + "/rankings/")
            _shoot(page, f"rankings-{width}x{height}-{language}")
            assert page.evaluate(HIDDEN, "table.ranking") == [0], f"{width}px"
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            lines = dict(page.evaluate(HEADER_LINES, "table.ranking"))
            if language == "en":
                # English had room all along: its headers stay on one line each.
                assert set(lines.values()) == {1}, lines
            # No header breaks inside a word, nor leaves a slash on a line of its own: at most
            # one line per word.
            for header, count in lines.items():
                assert count <= len(re.findall(r"\w+", header)), (width, header, count)
            # A trend stays on one line (arrow and number together).
            assert set(page.evaluate(CELL_LINES, "table.ranking tbody td:last-child")) == {1}
        finally:
            context.close()


@pytest.fixture
def standings():
    club, _organiser = organised_club("wide-org")
    tournament = tournament_with(club, field(club, 8), table_size=4, rounds=3)
    run_round(tournament, seed=1)
    run_round(tournament, seed=2)
    return tournament


@pytest.mark.parametrize("language", LANGUAGES)
def test_standings_with_every_tie_break_fit_a_tablet(browser, live_server, standings,
                                                      language):
    for width, height in ((1024, 768), (390, 844)):
        context = _context(browser, language, width, height)
        page = context.new_page()
        try:
            page.goto(f"{live_server.url}/tournaments/{standings.slug}/standings/")
            _shoot(page, f"standings-{width}x{height}-{language}")
            if width >= 1024:
                assert page.evaluate(HIDDEN, "table.standings") == [0], f"{width}px"
            # Every tie-break's short name is spelt out: in its title and in the legend.
            shorts = page.locator("table.standings thead abbr")
            assert shorts.count() == 6
            legend = page.locator(".tiebreak-legend").inner_text()
            for i in range(shorts.count()):
                title = shorts.nth(i).get_attribute("title")
                assert f"{shorts.nth(i).inner_text()} {title}" in legend
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        finally:
            context.close()
