from django.core.management.base import BaseCommand

from clubs.demo import demo_club
from scoring.demo import demo_games


class Command(BaseCommand):
    help = "Load demo data (idempotent): a club, its players and accounts, and a few games."

    def handle(self, *args, **options):
        club = demo_club()
        players = [m.player for m in club.memberships.select_related("player")]
        games = demo_games(club, players)
        self.stdout.write(
            f"Demo data ready: {club.name}, {len(players)} members, {len(games)} games."
        )
