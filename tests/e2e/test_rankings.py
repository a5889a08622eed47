"""Rankings in a real browser: search by name, sort by clicking headers (numbers high-first on
the first click, with arrows), and a phone at 390 px that needs no sideways scroll."""

import pytest

from ratings.models import PlayerRating
from tests.clubs.test_pages import season
from tests.factories import ClubFactory, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna Volkova", "Boris Orlov", "Daria Kuznetsova", "Egor Petrov", "Vera Sokolova"]


@pytest.fixture
def ranked():
    club = ClubFactory(name="Triangle of Long Names")
    season(club, [member(club, name=n) for n in NAMES], games=70)
    return list(PlayerRating.objects.filter(provisional=False).order_by("-value"))


def _names(page):
    return page.locator("table.ranking tbody tr td:nth-child(2) a").all_inner_texts()


def _trends(page):
    cells = page.locator("table.ranking tbody tr td:last-child").all_inner_texts()
    return [0 if t == "·" else int(t[2:].replace("−", "-").replace("+", "")) for t in cells]


def test_search_and_sort(page, live_server, ranked):
    page.goto(live_server.url + "/rankings/")
    assert _names(page) == [r.player.display_name for r in ranked]
    rating = page.locator("table.ranking th", has_text="Rating")
    assert rating.get_attribute("aria-sort") == "descending"
    # Trend: the first click sorts high to low and shows a down arrow.
    with page.expect_navigation():
        page.locator("table.ranking th a", has_text="Trend").click()
    trend = page.locator("table.ranking th", has_text="Trend")
    assert trend.get_attribute("aria-sort") == "descending"
    assert "▼" in trend.inner_text()
    assert _trends(page) == sorted((r.trend for r in ranked), reverse=True)
    with page.expect_navigation():
        page.locator("table.ranking th a", has_text="Trend").click()
    assert page.locator("table.ranking th", has_text="Trend").get_attribute(
        "aria-sort") == "ascending"
    assert _trends(page) == sorted(r.trend for r in ranked)
    # Search keeps the place the player holds in the whole ranking.
    last = ranked[-1].player.display_name
    page.fill("input[name=name]", last.split()[0][:3])
    with page.expect_navigation():
        page.click("form.filters button[type=submit]")
    assert _names(page) == [last]
    assert page.locator("table.ranking tbody tr td:first-child").inner_text() == str(len(ranked))


def test_phone_needs_no_sideways_scroll(browser, live_server, ranked):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU",
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        for path in ("/rankings/", "/rankings/?provisional=1", "/"):
            page.goto(live_server.url + path)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{path} is {width} px wide"
            # Nor inside the table's own scroll box.
            hidden = page.evaluate("""[...document.querySelectorAll('.table-wrap')]
                .map(box => box.scrollWidth - box.clientWidth)""")
            assert all(extra <= 0 for extra in hidden), f"{path}: {hidden}"
        page.goto(live_server.url + "/rankings/")
        assert page.locator("table.ranking th.wide").first.is_hidden()
    finally:
        context.close()
