"""Stable export identities for clubs and players: added empty, filled row by row, then made
unique and required (a default alone would give every existing row the same value)."""

import uuid

from django.db import migrations, models


def fill_uuids(apps, schema_editor):
    for name in ("Club", "Player"):
        model = apps.get_model("clubs", name)
        rows = list(model.objects.filter(uuid__isnull=True).only("pk"))
        for row in rows:
            row.uuid = uuid.uuid4()
        model.objects.bulk_update(rows, ["uuid"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0004_club_audit_entries"),
    ]

    operations = [
        migrations.AddField(
            model_name="club", name="uuid", field=models.UUIDField(editable=False, null=True),
        ),
        migrations.AddField(
            model_name="player", name="uuid", field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunPython(fill_uuids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="club", name="uuid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
        migrations.AlterField(
            model_name="player", name="uuid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
