"""A club's games in the archive: each as its triominos-record/1 record (the truth, replayed by
the engine on import) with who sat where, when things happened and who entered them.

The record keeps its own keys; the archive adds optional ones, as record-format.md allows:
``ended_at`` on a round, and ``entered_at``, ``entered_by``, ``via_link``, ``client_key`` on a
move. A game of another kind (say, from a score sheet) gets its own ``kind`` and pair of
functions in KINDS.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from clubs.permissions import SITE
from scoring.engine import EngineError, record_state
from scoring.models import AuditEntry, Game, Round, RoundHand, Seat, Turn
from scoring.record_rows import record_rows
from scoring.records import game_export
from scoring.replay import cache_state, places_cache

from .errors import ArchiveError
from .fields import build, check, dump, save_rows, username
from .paper import PAPER, paper_export, paper_state

MOVES = "moves"
_USERNAME = get_user_model().USERNAME_FIELD
# Columns the record and the seats rebuild; the rest of a game's columns are copied.
_DERIVED = ("phase", "round_number", "to_play", "pool_size", "turn_count", "winner_seats",
            "preset", "rules", "target", "rounds_limit")


def games_export(club) -> list[dict]:
    games = (club.games.order_by("pk").select_related("created_by")
             .prefetch_related("seats__player"))
    out = []
    for game in games:
        seats = sorted(game.seats.all(), key=lambda s: s.position)
        out.append({
            "id": game.pk,
            "kind": MOVES,
            **dump(game, skip=_DERIVED),
            "created_by": username(game.created_by),
            "seats": [seat.player_id for seat in seats],
            "scores": [seat.score for seat in seats],
            "winner_seats": game.winner_seats,
            "record": _record_with_times(game),
            **({"paper_rounds": paper_export(game)} if game.entry in PAPER else {}),
        })
    return out


def _record_with_times(game: Game) -> dict:
    record = game_export(game)
    record.pop("club", None)  # the club is the file's
    turns = {
        (round_number, number): rest
        for round_number, number, *rest in Turn.objects.filter(round__game=game).values_list(
            "round__number", "number", "entered_at", "entered_by__" + _USERNAME, "via_link",
            "client_key")
    }
    ended = dict(game.rounds.values_list("number", "ended_at"))
    for number, rnd in enumerate(record["rounds"]):
        if ended.get(number):
            rnd["ended_at"] = ended[number].isoformat()
        for index, move in enumerate(rnd["moves"]):
            entered_at, entered_by, via_link, client_key = turns[(number, index)]
            move["entered_at"] = entered_at.isoformat()
            if entered_by:
                move["entered_by"] = entered_by
            if via_link:
                move["via_link"] = True
            if client_key:
                move["client_key"] = client_key
    return record


def games_import(entries, *, club, players: dict, users) -> dict:
    """Write the games; returns {file game id: new game id}. ``players`` maps file player ids
    to saved players."""
    if not isinstance(entries, list):
        raise ArchiveError(_("games: expected a list."))
    games, replays = [], []
    for index, entry in enumerate(entries):
        where = _("game %(n)s") % {"n": index + 1}
        if not isinstance(entry, dict) or entry.get("kind") != MOVES:
            raise ArchiveError(_("%(where)s: unknown kind of game.") % {"where": where})
        game, seats, state = _game_rows(entry, where, club=club, players=players, users=users)
        games.append(game)
        replays.append((entry, seats, state))
    tokens = [game.table_token for game in games if game.table_token]
    if len(set(tokens)) != len(tokens) or Game.objects.filter(table_token__in=tokens).exists():
        raise ArchiveError(_("A table link in the file is already in use on this site."))
    ids = save_rows(Game, games, keep_ids=True)
    seats, rounds, turns, hands, entered = [], [], [], [], []
    for index, (game, (entry, game_seats, (_state, paper))) in enumerate(
            zip(games, replays, strict=True)):
        for seat in game_seats:
            seat.game = game
        seats += game_seats
        rows = record_rows(game, entry["record"], actor=SITE, ended_at=None)
        entered += _times_onto(rows, entry["record"], users)
        if paper:  # the paper rounds follow the ones the tablet scored
            rows.rounds = [r for r in rows.rounds if r.number < paper[0].number] + [
                _on(r, game) for r in paper]
        _check_rows(rows, _("game %(n)s") % {"n": index + 1})
        rounds += rows.rounds
        turns += rows.turns
        hands += rows.hands
    Seat.objects.bulk_create(seats, batch_size=1000)
    Round.objects.bulk_create(rounds, batch_size=1000)
    Turn.objects.bulk_create(turns, batch_size=1000)
    RoundHand.objects.bulk_create(hands, batch_size=1000)
    # entered_at is stamped on insert; the archive's times go back in one more pass.
    for turn, when in zip(turns, entered, strict=True):
        turn.entered_at = when
    Turn.objects.bulk_update(turns, ["entered_at"], batch_size=500)
    return ids


def _game_rows(entry: dict, where: str, *, club, players: dict, users):
    record = entry.get("record")
    try:
        state = record_state(record)
    except EngineError as error:
        raise ArchiveError(_("%(where)s: the record does not replay (%(code)s: %(message)s).")
                           % {"where": where, "code": error.code, "message": error.message}
                           ) from error
    except (TypeError, KeyError, ValueError, AttributeError) as error:
        raise ArchiveError(_("%(where)s: the record is not a triominos-record/1 record.")
                           % {"where": where}) from error
    seat_ids = entry.get("seats")
    if not isinstance(seat_ids, list) or len(seat_ids) != len(state.players):
        raise ArchiveError(_("%(where)s: the seats do not match the record's players.")
                           % {"where": where})
    state, paper = paper_state(entry, state, where)
    unknown = [p for p in seat_ids if not isinstance(p, int) or p not in players]
    if unknown:
        raise ArchiveError(_("%(where)s: a seat names a player who is not in the file.")
                           % {"where": where})
    if entry.get("scores") != list(state.totals):
        raise ArchiveError(
            _("%(where)s: the scores in the file (%(file)s) are not what the record gives "
              "(%(record)s).") % {"where": where, "file": entry.get("scores"),
                                  "record": list(state.totals)})
    rules = state.rules
    game = build(Game, entry, where, skip=_DERIVED, file_id=entry.get("id"), club=club,
                 created_by=users.get(entry.get("created_by")), preset=rules.preset,
                 rules=rules.to_dict(), target=rules.target, rounds_limit=rules.rounds_limit)
    finished = state.finished
    if (game.status == Game.Status.FINISHED) != finished and game.status != Game.Status.ABANDONED:
        raise ArchiveError(_("%(where)s: the game's status does not match its record.")
                           % {"where": where})
    if game.status == Game.Status.FINISHED and game.finished_at is None:
        raise ArchiveError(_("%(where)s: a finished game needs its finish time.")
                           % {"where": where})
    seats = [Seat(position=i, player=players[p]) for i, p in enumerate(seat_ids)]
    cache_state(game, seats, state)
    game.turn_count = sum(len(r["moves"]) for r in record["rounds"])
    if finished:
        places_cache(seats, state)
    return game, seats, (state, paper)


def _on(row, game):
    row.game = game
    return row


def _check_rows(rows, where: str) -> None:
    """The engine accepted the record; the columns must hold what it gave (a cell far off the
    board is legal to the engine and too big for the database)."""
    for row in (*rows.rounds, *rows.turns, *rows.hands):
        check(row, where, exclude=["game", "round", "entered_by", "entered_at", "detail"])


def _times_onto(rows, record: dict, users) -> list:
    """The archive's round-end times and turn authors onto the rows the record gave; returns
    the turns' entry times, in the order of ``rows.turns``."""
    by_round = {row.number: row for row in rows.rounds}
    turns = {(t.round.number, t.number): t for t in rows.turns}
    entered = {}
    for number, rnd in enumerate(record["rounds"]):
        if by_round[number].ended_at is None and "hands" in rnd:
            by_round[number].ended_at = _when(rnd.get("ended_at"))
        for index, move in enumerate(rnd["moves"]):
            turn = turns[(number, index)]
            entered[id(turn)] = _when(move.get("entered_at"))
            turn.entered_by = users.get(move.get("entered_by"))
            turn.via_link = bool(move.get("via_link", False))
            turn.client_key = str(move.get("client_key", ""))[:64]
    return [entered[id(turn)] for turn in rows.turns]


