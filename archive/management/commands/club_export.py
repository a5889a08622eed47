import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from archive.club import club_export
from clubs.models import Club


class Command(BaseCommand):
    help = "Write one club's whole data as JSON (triominos-club/1) to standard output."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's address, as in /clubs/<slug>/")

    def handle(self, *args, slug, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(_("No club with the address %(slug)s.") % {"slug": slug})
        json.dump(club_export(club), self.stdout, ensure_ascii=False, indent=1)
        self.stdout.write("")
