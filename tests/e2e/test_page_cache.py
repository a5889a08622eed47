"""Cached public pages in a real browser: a second visitor gets the stored page with a token of
their own (the language switch works), and a reload revalidates with the ETag (304)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_served_from_the_cache_can_switch_language(browser, live_server):
    first = browser.new_context(locale="en-GB")
    first.new_page().goto(live_server.url + "/rankings/")  # renders and stores the page
    first.close()
    second = browser.new_context(locale="en-GB")
    second.set_default_timeout(10_000)
    page = second.new_page()
    answer = page.goto(live_server.url + "/rankings/")
    etag = answer.headers["etag"]
    assert answer.status == 200 and etag
    assert page.locator("h1").inner_text() == "Rankings"
    # A reload asks with If-None-Match; nothing changed, so the server sends no page (Chromium
    # then reports its stored copy as the answer, with status 200).
    again = page.reload()
    assert again.request.all_headers()["if-none-match"] == etag
    assert again.all_headers()["content-length"] == "0"
    assert page.locator("h1").inner_text() == "Rankings"
    with page.expect_navigation():
        page.select_option("#language-select", "ru")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("h1").inner_text() == "Рейтинги"
    second.close()
