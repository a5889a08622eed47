"""A club's tournaments in the archive: registrations, stages, rounds and tables, with results
read from the tables' games (standings are computed, never stored).

Player ids appear inside JSON columns too (table seats, knockout seeds, the round-robin plan,
the pairing's flags); the file writes them as the file's player ids and the import rewrites them
to the ids players get here.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Registration, Stage, Table, Tournament, TournamentRound

from .errors import ArchiveError
from .fields import build, dump, save_rows, username

# Flag parameters that name players (see tournaments/pairing and tournaments/flags.py).
_PLAYER_PARAMS = ("player", "winner")
_PLAYERS_PARAMS = ("players",)


def tournaments_export(club) -> list[dict]:
    out = []
    for tournament in club.tournaments.order_by("pk").select_related("created_by"):
        rounds = tournament.rounds.order_by("number").prefetch_related("tables")
        out.append({
            "id": tournament.pk,
            **dump(tournament, skip=("creation_key",)),  # the form's, of no use elsewhere
            "winner": tournament.winner_id,
            "created_by": username(tournament.created_by),
            "registrations": [
                {**dump(r), "player": r.player_id}
                for r in tournament.registrations.order_by("pk")
            ],
            "stages": [{"id": s.pk, **dump(s)} for s in tournament.stages.order_by("order")],
            "rounds": [
                {"id": r.pk, **dump(r), "stage": r.stage_id,
                 # The file keeps its word "seats" for a table's players (older files too).
                 "tables": [{**dump(t, skip=("player_ids",)), "seats": t.player_ids,
                             "game": t.game_id}
                            for t in sorted(r.tables.all(), key=lambda t: t.number)]}
                for r in rounds
            ],
        })
    return out


class _PlayerIds:
    """File player ids to this site's ids, refusing any id the file does not list."""

    def __init__(self, players: dict, where: str) -> None:
        self.players = players
        self.where = where

    def one(self, value):
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or value not in self.players:
            raise ArchiveError(_("%(where)s: it names a player who is not in the file.")
                               % {"where": self.where})
        return self.players[value].pk

    def many(self, values) -> list:
        if not isinstance(values, list):
            raise ArchiveError(_("%(where)s: expected a list of players.") % {"where": self.where})
        return [self.one(v) for v in values]

    def flags(self, flags) -> list:
        if not isinstance(flags, list):
            raise ArchiveError(_("%(where)s: expected a list of flags.") % {"where": self.where})
        out = []
        for flag in flags:
            params = dict(flag.get("params") or {}) if isinstance(flag, dict) else None
            if params is None:
                raise ArchiveError(_("%(where)s: a flag is not an object.")
                                   % {"where": self.where})
            for key in _PLAYER_PARAMS:
                if key in params:
                    params[key] = self.one(params[key])
            for key in _PLAYERS_PARAMS:
                if key in params:
                    params[key] = self.many(params[key])
            out.append({**flag, "params": params})
        return out

    def plan(self, plan) -> list:
        if not isinstance(plan, list) or not all(isinstance(r, dict) for r in plan):
            raise ArchiveError(_("%(where)s: the round-robin plan is not a list of rounds.")
                               % {"where": self.where})
        return [
            {**rnd, "tables": [self.many(t) for t in rnd.get("tables", [])],
             "byes": self.many(rnd.get("byes", [])), "flags": self.flags(rnd.get("flags", []))}
            for rnd in plan
        ]


def tournaments_import(entries, *, club, players: dict, games: dict, users) -> dict:
    """The club's tournaments with all their parts; returns {file id: new id}."""
    if not isinstance(entries, list):
        raise ArchiveError(_("tournaments: expected a list."))
    slugs = [e.get("slug") for e in entries if isinstance(e, dict)]
    taken = Tournament.objects.filter(slug__in=slugs).values_list("slug", flat=True).first()
    if taken or len(set(slugs)) != len(slugs):
        raise ArchiveError(_("A tournament with the address %(slug)s already exists on this site.")
                           % {"slug": taken or slugs})
    rows = []
    for index, entry in enumerate(entries):
        where = _("tournament %(n)s") % {"n": index + 1}
        ids = _PlayerIds(players, where)
        winner = ids.one(entry.get("winner")) if isinstance(entry, dict) else None
        rows.append(build(Tournament, entry, where, skip=("creation_key",),
                          file_id=entry.get("id"), club=club, winner_id=winner,
                          created_by=users.get(entry.get("created_by"))))
    ids = save_rows(Tournament, rows, keep_ids=True)
    for tournament, entry in zip(rows, entries, strict=True):
        _parts_import(tournament, entry, players=players, games=games)
    return ids


def _parts_import(tournament: Tournament, entry: dict, *, players: dict, games: dict) -> None:
    name = tournament.name
    ids = _PlayerIds(players, _("registrations of %(name)s") % {"name": name})
    save_rows(Registration, [
        build(Registration, r, ids.where, tournament=tournament, player_id=ids.one(r.get("player")))
        for r in _list(entry, "registrations", name)
    ])
    ids.where = _("stages of %(name)s") % {"name": name}
    stages = []
    for data in _list(entry, "stages", name):
        stage = build(Stage, data, ids.where, file_id=data.get("id"), tournament=tournament)
        stage.seeds, stage.plan = ids.many(stage.seeds), ids.plan(stage.plan)
        stage.flags = ids.flags(stage.flags)
        stages.append(stage)
    stage_ids = save_rows(Stage, stages)
    ids.where = _("rounds of %(name)s") % {"name": name}
    rounds, tables = [], []
    for data in _list(entry, "rounds", name):
        if data.get("stage") not in stage_ids:
            raise ArchiveError(_("%(where)s: a round names a stage that is not in the file.")
                               % {"where": ids.where})
        rnd = build(TournamentRound, data, ids.where, file_id=data.get("id"), tournament=tournament,
                    stage_id=stage_ids[data["stage"]])
        rnd.flags = ids.flags(rnd.flags)
        rounds.append(rnd)
        for table_data in _list(data, "tables", name):
            game = table_data.get("game")
            if game is not None and game not in games:
                raise ArchiveError(_("%(where)s: a table names a game that is not in the file.")
                                   % {"where": ids.where})
            # The file's "seats" are the table's player_ids, in the file's player ids.
            table_data = {**table_data, "player_ids": ids.many(table_data.get("seats"))}
            table = build(Table, table_data, ids.where, round=rnd, game_id=games.get(game))
            tables.append(table)
    save_rows(TournamentRound, rounds)
    save_rows(Table, tables)


def _list(entry, key: str, name: str) -> list:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ArchiveError(_("%(name)s: %(key)s must be a list of objects.")
                           % {"name": name, "key": key})
    return value
