"""The widgets: framed by any site, in both languages, sized and themed by their parameters,
and the live scoreboard answering its own polls."""

import re

import pytest

from scoring.services import Actor, turn_undo

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def widgets(world) -> list[str]:
    return [
        f"/embed/clubs/{world.club.slug}/top/",
        f"/embed/games/{world.live_game.pk}/",
        f"/embed/tournaments/{world.tournament.slug}/standings/",
        f"/embed/tournaments/{world.tournament.slug}/pairings/",
    ]


def test_widgets_may_be_framed_and_the_site_may_not(client, world):
    for path in widgets(world):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "X-Frame-Options" not in response, path
    assert client.get("/rankings/")["X-Frame-Options"] == "DENY"
    assert client.get(f"/games/{world.live_game.pk}/")["X-Frame-Options"] == "DENY"


def test_widgets_have_no_inline_script_or_style(client, world):
    for path in [*widgets(world), "/api/v1/docs/"]:
        body = client.get(path).content.decode()
        assert "<style" not in body and " style=" not in body, path
        for tag in re.findall(r"<script[^>]*>", body):
            assert " src=" in tag, (path, tag)
        assert not re.search(r"<[^>]+\son[a-z]+=", body), path  # no onclick= and the like


def test_the_club_top_in_both_languages_sized_and_themed(client, world):
    english = client.get(f"/embed/clubs/{world.club.slug}/top/", {"n": 3, "lang": "en"})
    body = text(english)
    assert f"Best players of {world.club.name}" in body
    assert body.count("data-player=") == 3
    assert '<body class="embed theme-light">' in body and '<html lang="en">' in body
    ranks = re.findall(r'<tr data-player="\d+"> <td class="num">(\d+)</td>', body)
    assert ranks == ["1", "2", "3"]
    russian = text(client.get(f"/embed/clubs/{world.club.slug}/top/",
                              {"n": 5, "lang": "ru", "theme": "dark"}))
    assert f"Лучшие игроки клуба «{world.club.name}»" in russian
    assert "<th class=\"num\">Место</th>" in russian and "Рейтинг" in russian
    assert russian.count("data-player=") == 5
    assert '<body class="embed theme-dark">' in russian and '<html lang="ru">' in russian


def test_bad_parameters_are_refused_in_words(client, world):
    path = f"/embed/clubs/{world.club.slug}/top/"
    response = client.get(path, {"n": "0", "theme": "pink"})
    assert response.status_code == 400
    body = text(response)
    # The parameter as the address has it ("n", issue 24), with what it means.
    assert "n (rows): Ensure this value is greater than or equal to 1." in body
    assert "theme: Select a valid choice. pink is not one of the available choices." in body
    too_many = text(client.get(path, {"n": "99"}))
    assert "n (rows): Ensure this value is less than or equal to 50." in too_many
    russian = client.get(path, {"n": "many", "lang": "xx"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert russian.status_code == 400 and "n (строки): Введите целое число." in text(russian)
    assert "lang (язык): " in text(russian)
    assert client.get("/embed/clubs/no-such-club/top/").status_code == 404


def test_the_live_scoreboard_answers_its_own_polls(client, world,
                                                  django_capture_on_commit_callbacks):
    game = world.live_game
    page = text(client.get(f"/embed/games/{game.pk}/", {"lang": "ru"}))
    scores = [s.score for s in game.seats.order_by("position")]
    assert [int(x) for x in re.findall(r'class="num score">(-?\d+)<', page)] == scores
    assert "<th>Игрок</th>" in page and '<span class="badge status-playing">идёт</span>' in page
    poll = f"/embed/games/{game.pk}/?v={game.version}&amp;lang=ru&amp;n=10"
    assert (f'data-push="game.{game.pk}" data-push-version="{game.version}" '
            f'data-push-url="{poll}" data-poll="3"') in page
    assert client.get(f"/embed/games/{game.pk}/", {"v": game.version}).status_code == 204
    again = client.get(f"/embed/games/{game.pk}/", {"lang": "ru"})  # from the cache now
    assert text(again) == page and again["Content-Language"] == "ru"
    assert "frame-ancestors * http: https:" in again["Content-Security-Policy"]
    assert not again.has_header("X-Frame-Options")  # still frameable by a club's site
    with django_capture_on_commit_callbacks(execute=True):
        turn_undo(game_id=game.pk, expected_version=game.version, actor=Actor())
    game.refresh_from_db()
    fresh = client.get(f"/embed/games/{game.pk}/", {"v": game.version - 1, "lang": "en"})
    assert fresh.status_code == 200
    part = text(fresh)
    assert part.startswith('<section id="widget" class="widget live-game"')
    assert "<html" not in part
    assert f'data-version="{game.version}"' in part
    finished = text(client.get(f"/embed/games/{world.finished_game.pk}/"))
    assert "data-push=" not in finished and "data-poll" not in finished
    assert "finished" in finished


def test_tournament_standings_and_pairings(client, world):
    slug = world.tournament.slug
    standings = text(client.get(f"/embed/tournaments/{slug}/standings/", {"n": 4}))
    assert standings.count("data-player=") == 4
    assert (f'data-push="tournament.{world.tournament.pk}" '
            'data-push-url="?part=1&amp;lang=en&amp;n=4" data-poll="30"') in standings
    api = client.get(f"/api/v1/tournaments/{slug}/standings/").json()["lines"][:4]
    names = re.findall(r'<td class="num">\d+</td> <td>([^<]+)</td>', standings)
    assert names == [line["name"] for line in api]
    pairings = text(client.get(f"/embed/tournaments/{slug}/pairings/", {"round": 1,
                                                                         "lang": "ru"}))
    assert f"{world.tournament.name}: тур 1" in pairings and "Стол 1" in pairings
    tables = client.get(f"/api/v1/tournaments/{slug}/rounds/1/").json()["tables"]
    assert pairings.count('data-table="') == len(tables)
    latest = text(client.get(f"/embed/tournaments/{slug}/pairings/"))
    assert f"{world.tournament.name}: round 3" in latest  # the knockout round, published last
    part = client.get(f"/embed/tournaments/{slug}/pairings/", {"part": 1})
    assert part.content.decode().startswith('<section id="widget" class="widget pairings"')
    assert client.get(f"/embed/tournaments/{slug}/pairings/", {"round": 9}).status_code == 404
    other = world.unpublished.tournament.slug
    assert "No round has been published yet." in text(
        client.get(f"/embed/tournaments/{other}/pairings/"))


def test_widgets_may_be_framed_by_any_site_and_keep_the_rest_of_the_policy(client, world):
    slug = world.tournament.slug
    widget = client.get(f"/embed/tournaments/{slug}/standings/")
    policy = widget["Content-Security-Policy"]
    assert "frame-ancestors * http: https:" in policy and "'unsafe-inline'" not in policy
    assert not widget.has_header("X-Frame-Options")
    page = client.get(f"/tournaments/{slug}/")
    assert "frame-ancestors 'self'" in page["Content-Security-Policy"]
    assert page["X-Frame-Options"] == "DENY"
