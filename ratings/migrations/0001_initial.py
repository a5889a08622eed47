"""The ratings' models, taken over from clubs with their tables and rows as they are: the models
are created in the state only (clubs/migrations/0006 dropped them from clubs' state), and the
content types (and so the permissions and admin log entries that point at them) are renamed."""

import django.db.models.deletion
from django.db import migrations, models

MODELS = ("gamerating", "playerrating")


def _relabel(apps, schema_editor, old: str, new: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    types = ContentType.objects.using(schema_editor.connection.alias)
    for model in MODELS:
        # A fresh database has neither yet (they are made after migrating); never make two.
        if not types.filter(app_label=new, model=model).exists():
            types.filter(app_label=old, model=model).update(app_label=new)


def game_ratings_table(apps, schema_editor):
    # A site migrated before clubs/0002 stopped making it has the table; a new one makes it here
    # (clubs sits below scoring, whose games it points at).
    model = apps.get_model("ratings", "GameRating")
    if model._meta.db_table not in schema_editor.connection.introspection.table_names():
        schema_editor.create_model(model)


def game_ratings_table_drop(apps, schema_editor):
    schema_editor.delete_model(apps.get_model("ratings", "GameRating"))


def content_types_to_ratings(apps, schema_editor):
    _relabel(apps, schema_editor, "clubs", "ratings")


def content_types_to_clubs(apps, schema_editor):
    _relabel(apps, schema_editor, "ratings", "clubs")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("clubs", "0006_ratings_move_to_their_app"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("scoring", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="PlayerRating",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("mu", models.FloatField()),
                        ("sigma", models.FloatField()),
                        ("value", models.IntegerField(db_index=True, verbose_name="rating")),
                        ("uncertainty", models.PositiveIntegerField(verbose_name="uncertainty")),
                        ("provisional", models.BooleanField(default=True, verbose_name="provisional")),
                        ("games", models.PositiveIntegerField(default=0, verbose_name="games")),
                        ("wins", models.PositiveIntegerField(default=0, verbose_name="wins")),
                        ("points", models.IntegerField(default=0, verbose_name="points")),
                        ("last_played", models.DateTimeField(db_index=True, null=True, verbose_name="last played")),
                        ("trend", models.IntegerField(default=0, verbose_name="trend")),
                        ("player", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="rating", to="clubs.player")),
                    ],
                    options={
                        "verbose_name": "player rating",
                        "verbose_name_plural": "player ratings",
                        "db_table": "clubs_playerrating",
                    },
                ),
                migrations.CreateModel(
                    name="GameRating",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("finished_at", models.DateTimeField()),
                        ("place", models.PositiveSmallIntegerField()),
                        ("score", models.IntegerField()),
                        ("mu_before", models.FloatField()),
                        ("sigma_before", models.FloatField()),
                        ("mu_after", models.FloatField()),
                        ("sigma_after", models.FloatField()),
                        ("before", models.IntegerField()),
                        ("after", models.IntegerField()),
                        ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="ratings", to="scoring.game")),
                        ("player", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="game_ratings", to="clubs.player")),
                    ],
                    options={
                        "db_table": "clubs_gamerating",
                        "indexes": [models.Index(fields=["finished_at", "game"], name="clubs_gamer_finishe_165e10_idx"), models.Index(fields=["player", "finished_at", "game"], name="clubs_gamer_player__abd0bd_idx")],
                        "constraints": [models.UniqueConstraint(fields=("game", "player"), name="game_rating_unique")],
                    },
                ),
            ],
        ),
        migrations.RunPython(game_ratings_table, game_ratings_table_drop),
        migrations.RunPython(content_types_to_ratings, content_types_to_clubs),
    ]
