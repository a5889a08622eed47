from django.core.management.base import BaseCommand

from clubs.demo import demo_club
from ratings.services import ratings_recompute
from scoring.demo import demo_games
from tournaments.demo import demo_tournaments


class Command(BaseCommand):
    help = "Load demo data (idempotent): a club, its players and accounts, games, tournaments."

    def handle(self, *args, **options):
        club = demo_club()
        players = [m.player for m in club.memberships.select_related("player")]
        games = demo_games(club, players)
        ratings_recompute()  # the season at once, not one game at a time
        tournaments = demo_tournaments(club, players)
        self.stdout.write(
            f"Demo data ready: {club.name}, {len(players)} members, {len(games)} games, "
            f"{len(tournaments)} tournaments."
        )
