"""The pages: what they show, the organiser's flow through them, and fixed query budgets."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs import data_version
from clubs.permissions import SITE
from scoring.models import Game
from tournaments import services
from tournaments.models import Tournament, TournamentRound

from .play import field, organised_club, play_round, run_round, tournament_with

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# -- what the pages show ----------------------------------------------------------------------


def test_find_my_table_works_without_javascript(client, tournament):
    rnd = run_round(tournament)
    table = rnd.tables.get(number=3)
    name = tournament.registrations.get(player_id=table.player_ids[2]).player.display_name
    response = client.get(url("round", tournament, 1), {"q": name.lower()})
    assert response.status_code == 200
    body = text(response)
    assert body.count('class="card table-card"') == 1
    assert 'data-table="3"' in body and f'<li class="found">{name}' in body
    assert f'href="/games/{table.game_id}/"' in body  # the table's game
    response = client.get(url("round", tournament, 1), {"q": "Nobody"})
    assert "Nobody called “Nobody” plays in this round." in text(response)
    # htmx asks for the list alone.
    partial = client.get(url("round", tournament, 1), {"q": name}, HTTP_HX_REQUEST="true")
    assert "<html" not in partial.content.decode() and 'data-table="3"' in partial.content.decode()


def test_standings_page_is_a_table_in_the_tie_break_order(client, tournament):
    run_round(tournament)
    body = text(client.get(url("standings", tournament)))
    body, crosstable = body.split('id="crosstable"')  # the round-by-round table comes after
    assert crosstable.count('data-cross-player="') == 16
    headers = re.findall(r'<th(?: [^>]*)?>\s*(?:<abbr title="([^"]+)">|<a[^>]*>)?([^<]+)', body)
    assert [(title, h.strip()) for title, h in headers] == [
        ("", "Rank"), ("", "Player"), ("", "Games"), ("", "Points"),
        # Tie-breaks by their short names, spelt out in the title and in the legend.
        ("Direct encounter", "DE"), ("Buchholz cut 1", "BH-C1"), ("Buchholz", "BH"),
        ("Sonneborn–Berger", "SB"), ("Game points", "GP"), ("Rating", "Rtg")]
    assert body.count('data-player="') == 16
    assert ('<span><abbr title="Buchholz cut 1">BH-C1</abbr> Buchholz cut 1</span>&nbsp;· '
            '<span><abbr title="Buchholz">BH</abbr> Buchholz</span>') in body
    russian = text(client.get(url("standings", tournament), HTTP_ACCEPT_LANGUAGE="ru"))
    assert '<abbr title="Зонненборн — Бергер">ЗБ</abbr>' in russian
    assert '<abbr title="Sonneborn-Berger">SB</abbr> Sonneborn-Berger' in text(
        client.get(url("standings", tournament), HTTP_ACCEPT_LANGUAGE="de"))


def test_the_draft_page_explains_the_flags_in_words(client, organiser, club):
    tournament = tournament_with(club, field(club, 9), table_size=2)
    services.round_generate(tournament=tournament, actor=SITE)
    client.force_login(organiser)
    body = text(client.get(url("manage-round", tournament, 1)))
    assert re.search(r"P\d\d sits out this round \(a bye\): an odd number of players\.", body)
    assert "Publish the round" in body


def test_organiser_runs_a_round_through_the_pages(client, organiser, club):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:new"), {
        "club": club.pk, "name": "Autumn Cup", "starts_on": "2026-10-03", "preset": "club",
        "rounds_per_game": 1, "table_size": 4, "format": "swiss", "rounds": 3,
        "points_scheme": "placing", "remainder": "smaller_tables", "knockout_size": 0,
        "tiebreak_1": "buchholz", "tiebreak_2": "game-points"})
    tournament = Tournament.objects.get(name="Autumn Cup")
    assert response.url == url("manage", tournament)
    assert tournament.tiebreaks == ["points", "buchholz", "game-points"]
    client.post(url("open", tournament))
    for p in field(club, 7):
        client.post(url("register", tournament), {"player": p.pk, "checked_in": ""})
    client.post(url("register", tournament), {"display_name": "Walk-in", "checked_in": "on"})
    regs = list(tournament.registrations.order_by("pk"))
    assert [r.checked_in for r in regs] == [False] * 7 + [True]
    for r in regs[:7]:  # tap to check in: htmx swaps the row
        response = client.post(url("check-in", tournament, r.pk), {"checked_in": "1"},
                               HTTP_HX_REQUEST="true")
        assert 'aria-pressed="true"' in response.content.decode()
    response = client.post(url("generate", tournament))
    assert response.url == url("manage-round", tournament, 1)
    rnd = tournament.rounds.get()
    a, b = rnd.tables.get(number=1).player_ids[0], rnd.tables.get(number=2).player_ids[0]
    response = client.post(url("swap", tournament, 1), {"first": a, "second": b}, follow=True)
    assert "The players were swapped." in text(response)
    assert rnd.tables.get(number=1).player_ids[0] == b
    response = client.post(url("publish", tournament, 1), follow=True)
    assert "The round is published" in text(response)
    assert Game.objects.filter(tournament_table__round=rnd).count() == 2
    printed = client.get(url("print", tournament, 1))
    assert printed.content.decode().count("<svg") == 2  # one QR code per table link
    response = client.post(url("complete", tournament, 1), follow=True)
    assert "2 games are still being played." in text(response)
    play_round(TournamentRound.objects.get(pk=rnd.pk))
    response = client.post(url("complete", tournament, 1), follow=True)
    assert "The round is complete." in text(response)
    # Finishing asks first, saying what it does; only the ticked box finishes.
    asked = text(client.get(url("finish", tournament)))
    assert "Swiss rounds 2 and 3 will not be played." in asked
    response = client.post(url("finish", tournament))
    assert response.status_code == 400
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING
    response = client.post(url("finish", tournament), {"confirm": "on"}, follow=True)
    assert "The tournament is finished." in text(response)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.winner_id


def test_the_pages_of_a_round_in_play_follow_the_tournament_and_its_games(client, organiser,
                                                                          tournament):
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    games = [t.game_id for t in rnd.tables.filter(bye=False).order_by("number")]
    topics = " ".join([f"tournament.{tournament.pk}", *(f"game.{game}" for game in games)])
    assert f'id="pairings" data-push-part data-push="{topics}" data-poll="30"' in text(
        client.get(url("round", tournament, 1)))
    assert (f'id="standings" data-push-part data-push="tournament.{tournament.pk}" '
            'data-poll="20"') in text(client.get(url("standings", tournament)))
    assert f'data-push="tournament.{tournament.pk}"' in text(client.get(url("detail", tournament)))
    client.force_login(organiser)
    page = text(client.get(url("manage-round", tournament, 1)))
    assert f'id="round-games" data-push-part data-push="{topics}" data-poll="30"' in page
    play_round(rnd)  # every game over (the round not yet completed): no game to follow
    assert (f'id="round-games" data-push-part data-push="tournament.{tournament.pk}" '
            'data-poll="30"') in text(client.get(url("manage-round", tournament, 1)))


def test_progress_partial_polls_until_the_task_paired_the_round(client, organiser, club,
                                                                django_capture_on_commit_callbacks):
    tournament = tournament_with(club, field(club, services.SYNC_LIMIT + 4))
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(url("generate", tournament))
    body = text(client.get(url("manage-round", tournament, 1)))
    assert 'data-poll="2"' in body and "is being paired" in body
    assert f'data-push="tournament.{tournament.pk}"' in body  # and told of each step pushed
    for callback in callbacks:  # the pairing task, and the nudge to the pages
        callback()
    response = client.get(url("progress", tournament, 1))
    assert response["HX-Refresh"] == "true"


# -- query budgets -----------------------------------------------------------------------------


def _queries(client, path) -> int:
    # Cold, as after another process's write: the data versions are read again and no page is
    # served from the cache. Otherwise the count would hang on whether the versions read by
    # the previous page were under a second old, which a busy machine decides.
    data_version.forget()
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(path).status_code == 200, path
    return len(ctx.captured_queries)


def _day(username, players):
    """Round 1 played, round 2 published, a knockout of the top half to come."""
    club, user = organised_club(username)
    tournament = tournament_with(club, field(club, players), knockout_size=players // 2,
                                 table_size=2)
    run_round(tournament, seed=1)
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=rnd, actor=SITE)
    return tournament, user


# Logged in as the organiser: 3 of these are the session, the user and the club role.
PAGES = {"detail": 8, "round": 8, "standings": 8, "bracket": 8, "manage-round": 8,
         "manage": 9, "print": 8}


def test_query_budgets_do_not_grow_with_the_tables(client, django_assert_max_num_queries):
    days = [_day("small", 8), _day("large", 24)]
    counts = {}
    for tournament, user in days:
        client.force_login(user)
        for page, budget in PAGES.items():
            args = (2,) if page in ("round", "manage-round", "print") else ()
            with django_assert_max_num_queries(budget):
                counts.setdefault(page, []).append(_queries(client, url(page, tournament, *args)))
    # Into the knockout: the bracket, the results and the list keep their budgets too, for
    # the public (a logged-in organiser of another club would cost one more query, asking
    # whether a permission was granted for every club: clubs/backends.py).
    client.logout()
    for tournament, _user in days:
        play_round(tournament.rounds.get(number=2))
        services.knockout_start(tournament=tournament, early=True, actor=SITE)
        rnd = tournament.rounds.get(number=3)
        services.round_publish(tournament_round=rnd, actor=SITE)
        play_round(TournamentRound.objects.get(pk=rnd.pk))
        for name, path in (("ko-bracket", url("bracket", tournament)),
                           ("ko-standings", url("standings", tournament)),
                           ("results", url("results", tournament)),
                           ("list", reverse("tournaments:list"))):
            with django_assert_max_num_queries(10):
                counts.setdefault(name, []).append(_queries(client, path))
    assert all(small == large for small, large in counts.values()), counts
