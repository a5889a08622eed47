"""The ratings' models move to the ratings app: gone from clubs' state only. Their tables stay
(clubs_playerrating, clubs_gamerating) and ratings/migrations/0001 takes them over. (The game
ratings were in clubs' state only on sites migrated before 0002 stopped making them.)"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0005_club_player_uuid"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="PlayerRating"),
            ],
        ),
    ]
