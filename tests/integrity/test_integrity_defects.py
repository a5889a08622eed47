"""The defects of issue 9 (items 1, 5, 6, 8), each shown failing before its fix."""

import csv
import io

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from clubs.models import Membership
from clubs.services import NotAllowed, member_add
from ratings.services import ratings_recompute
from scoring.models import AuditEntry, Game, Seat
from scoring.services import Actor, NotPlaying, _replayed_state_save, game_abandon, game_delete
from tests.factories import ClubFactory, UserFactory, member

from .helpers import finished_game

pytestmark = pytest.mark.django_db


def test_round_end_leaves_an_audit_entry_naming_the_link():
    game = finished_game(ClubFactory())
    ends = AuditEntry.objects.filter(game=game, action="round-end")
    assert ends.count() == 1
    assert ends.get().after["end_points"]


def test_audit_entries_outlive_the_game_they_describe():
    club = ClubFactory(name="Chess Café")
    game = finished_game(club, title="Friday table 2")
    user = UserFactory(username="boss")
    member(club, Membership.Role.ORGANISER, user=user)
    game_pk = game.pk
    game_delete(game_id=game.pk, actor=Actor(user=user))
    entries = AuditEntry.objects.filter(game_ref=game_pk)
    assert entries.filter(action="delete").get().user == user
    assert entries.count() > 3
    assert set(entries.values_list("game_title", "club_name")) == {("Friday table 2",
                                                                   "Chess Café")}
    assert not Game.objects.filter(pk=game_pk).exists()


def test_the_admin_can_neither_delete_nor_edit_audit_entries(admin_client):
    game = finished_game(ClubFactory())
    entry = AuditEntry.objects.filter(game=game).first()
    url = reverse("admin:scoring_auditentry_delete", args=[entry.pk])
    admin_client.post(url, {"post": "yes"})
    assert AuditEntry.objects.filter(pk=entry.pk).exists()
    change = admin_client.post(reverse("admin:scoring_auditentry_change", args=[entry.pk]),
                               {"action": "undo"})
    assert change.status_code == 403
    entry.refresh_from_db()
    assert entry.action != "undo"


def test_deleting_a_game_in_the_admin_keeps_its_audit(admin_client):
    game = finished_game(ClubFactory())
    count = AuditEntry.objects.filter(game=game).count()
    admin_client.post(reverse("admin:scoring_game_delete", args=[game.pk]), {"post": "yes"})
    assert not Game.objects.filter(pk=game.pk).exists()
    assert AuditEntry.objects.filter(game_ref=game.pk).count() == count + 1


def test_a_finished_game_cannot_be_abandoned():
    game = finished_game(ClubFactory())
    with pytest.raises(NotPlaying):
        game_abandon(game_id=game.pk, actor=Actor())
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_a_finished_game_cannot_be_abandoned_over_http(client):
    club = ClubFactory()
    user = UserFactory(username="ref")
    member(club, Membership.Role.ORGANISER, user=user)
    game = finished_game(club)
    client.force_login(user)
    response = client.post(reverse("scoring:game-abandon", args=[game.pk]))
    assert response.status_code == 409
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not AuditEntry.objects.filter(game=game, action="abandon").exists()


def test_member_add_does_not_demote_the_last_organiser():
    club = ClubFactory()
    boss = member(club, Membership.Role.ORGANISER)
    with pytest.raises(NotAllowed):
        member_add(club=club, player=boss, role=Membership.Role.MEMBER, actor=Actor())
    assert Membership.objects.get(club=club, player=boss).role == Membership.Role.ORGANISER


def test_the_rankings_csv_neutralises_formulas(client):
    finished_game(ClubFactory(), names=('=HYPERLINK("http://evil","x")', "@SUM(A1)"))
    ratings_recompute()
    response = client.get(reverse("ratings:rankings") + "?format=csv")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    names = sorted(row[1] for row in rows[1:])
    assert names == ["'=HYPERLINK(\"http://evil\",\"x\")", "'@SUM(A1)"]


def test_a_globally_granted_organiser_may_create_tournaments(client):
    ClubFactory()
    user = UserFactory(username="federation")
    user.user_permissions.add(Permission.objects.get(codename="organise_club"))
    client.force_login(user)
    assert client.get(reverse("tournaments:new")).status_code == 200


def test_a_turn_through_a_link_is_audited_naming_the_link():
    from scoring.services import game_start, turn_record

    club = ClubFactory()
    game = game_start(club=club, players=[member(club), member(club)], preset="pressman",
                      overrides={"rounds_limit": 1}, actor=Actor())
    link = Actor(via_link=True, link_game_id=game.pk)
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(5, 5, 5), expected_version=None,
                actor=link)
    entry = AuditEntry.objects.get(game=game, action="turn")
    assert entry.via_link and entry.user is None
    assert entry.after["tile"] == "5-5-5"


def test_no_audit_can_be_added_changed_or_deleted_in_the_admin(rf):
    from django.contrib import admin

    from clubs.models import ClubAuditEntry
    from tournaments.models import TournamentAuditEntry

    request = rf.get("/")
    request.user = UserFactory(username="root", is_superuser=True, is_staff=True)
    for model in (AuditEntry, ClubAuditEntry, TournamentAuditEntry):
        model_admin = admin.site._registry[model]
        assert not model_admin.has_add_permission(request)
        assert not model_admin.has_change_permission(request)
        assert not model_admin.has_delete_permission(request)


def test_places_follow_every_replay_of_a_finished_game():
    """A correction that changes a finished game's result must re-rank its players: places are
    worked out on every save of a finished game, not only when it first finishes."""
    game = finished_game(ClubFactory(), names=("Anna", "Boris", "Vera"))
    right = list(game.seats.order_by("position").values_list("place", flat=True))
    assert sorted(right) != [None] * 3
    Seat.objects.filter(game=game).update(place=9)  # as a stale result would leave them
    seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
    _replayed_state_save(game, seats)
    assert list(game.seats.order_by("position").values_list("place", flat=True)) == right
