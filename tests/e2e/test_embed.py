"""A club's site frames the live scoreboard; the scoreboard follows the game by itself."""

import random

import pytest

from clubs.models import Club, Player
from scoring.demo import robot_record
from scoring.records import game_import
from scoring.services import Actor, turn_undo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_framed_scoreboard_follows_the_game(page, live_server):
    club = Club.objects.create(name="Framed", slug="framed", default_preset="pressman")
    names = [Player.objects.create(display_name=f"Spieler {i}", home_club=club).display_name
             for i in range(3)]
    record = robot_record(names, "pressman", random.Random(4), rounds=1, extra_turns=6)
    game = game_import(club=club, record=record, actor=Actor())
    url = f"{live_server.url}/embed/games/{game.pk}/?lang=ru&theme=dark"
    # The club's page is another origin: 127.0.0.1 rather than localhost (both on this machine,
    # so the browser's local-network checks let the frame through). A static file of ours is a
    # page without a policy of its own; the club's markup is written into it.
    club_site = live_server.url.replace("localhost", "127.0.0.1") + "/static/css/embed.css"
    page.goto(club_site)
    page.set_content(f'<iframe id="board" src="{url}" width="400" height="300"></iframe>')
    frame = page.frame_locator("#board")
    widget = frame.locator("section.live-game")
    widget.wait_for()
    assert widget.get_attribute("data-version") == str(game.version)
    assert frame.locator("th").first.inner_text() == "Игрок"
    assert "theme-dark" in frame.locator("body").get_attribute("class")
    turn_undo(game_id=game.pk, expected_version=game.version, actor=Actor())
    game.refresh_from_db()
    # No reload: the widget's own script asks again every 3 s and swaps the new scoreboard in.
    frame.locator(f'section.live-game[data-version="{game.version}"]').wait_for(timeout=10_000)
    scores = [s.score for s in game.seats.order_by("position")]
    shown = frame.locator("td.score").all_inner_texts()
    assert [int(x) for x in shown] == scores
