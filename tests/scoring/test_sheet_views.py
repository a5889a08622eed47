"""The score sheet, final scores and attach pages: who may use them, what they say, what they
cost in queries, and that junk gets a message, never a 500."""

import json
import random

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Membership
from scoring.demo import robot_record
from scoring.models import AuditEntry, Game
from scoring.services import Actor, game_start
from scoring.sheets import game_sheet_enter
from tests.factories import ClubFactory, UserFactory, member
from tests.scoring.seats import seated

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    # Live fragments are cached by game id and version; a later test's game may reuse an id.
    yield
    cache.clear()


@pytest.fixture
def club_preset():
    return "club"


def sheet_post(rows, **extra):
    data = {"rows": str(len(rows))}
    for row, points in enumerate(rows):
        for seat, value in enumerate(points):
            data[f"p-{row}-{seat}"] = str(value)
    data.update(extra)
    return data


def test_only_the_clubs_referees_and_organisers_may_enter_results(client, club, game):
    urls = [reverse(f"scoring:game-{name}", args=[game.pk])
            for name in ("sheet", "final", "attach")]
    for url in urls:
        assert client.get(url).status_code == 403
    outsider = UserFactory(username="outsider")
    member(ClubFactory(), Membership.Role.ORGANISER, user=outsider)
    plain = UserFactory(username="plain")
    member(club, Membership.Role.MEMBER, user=plain)
    for user in (outsider, plain):
        client.force_login(user)
        for url in urls:
            assert client.get(url).status_code == 403
        assert client.post(urls[0], sheet_post([[210, 0, 0]])).status_code == 403
    organiser = UserFactory(username="organiser")
    member(club, Membership.Role.ORGANISER, user=organiser)
    client.force_login(organiser)
    assert client.get(urls[0]).status_code == 200
    game.refresh_from_db()
    assert game.status == "playing"


def test_a_referee_enters_a_sheet_and_the_game_page_shows_it(client, referee, game):
    client.force_login(referee)
    response = client.post(reverse("scoring:game-sheet", args=[game.pk]),
                           sheet_post([[80, 60, 30], [130, 20, 5], ["", "", ""]]))
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Entered from a score sheet" in page
    assert "from the score sheet" in page  # each round of the round table
    assert 'id="replay-board"' not in page and 'class="board' not in page
    assert ">210<" in page
    entry = AuditEntry.objects.exclude(action="start").get(game=game)
    assert (entry.action, entry.user) == ("sheet", referee)


def test_a_wrong_sheet_is_refused_in_words_and_the_typing_is_kept(client, referee, game):
    client.force_login(referee)
    url = reverse("scoring:game-sheet", args=[game.pk])
    response = client.post(url, sheet_post([[80, 60, 30], [70, 20, 40]]))
    assert response.status_code == 422
    body = response.content.decode()
    assert "After round 2 nobody has reached 200: the game is not over yet." in body
    assert 'value="70"' in body
    response = client.post(url, sheet_post([[80, "6o", 30]]))
    assert "Round 1, Boris: “6o” is not a whole number." in response.content.decode()
    response = client.post(url, sheet_post([[80, "", 30]]))
    assert "Round 1: enter the points of Boris (0 if nothing)." in response.content.decode()
    response = client.post(url, sheet_post([[150, 140, 0], [60, 70, 0]]))
    assert "say who won that round" in response.content.decode()
    response = client.post(url, sheet_post([[120, 60, 30], [90, 0, 0]], **{"t-1-0": "200"}))
    assert ("Round 2: the total written for Anna is 200, but the points add up to 210."
            in response.content.decode())
    game.refresh_from_db()
    assert (game.status, game.version) == ("playing", 0)
    assert not AuditEntry.objects.filter(game=game).exclude(action="start").exists()


