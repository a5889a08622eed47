"""No choice is cut off: every option of every drop-down on the create forms and the filters
fits its box, in every language, at tablet, phone and small-phone width. Choices that take words
(rules, tournament points, left-over players, the pool) are radio buttons, whose text wraps;
what stays a drop-down has labels short enough to fit."""

import pytest

from clubs.models import Membership
from tests.e2e.session import log_in
from tests.factories import ClubFactory, UserFactory, member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ("/games/new/", "/tournaments/new/", "/games/", "/rankings/")

# Each option's text measured in the select's own font, against the room the box leaves for it
# (its width less the padding and the arrow).
CUT_OFF = """() => {
  const pen = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const box of document.querySelectorAll("select")) {
    if (!box.offsetParent) continue;
    const style = getComputedStyle(box);
    pen.font = style.font;
    const room = box.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 20;
    for (const option of box.options) {
      const width = pen.measureText(option.text).width;
      const says = `${box.name}: ${option.text} (${Math.ceil(width)} > ${Math.floor(room)})`;
      if (width > room) cut.push(says);
    }
  }
  return cut;
}"""


@pytest.fixture
def organiser():
    club = ClubFactory(name="Moscow Triominos")
    member(club, Membership.Role.ORGANISER, user=UserFactory(username="fit-org"), name="Olga")
    return club


@pytest.mark.parametrize("language", ["en", "ru", "de"])
def test_no_option_text_is_cut_off_at_any_width(browser, live_server, organiser, language):
    context = browser.new_context(locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    try:
        log_in(page, live_server, "fit-org")
        cut = []
        for width, height in ((1024, 768), (390, 844), (320, 568)):
            page.set_viewport_size({"width": width, "height": height})
            for path in PAGES:
                page.goto(live_server.url + path)
                cut += [f"{width}px {path} {text}" for text in page.evaluate(CUT_OFF)]
        assert cut == [], "\n".join(cut)
    finally:
        context.close()


def test_the_words_of_a_choice_are_radio_buttons(browser, live_server, organiser):
    page = browser.new_page()
    log_in(page, live_server, "fit-org")
    page.goto(live_server.url + "/tournaments/new/")
    for name in ("preset", "points_scheme", "remainder"):
        assert page.locator(f"input[type=radio][name={name}]").count() >= 2, name
    page.goto(live_server.url + "/games/new/")
    for name in ("preset", "pool"):
        assert page.locator(f"input[type=radio][name={name}]").count() >= 2, name
    page.close()
