"""Reopening a finished game: an organiser's action with a reason; tournaments keep up."""

import html

import pytest
from django.urls import reverse

from clubs.models import Membership
from clubs.permissions import SITE
from ratings.models import GameRating
from scoring.messages import RESULT_CLOSED
from scoring.models import AuditEntry, Game, Seat
from scoring.replay import ResultClosed
from scoring.services import Actor, ReopenRefused, game_reopen, round_end
from tests.factories import ClubFactory, UserFactory, member
from tests.tournaments.play import organised_club, play_round, run_round, tournament_with
from tournaments import services as tournaments
from tournaments.models import TournamentAuditEntry, TournamentRound

from .helpers import finished_game, playing_game

pytestmark = pytest.mark.django_db


def _people(club):
    organiser, referee = UserFactory(username="org"), UserFactory(username="ref")
    member(club, Membership.Role.ORGANISER, user=organiser)
    member(club, Membership.Role.REFEREE, user=referee)
    return organiser, referee


def _hands_back(entry) -> dict:
    return {hand["seat"]: hand["tiles"] for hand in entry.before["hands"]}


def _scores(game):
    return list(Seat.objects.filter(game=game).order_by("position")
                .values_list("score", flat=True))


def test_an_organiser_reopens_with_a_reason_and_the_game_can_finish_again(
        client, django_capture_on_commit_callbacks):
    club = ClubFactory()
    organiser, _referee = _people(club)
    with django_capture_on_commit_callbacks(execute=True):
        game = finished_game(club)
    final = _scores(game)
    assert GameRating.objects.filter(game=game).count() == 2
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("scoring:game-reopen", args=[game.pk]),
                               {"reason": "Boris's hand was counted twice"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.phase, game.finished_at) == (Game.Status.PLAYING, "hands", None)
    assert not GameRating.objects.filter(game=game).exists()  # unrated until it ends again
    entry = AuditEntry.objects.get(game=game, action="reopen")
    assert (entry.user, entry.reason) == (organiser, "Boris's hand was counted twice")
    assert entry.before["status"] == "finished" and entry.before["scores"] == final
    assert entry.after["status"] == "playing"
    # The table link records again while the game is played.
    with django_capture_on_commit_callbacks(execute=True):
        round_end(game_id=game.pk, hands=_hands_back(entry), expected_version=None,
                  actor=Actor(via_link=True, link_game_id=game.pk))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and _scores(game) == final
    assert GameRating.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("who", ["anonymous", "referee", "other-organiser"])
def test_only_an_organiser_of_the_club_reopens(client, who):
    club = ClubFactory()
    _organiser, referee = _people(club)
    game = finished_game(club)
    if who == "referee":
        client.force_login(referee)
    elif who == "other-organiser":
        stranger = UserFactory(username="stranger")
        member(ClubFactory(), Membership.Role.ORGANISER, user=stranger)
        client.force_login(stranger)
    entries = AuditEntry.objects.count()
    response = client.post(reverse("scoring:game-reopen", args=[game.pk]), {"reason": "x"})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and AuditEntry.objects.count() == entries


def test_a_reason_is_needed_and_only_finished_games_reopen(client):
    club = ClubFactory()
    organiser, _referee = _people(club)
    game = finished_game(club)
    client.force_login(organiser)
    response = client.post(reverse("scoring:game-reopen", args=[game.pk]), {"reason": "  "})
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    with pytest.raises(ReopenRefused) as refused:
        game_reopen(game_id=game.pk, actor=Actor(user=organiser), reason="")
    assert refused.value.code == "reason-missing"
    live = playing_game(club, names=("Vera", "Gleb"))
    response = client.post(reverse("scoring:game-reopen", args=[live.pk]), {"reason": "why"})
    assert response.status_code == 409
    assert "Only a finished game can be reopened." in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not AuditEntry.objects.filter(action="reopen").exists()


def test_the_game_page_offers_reopening_to_organisers_only(client):
    club = ClubFactory()
    organiser, referee = _people(club)
    game = finished_game(club)
    url = reverse("scoring:game-detail", args=[game.pk])
    client.force_login(referee)
    assert "scoring:game-reopen" not in client.get(url).content.decode()
    assert reverse("scoring:game-reopen", args=[game.pk]) not in client.get(url).content.decode()
    client.force_login(organiser)
    assert reverse("scoring:game-reopen", args=[game.pk]) in client.get(url).content.decode()


