from django.core.management.base import BaseCommand

from clubs.demo import demo_club


class Command(BaseCommand):
    help = "Load demo data (idempotent): a club, its players and accounts."

    def handle(self, *args, **options):
        club = demo_club()
        self.stdout.write(f"Demo data ready: {club.name}, {club.memberships.count()} members.")
