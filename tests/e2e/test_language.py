import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("lang", "welcome", "sections"), [
    ("ru", "Добро пожаловать в Triominos Club", ["Партии", "Рейтинги", "Турниры", "Клубы"]),
    ("de", "Willkommen bei Triominos Club", ["Partien", "Ranglisten", "Turniere", "Vereine"]),
])
def test_switch_language_in_a_real_browser(page, live_server, lang, welcome, sections):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Welcome to Triominos Club"
    assert [o.get_attribute("value") for o in page.locator("#language-select option").all()] == [
        "en", "ru", "de"]
    with page.expect_navigation():
        page.select_option("#language-select", lang)
    assert page.locator("h1").inner_text() == welcome
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("nav.sections").inner_text().split() == sections