def test_final_scores_page(client, referee, game):
    client.force_login(referee)
    url = reverse("scoring:game-final", args=[game.pk])
    response = client.post(url, {"score-0": "120", "score-1": "150", "score-2": "30"})
    assert response.status_code == 422
    assert "Nobody reached the target of 200" in response.content.decode()
    response = client.post(url, {"score-0": "120", "score-1": "215", "score-2": "−30",
                                 "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    game.refresh_from_db()
    assert (game.entry, game.winner_seats) == ("final", [1])
    assert list(game.seats.order_by("position").values_list("score", flat=True)) == [
        120, 215, -30]
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Only the final scores were entered" in page


def test_attaching_a_record_replaces_the_sheet(client, referee, game):
    game_sheet_enter(game_id=game.pk, rounds=[[210, 0, 0]], actor=Actor(user=referee))
    client.force_login(referee)
    record = robot_record(["Anna", "Boris", "Vera"], "club", random.Random(2))
    upload = SimpleUploadedFile("game.json", json.dumps(record).encode())
    response = client.post(reverse("scoring:game-attach", args=[game.pk]),
                           {"record": upload, "next": "/tournaments/"})
    assert response.status_code == 302 and response["Location"] == "/tournaments/"
    game.refresh_from_db()
    assert (game.entry, game.status) == ("moves", "finished")
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'id="replay-board"' in page
    bad = SimpleUploadedFile("game.json", json.dumps({**record, "rules": "goliath"}).encode())
    game_two = game_start(club=game.club, preset="club", actor=Actor(),
                          players=[s.player for s in game.seats.order_by("position")])
    response = client.post(reverse("scoring:game-attach", args=[game_two.pk]), {"record": bad})
    assert response.status_code == 422
    assert ("other rules than this game&#x27;s (the set of rules: Goliath in the record, "
            "TriOminos.ru club rules here)" in response.content.decode())


@pytest.mark.parametrize("rounds", [1, 6])
def test_query_budgets_do_not_grow_with_rounds(client, referee, game, rounds,
                                               django_assert_max_num_queries):
    sheet = [[10, 5, 0]] * (rounds - 1) + [[250, 0, 0]]
    game_sheet_enter(game_id=game.pk, rounds=sheet, actor=Actor())
    client.force_login(referee)
    budgets = {"scoring:game-detail": 13, "scoring:game-sheet": 9, "scoring:game-final": 8,
               "scoring:game-attach": 7, "scoring:game-live": 6, "scoring:tablet": 8}
    for page, most in budgets.items():
        with django_assert_max_num_queries(most):
            assert client.get(reverse(page, args=[game.pk])).status_code == 200, page


junk = st.one_of(st.none(), st.text(max_size=8), st.integers(-10**7, 10**7).map(str),
                 st.sampled_from(["1e3", "0x10", "１２", "--5", "nan", "٣"]))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(
    st.sampled_from(["rows", "p-0-0", "p-0-1", "p-0-2", "t-0-0", "p-1-0", "p-1-1", "p-1-2",
                     "round_winner", "reached", "score-0", "score-1", "score-2", "next"]),
    junk, max_size=10))
def test_junk_on_the_paper_endpoints_gets_a_message_never_a_500(client, referee, game, data):
    client.force_login(referee)
    form = {k: v for k, v in data.items() if v is not None}
    for name in ("sheet", "final"):
        response = client.post(reverse(f"scoring:game-{name}", args=[game.pk]), form)
        assert response.status_code in (302, 422), response.status_code
        if response.status_code == 422:
            assert 'class="message error"' in response.content.decode()
    upload = SimpleUploadedFile("r.json", json.dumps(data).encode())
    response = client.post(reverse("scoring:game-attach", args=[game.pk]), {"record": upload})
    assert response.status_code == 422
    game.refresh_from_db()
    if game.status == "finished":  # junk that happened to be a valid sheet: a real result
        assert AuditEntry.objects.filter(game=game).exists()
        Game.objects.filter(pk=game.pk).update(status="playing", entry="moves")


def test_a_new_game_can_start_straight_on_the_score_sheet(client, referee, club):
    players = [member(club, name=n) for n in ("P1", "P2")]
    client.force_login(referee)
    page = client.get(reverse("scoring:game-new") + "?recording=sheet").content.decode()
    assert 'value="sheet" id="id_recording_1" checked' in page or (
        'value="sheet"' in page and "checked" in page)
    for recording, name in (("sheet", "game-sheet"), ("final", "game-final")):
        response = client.post(reverse("scoring:game-new"), {
            "club": club.pk, "preset": "club", "recording": recording,
            **seated(*players)})
        game = Game.objects.order_by("-pk").first()
        assert response["Location"] == reverse(f"scoring:{name}", args=[game.pk])


def test_the_sheet_speaks_russian(client, referee, game):
    client.force_login(referee)
    url = reverse("scoring:game-sheet", args=[game.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Бланк счёта" in page and "Сохранить бланк" in page
    response = client.post(url, sheet_post([[80, 60, 30]]), HTTP_ACCEPT_LANGUAGE="ru")
    assert ("После раунда 1 ни у кого нет 200 очков: партия ещё не окончена."
            in response.content.decode())


@pytest.mark.parametrize("payload", [
    b"[1, 2]", b"\xff\xfe", b"not json", b'{"format": "triominos-record/1"}',
    json.dumps({"format": "triominos-record/1", "rules": "club", "players": ["Anna", "Boris",
                "Vera"], "rounds": [{"moves": [{"player": "Zed", "at": [0, 0],
                                                "corners": [1, 1, 1]}]}]}).encode(),
    json.dumps({"format": "triominos-record/1", "rules": {"preset": "club", "target": "x"},
                "players": ["Anna", "Boris", "Vera"], "rounds": []}).encode(),
    json.dumps({"format": "triominos-record/1", "rules": "club", "players": [1, 2, 3],
                "rounds": []}).encode(),
])
def test_junk_records_get_a_message(client, referee, game, payload):
    client.force_login(referee)
    upload = SimpleUploadedFile("r.json", payload)
    response = client.post(reverse("scoring:game-attach", args=[game.pk]), {"record": upload})
    assert response.status_code == 422
    body = response.content.decode()
    assert 'class="message error"' in body or 'class="errorlist"' in body
    game.refresh_from_db()
    assert (game.version, game.entry) == (0, "moves")
    assert not AuditEntry.objects.filter(game=game).exclude(action="start").exists()


# -- results a legal game can give (issue 21) ---------------------------------------------------


def test_impossible_paper_results_are_refused_in_words_and_write_nothing(client, referee, game):
    client.force_login(referee)
    names = [s.player.display_name for s in game.seats.order_by("position")]
    version = Game.objects.get(pk=game.pk).version
    final = reverse("scoring:game-final", args=[game.pk])
    response = client.post(final, {"score-0": "10000", "score-1": "0", "score-2": "0"})
    assert response.status_code == 422
    assert (f"{names[0]}: a final score of 10000 is more than this game can give (at most "
            "2264).") in response.content.decode()
    response = client.post(final, {"score-0": "200", "score-1": "-10000", "score-2": "0"})
    assert response.status_code == 422
    body = response.content.decode()
    assert "If it is right, enter how many rounds were played." in body
    assert 'name="rounds"' in body
    sheet = reverse("scoring:game-sheet", args=[game.pk])
    response = client.post(sheet, sheet_post([[120, 40, 60], [2100, 20, 10]]))
    assert response.status_code == 422
    assert (f"Round 2, {names[0]}: 2100 is more than one round can give under these rules "
            "with 3 players (at most 2065).") in response.content.decode()
    response = client.post(sheet, sheet_post([[120, 40, 60], [2100, 20, 10]]),
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert "больше, чем может дать один раунд" in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == version
    # The number of rounds, when known, makes a low score possible.
    response = client.post(final, {"score-0": "200", "score-1": "-10000", "score-2": "0",
                                   "rounds": "7"})
    assert response.status_code == 302
    assert AuditEntry.objects.get(game=game, action="final").after["rounds"] == 7


@pytest.mark.parametrize(("tiles", "accepted"), [({}, False), ({"max_number": 6}, True),
                                                  ({"mirror_tiles": True}, True)])
def test_a_sheet_is_checked_against_its_own_tile_set(client, referee, club, tiles, accepted):
    """2100 in one round is more than the 56 tiles can give 3 players (2065), not the 76 or 84;
    the entry pages say which set the game was played with."""
    players = [member(club, name=name) for name in ("Anna", "Boris", "Vera")]
    game = game_start(club=club, players=players, preset="club", overrides=tiles, actor=Actor())
    client.force_login(referee)
    sheet = reverse("scoring:game-sheet", args=[game.pk])
    page = client.get(sheet).content.decode()
    named = {6: "Played with 84 tiles, numbers 0 to 6.",
             5: "Played with 76 tiles, numbers 0 to 5 with mirror tiles."}
    if tiles:
        assert named[tiles.get("max_number", 5)] in page
    else:
        assert 'id="tile-set"' not in page
    response = client.post(sheet, sheet_post([[120, 40, 60], [2100, 20, 10]]))
    assert response.status_code == (302 if accepted else 422)
    game.refresh_from_db()
    assert game.status == ("finished" if accepted else "playing")
    if accepted:
        assert list(game.seats.order_by("position").values_list("score", flat=True)) == [
            2220, 60, 70]
