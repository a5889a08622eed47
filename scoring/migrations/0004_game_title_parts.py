import re

from django.db import migrations, models

# The demo stored its made-up titles as English text; they become parts, worded per reader.
_EVENING = re.compile(r"Club evening (\d{4}-\d{2}-\d{2}), table (\d+)")
_TONIGHT = re.compile(r"Tonight, table (\d+)")


def demo_titles_to_parts(apps, schema_editor):
    Game = apps.get_model("scoring", "Game")
    for game in Game.objects.filter(title__regex=r"^(Club evening |Tonight, table )"):
        if match := _EVENING.fullmatch(game.title):
            parts = {"kind": "club-evening", "date": match[1], "table": int(match[2])}
        elif match := _TONIGHT.fullmatch(game.title):
            parts = {"kind": "tonight", "table": int(match[1])}
        else:
            continue
        Game.objects.filter(pk=game.pk).update(title="", title_parts=parts)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0003_game_entry_from_paper'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='title_parts',
            field=models.JSONField(blank=True, default=dict, verbose_name='generated title'),
        ),
        migrations.RunPython(demo_titles_to_parts, migrations.RunPython.noop),
    ]
