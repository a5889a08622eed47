"""The player and rankings pages on a phone (360×740 and 390×844, English and Russian): nothing
scrolls sideways, lists are compact rows, the rating chart shows a point on the first tap and
opens its game on the second, its dated axis never repeats a label; a rankings filter keeps the
sort. Set PHONE_SHOTS=/some/dir to keep screenshots for a look by eye."""

import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ratings.models import GameRating
from tests.clubs.test_pages import season
from tests.factories import ClubFactory, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("PHONE_SHOTS")
PHONES = [(360, 740), (390, 844)]
NAMES = ["Anastasia Konstantinopolskaya", "Boris Orlov", "Daria Kuznetsova", "Egor Petrov",
         "Vera Sokolova-Rimskaya"]


@pytest.fixture
def players():
    club = ClubFactory(name="Triangle of Remarkably Long Club Names")
    people = [member(club, name=n) for n in NAMES]
    # Three evenings a week apart: the axis names days, each once.
    for week in range(3):
        season(club, people, games=8, start=timezone.now() - timedelta(days=21 - 7 * week))
    return people


def shoot(page, name, *, full_page=True):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=full_page)


def phone(browser, size, language):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale=language, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    return context


def _fits(page, width, path):
    scroll = page.evaluate("document.documentElement.scrollWidth")
    # What sticks out, named, should the page be too wide.
    out = page.evaluate(f"""[...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > {width} + 0.5)
        .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))
        .slice(0, 8)""")
    assert scroll <= width, f"{path} is {scroll} px wide at {width}: {out}"
    inside = page.evaluate("""[...document.querySelectorAll('.table-wrap, main *')]
        .filter(box => getComputedStyle(box).overflowX !== 'visible')
        .filter(box => box.scrollWidth > box.clientWidth && box.clientWidth > 1)
        .map(box => `${box.tagName}.${box.className} ${box.scrollWidth - box.clientWidth}`)""")
    assert not inside, f"{path} scrolls inside a box: {inside}"


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en-GB", "ru"])
def test_no_sideways_scrolling(browser, live_server, players, size, language):
    context = phone(browser, size, language)
    page = context.new_page()
    anna = players[0]
    try:
        for name, path in (("player", f"/players/{anna.pk}/"),
                           ("meetings", f"/players/{anna.pk}/?opponent={players[1].pk}"),
                           ("rankings", "/rankings/"),
                           ("provisional", "/rankings/?provisional=1"),
                           ("games", "/games/"),
                           ("games-of", f"/games/?player={anna.pk}")):
            page.goto(live_server.url + path)
            _fits(page, size[0], path)
            shoot(page, f"{size[0]}x{size[1]}-{language}-{name}")
        # The lists are compact rows: each number says what it is.
        page.goto(f"{live_server.url}/players/{anna.pk}/")
        row = page.locator("table.head-to-head tbody tr").first
        assert row.locator("td").first.bounding_box()["width"] > size[0] * 0.7
        labels = row.locator("td[data-label]").evaluate_all(
            "cells => cells.map(c => getComputedStyle(c, '::before').content)")
        assert labels[0] == ('"Games together "' if language == "en-GB" else '"Партий вместе "')
    finally:
        context.close()


def _date_labels(page):
    return page.locator(".chart.drawn text.date").all_text_contents()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en-GB", "ru"])
def test_chart_tap_shows_then_opens(browser, live_server, players, size, language):
    context = phone(browser, size, language)
    page = context.new_page()
    anna = players[0]
    ratings = list(GameRating.objects.filter(player=anna).order_by("finished_at", "game_id"))
    try:
        url = f"{live_server.url}/players/{anna.pk}/"
        page.goto(url)
        chart = page.locator(".chart.drawn")
        expect(chart).to_be_visible()
        chart.scroll_into_view_if_needed()
        # Drawn in screen pixels: its labels keep their size on a phone.
        box = chart.bounding_box()
        assert box["width"] <= size[0]
        assert page.locator(".chart.drawn text.tick").first.evaluate(
            "t => t.getBoundingClientRect().height") >= 10
        # Three evenings: three dates, none twice.
        labels = _date_labels(page)
        assert len(labels) == 3 and len(set(labels)) == 3, labels
        if language == "ru":
            assert all(re.search("[а-я]", label) for label in labels), labels

        # The first tap shows the point's date and rating and stays on the page.
        tip = page.locator(".chart-tip")
        expect(tip).to_be_hidden()
        last = len(ratings) - 1
        point = page.evaluate(f"""(() => {{
            const dot = document.querySelectorAll('.chart.drawn circle.point')[{last}];
            const r = dot.getBoundingClientRect();
            return {{x: r.x + r.width / 2, y: r.y + r.height / 2}};
        }})()""")
        page.touchscreen.tap(point["x"], point["y"])
        expect(tip).to_be_visible()
        final = ratings[-1]
        text = tip.locator(".chart-tip-text").inner_text()
        assert str(final.after) in text and text.startswith(
            page.locator("table.player-games tbody tr td.when").first.inner_text())
        assert page.url == url
        shoot(page, f"{size[0]}x{size[1]}-{language}-chart-tip", full_page=False)
        # The tip stays inside the screen.
        tip_box = tip.bounding_box()
        assert tip_box["x"] >= 0 and tip_box["x"] + tip_box["width"] <= size[0]

        # A tap on another point shows that one instead.
        first = page.evaluate("""(() => {
            const r = document.querySelector('.chart.drawn circle.point').getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2};
        })()""")
        page.touchscreen.tap(first["x"], first["y"])
        expect(tip.locator(".chart-tip-text")).to_contain_text(f": {ratings[0].after} (")
        assert page.url == url

        # The second tap on the same point opens its game.
        with page.expect_navigation():
            page.touchscreen.tap(first["x"], first["y"])
        assert page.url == f"{live_server.url}/games/{ratings[0].game_id}/"
    finally:
        context.close()


def test_mouse_hover_shows_and_click_opens(page, live_server, players):
    anna = players[0]
    ratings = list(GameRating.objects.filter(player=anna).order_by("finished_at", "game_id"))
    page.goto(f"{live_server.url}/players/{anna.pk}/")
    dot = page.locator(".chart.drawn circle.point").nth(2)
    dot.hover()
    tip = page.locator(".chart-tip")
    expect(tip).to_be_visible()
    expect(tip.locator(".chart-tip-text")).to_contain_text(f": {ratings[2].after} (")
    # The keyboard moves along the points.
    page.locator(".chart.drawn").focus()
    page.keyboard.press("End")
    expect(tip.locator(".chart-tip-text")).to_contain_text(f": {ratings[-1].after} (")
    with page.expect_navigation():
        dot.click()
    assert page.url.endswith(f"/games/{ratings[2].game_id}/")


def test_filter_keeps_the_sort_and_the_sort_keeps_the_filter(page, live_server, players):
    page.goto(live_server.url + "/rankings/?provisional=1")
    with page.expect_navigation():
        page.locator("table.ranking th a", has_text="Games").click()
    assert "sort=-games" in page.url
    page.fill("input[name=name]", "a")
    with page.expect_navigation():
        page.click("form.filters button[type=submit]")
    assert "sort=-games" in page.url and "name=a" in page.url
    expect(page.locator("table.ranking th", has_text="Games")).to_have_attribute(
        "aria-sort", "descending")
    with page.expect_navigation():
        page.locator("table.ranking th a", has_text="Trend").click()
    assert "name=a" in page.url and "sort=-trend" in page.url
    expect(page.locator("input[name=name]")).to_have_value("a")
