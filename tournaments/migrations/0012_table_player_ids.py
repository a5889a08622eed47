from django.db import migrations


class Migration(migrations.Migration):
    # A table's column of player ids is called what it holds (issue 22.6); a seat is scoring's.
    dependencies = [("tournaments", "0011_round_failure_only")]

    operations = [
        migrations.RenameField(model_name="table", old_name="seats", new_name="player_ids"),
    ]