def _when(value):
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise ArchiveError(_("A time in the file is not an ISO 8601 date and time: %(value)r.")
                           % {"value": value})
    return parsed


def audit_export(club) -> list[dict]:
    # By the entry's club, not the game's: a deleted game's entries are carried too.
    entries = AuditEntry.objects.filter(club=club).select_related("user").order_by("pk")
    return [
        {**dump(entry), "game": entry.game_id, "user": username(entry.user)}
        for entry in entries
    ]


def audit_import(entries, *, club, games: dict, users) -> None:
    def refs(entry: dict, where: str) -> dict:
        game_id = games.get(entry.get("game"))
        if entry.get("game") is not None and game_id is None:
            raise ArchiveError(_("%(where)s: it names a game that is not in the file.")
                               % {"where": where})
        # A game of the file keeps its entries under its id here; a deleted one keeps its own.
        return {"game_id": game_id, **({"game_ref": game_id} if game_id is not None else {})}

    audit_rows_import(AuditEntry, entries, club=club, users=users, refs=refs)


def audit_rows_import(model, entries, *, club, users, refs=lambda entry, where: {}) -> None:
    """Audit entries of any of the three audits; ``refs`` gives an entry's references (and
    values) in this site's ids, refusing those the file does not hold."""
    if not isinstance(entries, list):
        raise ArchiveError(_("audit: expected a list."))
    rows = []
    for index, entry in enumerate(entries):
        where = _("audit entry %(n)s") % {"n": index + 1}
        if not isinstance(entry, dict):
            raise ArchiveError(_("%(where)s: expected an object.") % {"where": where})
        extra = refs(entry, where)
        values = {k: v for k, v in extra.items() if not k.endswith("_id")}
        ids = {k: v for k, v in extra.items() if k.endswith("_id")}
        rows.append(build(model, {**entry, **values}, where, club=club,
                          user=users.get(entry.get("user")), **ids))
    save_rows(model, rows)
