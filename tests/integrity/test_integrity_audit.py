"""Every write to a game leaves an audit entry naming the user or the link, with what changed."""

import random

import pytest

from clubs.models import ClubAuditEntry, Membership
from scoring.demo import robot_record
from scoring.models import AuditEntry
from scoring.records import game_import
from scoring.services import (
    Actor,
    game_abandon,
    game_delete,
    game_start,
    round_end,
    table_link_renew,
    table_link_revoke,
    turn_correct,
    turn_record,
    turn_undo,
)
from tests.factories import ClubFactory, UserFactory, member
from tournaments.models import TournamentAuditEntry

pytestmark = pytest.mark.django_db


def test_each_write_is_audited_with_who_and_what():
    club = ClubFactory(default_preset="pressman")
    user = UserFactory(username="ref")
    member(club, Membership.Role.ORGANISER, user=user)
    referee = Actor(user=user)
    players = [member(club, name=n) for n in ("Anna", "Boris")]
    game = game_start(club=club, players=players, preset="pressman", title="Table 1",
                      actor=referee)
    link = Actor(via_link=True, link_game_id=game.pk)
    game.rounds.filter(number=0).update(dealt=1)  # one tile each: the opening ends the round
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(4, 4, 4), expected_version=None,
                actor=link)
    turn_undo(game_id=game.pk, expected_version=None, actor=referee)
    turn_record(game_id=game.pk, seat=0, at=(0, 0), corners=(3, 3, 3), expected_version=None,
                actor=link)
    turn_correct(game_id=game.pk, round_number=0, turn_number=0, draw=0, at=(0, 0),
                 corners=(5, 5, 5), actor=referee)
    round_end(game_id=game.pk, hands={1: ["0-0-1"]}, expected_version=None, actor=link)
    table_link_revoke(game_id=game.pk, actor=referee)
    table_link_renew(game_id=game.pk, actor=referee)
    game_abandon(game_id=game.pk, actor=referee)
    record = robot_record(["Anna", "Boris"], "pressman", random.Random(2), rounds=1)
    imported = game_import(club=club, record=record, actor=referee)
    game_delete(game_id=imported.pk, actor=referee)

    rows = list(AuditEntry.objects.order_by("pk").values_list(
        "game_ref", "action", "username", "via_link"))
    g, i = game.pk, imported.pk
    assert rows == [
        (g, "start", "ref", False), (g, "turn", "", True), (g, "undo", "ref", False),
        (g, "turn", "", True), (g, "correct", "ref", False), (g, "round-end", "", True),
        (g, "link-revoked", "ref", False), (g, "link-renewed", "ref", False),
        (g, "abandon", "ref", False), (i, "import", "ref", False), (i, "delete", "ref", False),
    ]
    entries = {e.action: e for e in AuditEntry.objects.filter(game_ref=g)}
    assert entries["start"].after["players"] == ["Anna", "Boris"]
    assert entries["undo"].before["tile"] == "4-4-4"
    assert (entries["correct"].before["tile"], entries["correct"].after["tile"]) == \
        ("3-3-3", "5-5-5")
    assert entries["round-end"].after["hands"] == {"1": ["0-0-1"]}
    assert (entries["link-revoked"].before, entries["link-revoked"].after) == \
        ({"link": True}, {"link": False})
    assert (entries["abandon"].before, entries["abandon"].after) == \
        ({"status": "playing"}, {"status": "abandoned"})
    assert all(e.game_title == "Table 1" and e.club_name == club.name
               for e in entries.values())
    deleted = AuditEntry.objects.get(game_ref=i, action="delete")
    assert deleted.game is None and deleted.before["players"] == ["Anna", "Boris"]


def test_an_entry_names_what_it_is_about_even_after_that_is_gone():
    at = "2026-03-04 05:06"
    game_entry = AuditEntry.objects.create(game_ref=41, action="delete", club_name="Chess Hall")
    club_entry = ClubAuditEntry.objects.create(club_name="Chess Hall", action="member-add")
    tournament_entry = TournamentAuditEntry.objects.create(tournament_name="Spring Cup",
                                                           action="finish")
    for entry in (game_entry, club_entry, tournament_entry):
        type(entry).objects.filter(pk=entry.pk).update(at=f"{at}:00+00:00")
        entry.refresh_from_db()
    # In words and in the site's time (Europe/Moscow, three hours ahead of UTC).
    local = "2026-03-04 08:06"
    assert [str(e) for e in (game_entry, club_entry, tournament_entry)] == [
        f"41: deleted, {local}", f"Chess Hall: member added, {local}",
        f"Spring Cup: finished, {local}"]
