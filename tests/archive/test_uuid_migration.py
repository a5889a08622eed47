"""The migration that gives clubs and players their export identity fills the rows already
there, each with its own uuid."""

import pytest

BEFORE = [("clubs", "0004_club_audit_entries")]
AFTER = [("clubs", "0005_club_player_uuid")]


@pytest.mark.django_db(transaction=True)
def test_existing_clubs_and_players_get_distinct_uuids(migrate_to):
    old = migrate_to(BEFORE)
    club = old.get_model("clubs", "Club").objects.create(name="Old", slug="old")
    other = old.get_model("clubs", "Club").objects.create(name="Older", slug="older")
    Player = old.get_model("clubs", "Player")
    for name in ("Anna", "Anna", "Boris"):
        Player.objects.create(display_name=name, home_club=club)

    new = migrate_to(AFTER)
    clubs = list(new.get_model("clubs", "Club").objects.values_list("uuid", flat=True))
    players = list(new.get_model("clubs", "Player").objects.values_list("uuid", flat=True))
    assert len(clubs) == 2 and len(players) == 3
    assert None not in clubs + players
    assert len(set(clubs + players)) == 5
    assert {club.pk, other.pk} == set(new.get_model("clubs", "Club").objects.values_list(
        "pk", flat=True))