# -- tournament games ---------------------------------------------------------------------------


@pytest.fixture
def tournament():
    club, organiser = organised_club()
    players = [member(club, name=f"P{i}") for i in range(8)]
    tournament = tournament_with(club, players, rounds=3)
    return tournament, organiser


def _standings(tournament):
    from tournaments import selectors

    return [(line.player_id, line.points) for line in selectors.standings(tournament).lines]


def test_an_old_link_cannot_reopen_a_tournament_game(client, tournament):
    tournament, _organiser = tournament
    rnd = run_round(tournament)
    assert rnd.status == TournamentRound.Status.COMPLETE
    game = rnd.tables.filter(bye=False).first().game
    standings = _standings(tournament)
    response = client.post(reverse("scoring:link-undo", args=[game.table_token]),
                           {"version": game.version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    rnd.refresh_from_db()
    game.refresh_from_db()
    assert rnd.status == TournamentRound.Status.COMPLETE and game.status == Game.Status.FINISHED
    assert _standings(tournament) == standings


def test_reopening_a_game_of_the_last_round_opens_the_round_again(
        tournament, django_capture_on_commit_callbacks):
    tournament, organiser = tournament
    rnd = run_round(tournament)
    game = rnd.tables.filter(bye=False).first().game
    seated = set(game.seats.values_list("player_id", flat=True))
    standings = dict(_standings(tournament))
    # The round is complete, so the game's result is closed: the organiser opens it first.
    with pytest.raises(ResultClosed):
        game_reopen(game_id=game.pk, actor=Actor(user=organiser), reason="wrong hand")
    tournaments.table_result_reopen(table=game.tournament_table, reason="wrong hand",
                                    actor=Actor(user=organiser))
    with django_capture_on_commit_callbacks(execute=True):
        game_reopen(game_id=game.pk, actor=Actor(user=organiser), reason="wrong hand")
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED and rnd.completed_at is None
    # The standings count the game as unplayed while it is played again; the others keep theirs.
    reopened = dict(_standings(tournament))
    assert {p: reopened[p] for p in standings if p not in seated} == \
        {p: points for p, points in standings.items() if p not in seated}
    assert all(reopened[p] == 0 for p in seated)
    assert TournamentAuditEntry.objects.filter(action="round-reopen",
                                               round_number=rnd.number).exists()
    # No next round while the game is played again.
    with pytest.raises(tournaments.Refused) as refused:
        tournaments.round_generate(tournament=tournament, actor=SITE)
    assert refused.value.code == "round-in-progress"
    entry = AuditEntry.objects.get(game=game, action="reopen")
    with django_capture_on_commit_callbacks(execute=True):
        round_end(game_id=game.pk, hands=_hands_back(entry), expected_version=None,
                  actor=Actor(user=organiser))
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.COMPLETE
    assert dict(_standings(tournament)) == standings


def test_a_closed_result_is_not_reopened_from_the_game_page(client, tournament):
    tournament, organiser = tournament
    first = run_round(tournament)
    tournaments.round_generate(tournament=tournament, actor=SITE)
    game = first.tables.filter(bye=False).first().game
    version = game.version
    client.force_login(organiser)
    response = client.post(reverse("scoring:game-reopen", args=[game.pk]), {"reason": "late"})
    assert response.status_code == 409
    assert str(RESULT_CLOSED) in html.unescape(response.content.decode())
    game.refresh_from_db()
    first.refresh_from_db()
    assert (game.status, game.version) == (Game.Status.FINISHED, version)
    assert first.status == TournamentRound.Status.COMPLETE
    assert not AuditEntry.objects.filter(game=game, action="reopen").exists()


def test_a_round_completed_by_hand_is_audited_with_the_organiser(tournament):
    tournament, organiser = tournament
    rnd = tournaments.round_generate(tournament=tournament, actor=Actor(user=organiser))
    tournaments.round_publish(tournament_round=rnd, actor=Actor(user=organiser))
    rnd.refresh_from_db()
    play_round(rnd)
    tournaments.round_complete(tournament_round=rnd, actor=Actor(user=organiser))
    actions = list(TournamentAuditEntry.objects.values_list("action", "username"))
    assert ("round-generate", "org") in actions and ("round-publish", "org") in actions
    assert ("round-complete", "org") in actions
