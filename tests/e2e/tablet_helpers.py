"""Shared steps for the tablet's browser tests."""

from playwright.sync_api import Error

from scoring.services import Actor, game_start, turn_record
from tests.factories import ClubFactory, member

CONTROLS = {
    "place": "#place-button", "rotate": "#rotate-button", "draw+": "#draw-plus",
    "draw-": "#draw-minus", "pass": "#pass-button", "undo": "#undo-button",
}
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor")


def new_game(players=3, preset="pressman", **overrides):
    club = ClubFactory(default_preset=preset)
    seated = [member(club, name=n) for n in NAMES[:players]]
    return game_start(club=club, players=seated, preset=preset, overrides=overrides or None,
                      actor=Actor())


def first_seat_opens(game):
    """The first seat opens with 4-4-4 in the middle, recorded as the tablet would."""
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=Actor())


def tablet_url(live_server, game) -> str:
    return f"{live_server.url}/games/t/{game.table_token}/"


def controls(page) -> dict:
    """Which controls are enabled (True), disabled (False) or absent/hidden (None)."""
    return page.evaluate("""(controls) => Object.fromEntries(Object.entries(controls).map(
        ([name, sel]) => { const n = document.querySelector(sel);
          return [name, !n || n.closest('[hidden]') ? null : !n.disabled]; }))""", CONTROLS)


def score(page, seat):
    return page.locator(f'.scoreboard tr[data-seat="{seat}"] .score')


def pass_turn(page):
    """The one pass control, then Yes to its question: the pass with the draws it needs."""
    page.click("#pass-button")
    page.click("#pass-yes")


def scroll_to(locator, tries=5):
    """Scroll a control into view. The tablet redraws its queue box when an answer or a nudge
    arrives, which can detach the node found a moment before; the next try finds the new one."""
    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed()
            return
        except Error:
            if attempt == tries - 1:
                raise
