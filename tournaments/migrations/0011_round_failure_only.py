from django.db import migrations


def failure_for_old_errors(apps, schema_editor):
    # Rounds whose pairing failed before the code was stored kept only an English message;
    # they now say that something went wrong, worded in the reader's language.
    TournamentRound = apps.get_model("tournaments", "TournamentRound")
    TournamentRound.objects.exclude(error="").filter(failure__isnull=True).update(
        failure={"kind": "pairing", "code": "unexpected", "params": {}})


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0010_closed_results_creation_key")]

    operations = [
        migrations.RunPython(failure_for_old_errors, migrations.RunPython.noop),
        migrations.RemoveField(model_name="tournamentround", name="error"),
    ]
