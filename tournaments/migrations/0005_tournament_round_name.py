"""The tournaments ``Round`` model is named ``TournamentRound`` (a game has rounds too).

Only Django's picture of the models changes: the table keeps its name (``tournaments_round``),
so no row moves. The content type and its four permissions are renamed with it, so the admin's
history and any granted permission stay attached to the same rows.
"""

from django.db import migrations

_ACTIONS = ("add", "change", "delete", "view")


def _rename(old: str, new: str, new_words: str):
    def rename(apps, schema_editor):
        db = schema_editor.connection.alias
        types = apps.get_model("contenttypes", "ContentType").objects.using(db).filter(
            app_label="tournaments")
        # A fresh database has no row yet (post_migrate makes them); one that has both keeps both.
        if types.filter(model=new).exists():
            return
        types.filter(model=old).update(model=new)
        permissions = apps.get_model("auth", "Permission").objects.using(db).filter(
            content_type__app_label="tournaments", content_type__model=new)
        for action in _ACTIONS:
            permissions.filter(codename=f"{action}_{old}").update(
                codename=f"{action}_{new}", name=f"Can {action} {new_words}")
    return rename


class Migration(migrations.Migration):

    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournaments", "0004_round_failure_code"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterModelTable(name="round", table="tournaments_round"),
                migrations.RenameModel(old_name="Round", new_name="TournamentRound"),
            ],
            database_operations=[],
        ),
        migrations.RunPython(_rename("round", "tournamentround", "tournament round"),
                             _rename("tournamentround", "round", "round")),
    ]
