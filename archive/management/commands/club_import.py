import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from archive.club import club_import
from archive.errors import ArchiveError


class Command(BaseCommand):
    help = ("Create a club from a file written by club_export, with its players (merged by "
            "identity), games, audit and tournaments; ratings are recomputed. Refuses a club "
            "already on the site; a refused file writes nothing.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file; - for standard input")

    def handle(self, *args, file, **options):
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s")
                               % {"file": file, "error": error.strerror}) from error
        except (ValueError, RecursionError) as error:
            raise CommandError(_("%(file)s is not JSON: %(error)s")
                               % {"file": file, "error": error}) from error
        try:
            club = club_import(data=data)
        except ArchiveError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(_("Imported %(club)s (players: %(players)s, games: %(games)s, "
                            "tournaments: %(tournaments)s).") % {
            "club": club.name, "players": len(data["players"]), "games": len(data["games"]),
            "tournaments": len(data["tournaments"])})
