"""A club exported and imported into an empty database reads back the same: players by identity,
games with their times and records, audit, tournaments, ratings, and the public pages."""

import json

import pytest
from django.core.management import call_command
from django.db import connection

from archive.club import club_export, club_import
from archive.summary import page_addresses, pages, ratings
from clubs.models import Club, ClubAuditEntry, Player
from ratings.services import ratings_recompute
from scoring.models import AuditEntry, Game, Turn
from tournaments.models import Tournament, TournamentAuditEntry

from .build import demo_site

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def site(module_transaction, django_db_blocker):
    """The demo-like site, built once for the module; each test empties the database inside
    its own savepoint, which is rolled back after it (module_transaction)."""
    with django_db_blocker.unblock():
        return demo_site()


def _games() -> dict:
    """Each game's key content by its id: status, times, players by identity, scores, places."""
    return {
        game.pk: (game.title, game.status, game.started_at, game.finished_at, game.version,
                  game.table_token,
                  [(str(s.player.uuid), s.score, s.place) for s in game.seats.order_by("position")])
        for game in Game.objects.prefetch_related("seats__player")
    }


def _turns() -> list:
    return list(Turn.objects.order_by("round__game_id", "round__number", "number").values_list(
        "round__game_id", "round__number", "number", "seat", "points", "entered_at",
        "entered_by__username", "via_link", "round__ended_at"))


def _audit() -> list:
    return list(AuditEntry.objects.order_by("game_id", "at", "pk").values_list(
        "game_id", "action", "round_number", "turn_number", "before", "after",
        "user__username", "via_link", "at"))


def _club_and_tournament_audit() -> list:
    """What the club's and tournaments' own audits say (the import's own entry aside)."""
    club = list(ClubAuditEntry.objects.exclude(action=ClubAuditEntry.Action.IMPORT).order_by(
        "club__slug", "at", "pk").values_list("club__slug", "action", "before", "after",
                                              "username", "at"))
    tournament = list(TournamentAuditEntry.objects.order_by("tournament__slug", "at", "pk")
                      .values_list("tournament__slug", "action", "round_number", "before",
                                   "after", "username", "at"))
    return [club, tournament]


def _state() -> dict:
    return {
        "players": sorted((str(p.uuid), p.display_name, getattr(p.user, "username", None),
                           sorted(m.club.slug + ":" + m.role for m in p.memberships.all()))
                          for p in Player.objects.prefetch_related("memberships__club")
                          .select_related("user")),
        "games": _games(), "turns": _turns(), "audit": _audit(), "ratings": ratings(),
        "other_audit": _club_and_tournament_audit(),
        "tournaments": sorted(Tournament.objects.values_list(
            "slug", "status", "winner__uuid", "created_at")),
        "pages": pages(page_addresses(games=40, players=40)),
    }


def _empty_database() -> None:
    if connection.vendor == "postgresql":
        # The test's transaction still holds deferred foreign-key checks; TRUNCATE needs them done.
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    call_command("flush", interactive=False, verbosity=0)
    assert not Club.objects.exists() and not Player.objects.exists()


def test_both_clubs_round_trip_into_an_empty_database(site):
    before = _state()
    files = [json.loads(json.dumps(club_export(club)))
             for club in (site["club"], site["other"])]
    assert before["audit"] and any(t[6] for t in before["turns"])  # something to carry
    assert all(before["other_audit"])  # member changes and tournament writes were audited

    _empty_database()
    for data in files:
        club_import(data=data)

    after = _state()
    # Anna is one person in two clubs; her namesake stays a second person.
    anna, twin = str(site["anna"].uuid), str(site["twin"].uuid)
    names = {row[0]: row[1] for row in after["players"]}
    assert names[anna] == names[twin] and anna != twin
    assert Player.objects.filter(uuid=anna).get().memberships.count() == 2
    for key in ("players", "games", "turns", "audit", "other_audit", "ratings", "tournaments",
                "pages"):
        assert after[key] == before[key], key
    imports = ClubAuditEntry.objects.filter(action=ClubAuditEntry.Action.IMPORT)
    assert sorted(imports.values_list("club__slug", flat=True)) == ["moscow-triominos", "neva"]


def test_one_club_alone_is_rated_by_the_ratings_service(site):
    """Ratings are one per player across clubs: imported alone, Neva's games are rated as if
    they were all there is, exactly as a full recompute rates them."""
    data = json.loads(json.dumps(club_export(site["other"])))
    _empty_database()
    club_import(data=data)
    imported = ratings()
    assert len(imported) == 4
    assert imported[str(site["anna"].uuid)][2] == 3  # her three Neva games, not her Moscow ones
    ratings_recompute()
    assert ratings() == imported
