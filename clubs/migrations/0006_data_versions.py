from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0005_club_player_uuid"),
    ]

    operations = [
        migrations.CreateModel(
            name="DataVersion",
            fields=[
                ("scope", models.CharField(max_length=20, primary_key=True, serialize=False)),
                ("number", models.BigIntegerField(default=0)),
            ],
        ),
    ]
