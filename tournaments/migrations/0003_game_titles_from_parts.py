from django.db import migrations


def tournament_titles_to_parts(apps, schema_editor):
    """Games published before titles were stored as parts carry the English title the site
    made up ("<tournament> · round 2, table 3"); only those exact titles become parts."""
    Table = apps.get_model("tournaments", "Table")
    Game = apps.get_model("scoring", "Game")
    tables = Table.objects.filter(game__isnull=False).select_related("round__tournament", "game")
    for table in tables:
        rnd = table.round
        name = rnd.tournament.name
        if table.match:
            english = f"{name} · round {rnd.number}, match {table.match}"
            parts = {"kind": "tournament-match", "tournament": name, "round": rnd.number,
                     "match": table.match}
        else:
            english = f"{name} · round {rnd.number}, table {table.number}"
            parts = {"kind": "tournament-table", "tournament": name, "round": rnd.number,
                     "table": table.number}
        if table.game.title == english[:120]:
            Game.objects.filter(pk=table.game_id).update(title="", title_parts=parts)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0004_game_title_parts'),
        ('tournaments', '0002_tournament_audit_entries'),
    ]

    operations = [
        migrations.RunPython(tournament_titles_to_parts, migrations.RunPython.noop),
    ]
