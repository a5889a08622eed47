"""The ratings' models moved from clubs to their own app without moving data: the rows stay
in their tables, and the content types (with their permissions) are renamed, not made anew."""

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection

BEFORE = [("clubs", "0005_club_player_uuid")]
AFTER = [("clubs", "0006_ratings_move_to_their_app"), ("ratings", "0001_initial")]


def _content_type(label):
    # The real model: contenttypes stays fully migrated throughout.
    ContentType.objects.clear_cache()
    return ContentType.objects.get(app_label=label, model="playerrating")


@pytest.mark.django_db(transaction=True)
def test_ratings_rows_and_content_types_move_to_the_ratings_app(migrate_to):
    old = migrate_to(BEFORE)
    club = old.get_model("clubs", "Club").objects.create(name="Old", slug="old")
    player = old.get_model("clubs", "Player").objects.create(display_name="Anna", home_club=club)
    old.get_model("clubs", "PlayerRating").objects.create(
        player=player, mu=27.0, sigma=5.0, value=1620, uncertainty=300, games=4, wins=2)
    content_type = _content_type("clubs")  # as a site made on main has it

    new = migrate_to(AFTER)
    rating = new.get_model("ratings", "PlayerRating").objects.get()
    assert (rating.player_id, rating.value, rating.games, rating.wins) == (player.pk, 1620, 4, 2)
    moved = _content_type("ratings")
    assert moved.pk == content_type.pk
    assert not ContentType.objects.filter(
        app_label="clubs", model__in=["playerrating", "gamerating"]).exists()
    assert set(Permission.objects.filter(content_type=moved).values_list(
        "codename", flat=True)) >= {"view_playerrating"}
    # clubs/0002 no longer makes the game ratings' table (clubs would depend on scoring):
    # ratings/0001 makes it where it is missing, and takes it away when unapplied.
    assert "clubs_gamerating" in connection.introspection.table_names()


def test_clubs_migrations_depend_on_no_app_above_clubs():
    from django.db.migrations.loader import MigrationLoader

    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    clubs = [key for key in graph.nodes if key[0] == "clubs"]
    above = {parent[0] for key in clubs for parent in graph.node_map[key].parents}
    assert above <= {"clubs", "auth", "contenttypes", "admin"}, above
