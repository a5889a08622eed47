"""One check for an organiser's page at any size: nothing wider than the screen, and no
button, heading, label or badge whose text is cut inside its own box. Screenshots go to
$TOURNAMENT_SHOTS when it is set."""

import os
from pathlib import Path

SHOTS = os.environ.get("TOURNAMENT_SHOTS")
WHOLE = ("main button, main .button, main h1, main h2, main .badge, main .seat-pick, "
         "main label, main legend")


def fits(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name.replace(' ', '-')}.png", full_page=True)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    cut = page.evaluate("""(selectors) => [...document.querySelectorAll(selectors)]
      .filter(el => el.offsetParent && el.scrollWidth > el.clientWidth + 1)
      .map(el => el.innerText)""", WHOLE)
    assert cut == [], f"{name}: {cut}"
