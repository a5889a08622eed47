"""One club's whole life as one JSON file, and that file back into a site.

What travels: the club, its players by identity (their uuid; names may repeat), memberships
and roles, every game of the club (record, seats, times, authors), the games' audit, and the
tournaments with their stages, rounds, tables and registrations. Ratings are not copied: they
are recomputed from the games by the ratings service, which gives the same numbers when every
club a player played in is on the site (ratings are one per player, across clubs).

Import into a site: a club already there (same uuid or address) is refused, never merged; its
players are merged by identity (a player already here with the same uuid is the same person and
is used as they are). Everything is written in one transaction: any refusal writes nothing.
"""

from __future__ import annotations

from django.db import DataError, IntegrityError, transaction
from django.db.models import Min, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.audit import club_audit
from clubs.models import Club, ClubAuditEntry, Membership, Player
from clubs.permissions import SITE
from ratings.services import ratings_recompute
from scoring.models import Game
from tournaments.models import TournamentAuditEntry

from .errors import ArchiveError
from .fields import Users, build, dump, save_rows, username
from .games import audit_export, audit_import, audit_rows_import, games_export, games_import
from .schema import FORMAT, check_shape
from .tournaments import tournaments_export, tournaments_import


def club_players(club: Club):
    """Everyone the club's records name: members, players seated at its games, registered in
    or having won its tournaments."""
    return Player.objects.filter(
        Q(memberships__club=club) | Q(seats__game__club=club)
        | Q(registrations__tournament__club=club)
    ).distinct().order_by("pk").select_related("user", "home_club")


def club_export(club: Club) -> dict:
    players = list(club_players(club))
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "club": {"id": club.pk, **dump(club)},
        "players": [
            {"id": p.pk, **dump(p), "user": username(p.user),
             "home_club": str(p.home_club.uuid) if p.home_club else None}
            for p in players
        ],
        "memberships": [
            {**dump(m), "player": m.player_id}
            for m in club.memberships.order_by("pk")
        ],
        "games": games_export(club),
        "audit": audit_export(club),
        "tournaments": tournaments_export(club),
        "club_audit": audit_rows(ClubAuditEntry.objects.filter(club=club)),
        "tournament_audit": audit_rows(TournamentAuditEntry.objects.filter(club=club),
                                       tournament=True),
    }


def club_import(*, data) -> Club:
    """Create the club of an archive file with everything in it; raises ArchiveError (with a
    translated sentence) and writes nothing when the file cannot be taken as it is."""
    check_shape(data)
    try:
        with transaction.atomic():
            return _club_import(data)
    except IntegrityError as error:
        # Whatever the checks above the database missed (a row repeated in the file).
        raise ArchiveError(_("The file repeats something that must be unique: %(detail)s")
                           % {"detail": str(error).splitlines()[0]}) from error
    except DataError as error:
        raise ArchiveError(_("A value in the file does not fit the database: %(detail)s")
                           % {"detail": str(error).splitlines()[0]}) from error


def _club_import(data: dict) -> Club:
    info = data["club"]
    if Club.objects.filter(Q(uuid=info["uuid"]) | Q(slug=info["slug"])).exists():
        raise ArchiveError(
            _("The club %(slug)s is already on this site; an import never duplicates or merges "
              "a club. Delete it first to restore it from this file.") % {"slug": info["slug"]})
    club = build(Club, info, _("club"), file_id=info["id"])
    save_rows(Club, [club], keep_ids=True)
    users = Users(_usernames(data))
    players = _players_import(data["players"], club=club, users=users)
    save_rows(Membership, [
        build(Membership, m, _("membership %(n)s") % {"n": i + 1}, club=club,
              player=_player(players, m["player"]))
        for i, m in enumerate(data["memberships"])
    ])
    games = games_import(data["games"], club=club, players=players, users=users)
    audit_import(data["audit"], club=club, games=games, users=users)
    tournaments = tournaments_import(data["tournaments"], club=club, players=players,
                                     games=games, users=users)
    # Files written before the club's and tournaments' own audits existed have neither.
    audit_rows_import(ClubAuditEntry, data.get("club_audit", []), club=club, users=users)
    audit_rows_import(TournamentAuditEntry, data.get("tournament_audit", []), club=club,
                      users=users, refs=lambda entry, where: {
                          "tournament_id": tournaments.get(entry.get("tournament"))})
    club_audit(actor=SITE, club=club, action=ClubAuditEntry.Action.IMPORT, after={
        "players": len(players), "games": len(games), "tournaments": len(tournaments)})
    _ratings_after_import(club)
    return club


def audit_rows(entries, *, tournament: bool = False) -> list[dict]:
    refs = (lambda e: {"tournament": e.tournament_id}) if tournament else (lambda e: {})
    return [{**dump(entry), "user": username(entry.user), **refs(entry)}
            for entry in entries.select_related("user").order_by("pk")]


def _usernames(data: dict) -> set:
    names = {p.get("user") for p in data["players"]}
    names |= {g.get("created_by") for g in data["games"]}
    for key in ("audit", "club_audit", "tournament_audit"):
        names |= {e.get("user") for e in data.get(key, []) if isinstance(e, dict)}
    names |= {t.get("created_by") for t in data["tournaments"]}
    for game in data["games"]:
        for rnd in game["record"].get("rounds") or []:
            for move in (rnd.get("moves") or []) if isinstance(rnd, dict) else []:
                if isinstance(move, dict):
                    names.add(move.get("entered_by"))
    return names - {None}


def _player(players: dict, file_id) -> Player:
    if file_id not in players:
        raise ArchiveError(_("The file names a player it does not list (id %(id)s).")
                           % {"id": file_id})
    return players[file_id]


def _players_import(entries: list[dict], *, club: Club, users: Users) -> dict:
    """{file id: player}: the players already here by uuid, the others created."""
    known = {str(p.uuid): p for p in Player.objects.filter(uuid__in=[e["uuid"] for e in entries])}
    homes = {str(c.uuid): c for c in Club.objects.filter(
        uuid__in=[e["home_club"] for e in entries if e.get("home_club")])}
    players, new = {}, []
    for index, entry in enumerate(entries):
        if entry["id"] in players:
            raise ArchiveError(_("The file lists the player id %(id)s twice.")
                               % {"id": entry["id"]})
        player = known.get(entry["uuid"])
        if player is None:
            user = users.get(entry.get("user"))
            if user is not None and Player.objects.filter(user=user).exists():
                raise ArchiveError(
                    _("The account %(user)s already belongs to another player on this site.")
                    % {"user": entry["user"]})
            player = build(Player, entry, _("player %(n)s") % {"n": index + 1},
                           file_id=entry["id"], user=user,
                           home_club=homes.get(entry.get("home_club")))
            new.append(player)
        players[entry["id"]] = player
    save_rows(Player, new, keep_ids=True)
    # Players who came first with another club get this one as home once it exists.
    Player.objects.filter(
        uuid__in=[e["uuid"] for e in entries if e.get("home_club") == str(club.uuid)],
        home_club__isnull=True,
    ).update(home_club=club)
    return players


def _ratings_after_import(club: Club) -> None:
    """Rate the imported games in their place of the finish order, with the ratings service
    (every game finishing from the first of them on is re-rated, other clubs' too)."""
    first = Game.objects.filter(club=club, status=Game.Status.FINISHED).aggregate(
        first=Min("finished_at"))["first"]
    if first is not None:
        ratings_recompute(since=(first, 0))
