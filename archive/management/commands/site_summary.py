import json

from django.core.management.base import BaseCommand

from archive.summary import site_summary


class Command(BaseCommand):
    help = ("Print row counts, every rating and digests of the main public pages as JSON, to "
            "compare a restored database with the original (docs/backup.md).")

    def handle(self, *args, **options):
        json.dump(site_summary(), self.stdout, indent=1, sort_keys=True)
        self.stdout.write("")
