import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_switch_to_russian_in_a_real_browser(page, live_server):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Welcome to Triominos Club"
    with page.expect_navigation():
        page.select_option("#language-select", "ru")
    assert page.locator("h1").inner_text() == "Добро пожаловать в Triominos Club"
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("nav.sections").inner_text().split() == [
        "Партии", "Рейтинги", "Турниры", "Клубы"
    ]
