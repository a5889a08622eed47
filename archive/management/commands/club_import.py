import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from archive.club import club_import
from archive.errors import ArchiveError
from clubs.json_input import JsonRefused, json_read

ARCHIVE_DEPTH = 32


class Command(BaseCommand):
    help = ("Create a club from a file written by club_export, with its players (merged by "
            "identity), games, audit and tournaments; ratings are recomputed. Refuses a club "
            "already on the site; a refused file writes nothing.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file; - for standard input")

    def handle(self, *args, file, **options):
        try:
            if file == "-":
                raw = sys.stdin.buffer.read()
            else:
                with open(file, "rb") as handle:
                    raw = handle.read()
            # A club's file has no size limit (an administrator runs this), but the site's one
            # JSON reader still bounds its nesting, far above what club_export writes.
            data = json_read(raw, max_bytes=None, max_depth=ARCHIVE_DEPTH)
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s")
                               % {"file": file, "error": error.strerror}) from error
        except JsonRefused as error:
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
