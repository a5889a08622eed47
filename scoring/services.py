"""The only code that writes games. Each service locks the game row, asks the engine, and
writes the turn log and the cached columns in one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn, Protocol

from django.db import transaction
from django.db.models import F, FilteredRelation, OuterRef, Q, Subquery
from django.utils import timezone

from clubs.models import Club, Player
from clubs.newcomers import Newcomer, newcomer_add, newcomers_resolve, seats_check
from clubs.permissions import Actor, Do, require  # Actor: who writes, asked of permissions
from clubs.refusals import Refused
from scoring.engine import EngineError, GameState, HandCount, rules_resolve, tile_parse

from . import live, signals
from .audit import game_audit, scores_snapshot, turn_snapshot
from .models import AuditEntry, Game, RevokedLink, Round, RoundHand, Seat, Turn, new_table_token
from .replay import (
    TURN_FIELDS,
    CurrentRound,
    ResultClosed,  # noqa: F401 - the services refuse with it; views catch services.ResultClosed
    cache_state,
    current_state,
    game_save,
    hand_rows,
    player_keys,
    replayed_state,
    result_guard,
    round_cache,
    round_end_play,
    state_save,
    stored_rounds,
    turn_play,
)
from .signals import ResultChange

# The services' refusals: kinds of clubs.refusals.Refused, a stable code with plain params,
# worded by scoring.messages.refusal (tests/integrity/test_refusal_codes.py checks each code the
# source raises is worded). ResultClosed (replay.py) is the fifth.


class Conflict(Refused):
    """The writer saw an older version of the game than the one stored. ``stale-version``
    (the tablet), ``stale-correction`` (a turn's correction); params ``version`` (stored) and
    ``expected`` (the one the writer saw)."""


class NotPlaying(Refused):
    """The game is finished or abandoned, so this write does not apply. ``not-playing`` (a
    turn, undo, a round's end), ``finished-not-abandoned`` (abandoning a finished game),
    ``abandoned-no-result`` (a result from paper for an abandoned game); param ``status``."""


class KeyReused(Refused):
    """``key-reused``: a client key already names a different turn of this game. A tablet that
    resends a turn sends the same turn, so this one is refused rather than taken for the
    earlier. Params ``key`` and ``turn_id`` (the earlier turn's)."""


class ReopenRefused(Refused):
    """Reopening a game, or opening a closed result, refused: ``reason-missing`` (no reason
    given), ``not-finished`` (only a finished game is reopened)."""


@dataclass
class TurnOutcome:
    turn: Turn
    duplicate: bool  # True when this submission had already been recorded
    game: Game
    seats: list[Seat]
    current: CurrentRound | None = None  # the state after the turn, for rendering it at once
    actor: Actor | None = None


def _after_commit(hook) -> None:
    # Robust: an error is logged and the next hook still runs. The write has committed, so a
    # cache or broker that is down must not turn it into an error page; what a hook could not
    # do (rate a game, settle a round), Celery beat's reconciliation does later.
    transaction.on_commit(hook, robust=True)


def _game_row(game_id: int) -> Game:
    return Game.objects.select_for_update(of=("self",)).select_related("club").get(pk=game_id)


@dataclass
class Locked:
    """A game read for a write: the row locked, with its club, its seats (by position, with
    their players) and its current round, all in one query (``rows_locked``)."""

    game: Game
    seats: list[Seat]
    round: Round | None  # None only if the game has no row for its round number
    also: dict  # the values the caller asked to be read with the row, by name


def rows_locked(*, where: dict, also: dict | None = None) -> Locked | None:
    """The one locked read of a game for a write: one query for the game row (locked: FOR
    UPDATE of the game alone), its club, its current round and its seats with their players,
    one result row per seat. ``where`` finds the game (lookups on Game's fields); ``also``
    names expressions read with it, over the seat's row (the game's fields are ``game__…``):
    the asker's role for the access check, a turn under a client key. None when no game
    matches. Every seat carries the same Game object.

    One statement reads the rows as they were when it began, except the locked game row, which
    PostgreSQL reads again once the lock is granted: a writer that committed while this one
    waited for the lock leaves the seats, the round and the values of ``also`` older than the
    game. The game's version as the statement began (``version_seen``) tells: then the rows are
    read again, under the lock now held, which no writer of this game can pass (one more query,
    only when two writes met)."""
    also = {**(also or {}), "version_seen": Subquery(
        Game.objects.filter(pk=OuterRef("game_id")).values("version")[:1])}
    rows = (
        Seat.objects.select_for_update(of=("game",))
        .annotate(current=FilteredRelation(
            "game__rounds", condition=Q(game__rounds__number=F("game__round_number"))))
        .select_related("player", "game__club", "current")
        .filter(**{f"game__{lookup}": value for lookup, value in where.items()})
        .annotate(**also)
        .order_by("position")
    )
    seats = list(rows)
    if seats and seats[0].version_seen != seats[0].game.version:
        seats = list(rows.all())
    if not seats:
        return None
    game = seats[0].game
    for seat in seats:
        seat.game = game
    return Locked(game=game, seats=seats, round=seats[0].current,
                  also={name: getattr(seats[0], name) for name in also})


def game_locked(game_id: int) -> tuple[Game, list[Seat]]:
    """The game locked for a write, with its seats: the read every write service starts with,
    and the place of the guard that refuses a closed result (ResultClosed) before anything is
    written. Only the services that close and open results, and those of the table link
    (access, not content), read the row otherwise."""
    locked = rows_locked(where={"pk": game_id})
    if locked is None:  # no such game (Game.DoesNotExist), or one without seats
        game, seats = _game_row(game_id), []
    else:
        game, seats = locked.game, locked.seats
    result_guard(game)
    return game, seats


def _turn_under_key(key: str):
    """The first turn of the seat's game recorded under a tablet's client key, as a value read
    with the locked row (rows_locked's ``also``): a resend is then found without a query."""
    return Subquery(Turn.objects.filter(round__game=OuterRef("game_id"), client_key=key)
                    .order_by("round", "number").values("pk")[:1])


def _may_record(actor: Actor, game: Game) -> None:
    """Turns, undo and round ends: only while the game is played (a finished game goes back
    through game_reopen), and only by its recorders or its own table link."""
    if game.status != Game.Status.PLAYING:
        raise NotPlaying("not-playing", status=game.status)
    require(actor, Do.RECORD, game)


def _check_version(game: Game, expected: int | None, *, correcting: bool = False) -> None:
    """A write names the version it saw: a stale one is refused rather than overwriting. A
    correction's page is not drawn again with the game as it is now, so it is told apart."""
    if expected is None or expected == game.version:
        return
    if correcting:
        raise Conflict("stale-correction", version=game.version, expected=expected)
    raise Conflict("stale-version", version=game.version, expected=expected)


def _check_moves(game: Game) -> None:
    # Rounds from paper have no turns to undo or replay; the sheet is entered again instead.
    if game.entry != Game.Entry.MOVES:
        raise EngineError("entered-on-paper", "this game was finished on paper", {})


def engine_state_save(
    game: Game, seats: list[Seat], state: GameState, *, finished_at=None, events: int = 1
) -> None:
    """Save what the engine says (replay.state_save: cached columns, a new version) and
    announce the change after commit."""
    was_finished = game.status == Game.Status.FINISHED
    state_save(game, seats, state, finished_at=finished_at, events=events)
    game_saved_announce(game, was_finished=was_finished)


def game_saved_announce(game: Game, *, was_finished: bool) -> None:
    """After commit: the live version is cached and a nudge pushed to the pages following the
    game (the one place a game's change is published: never a read), and a change of the
    game's result (finished, corrected, reopened, abandoned) is announced to the apps above."""
    _after_commit(lambda: live.game_saved(game.pk, game.version))
    finished = game.status == Game.Status.FINISHED
    if game.status == Game.Status.ABANDONED:
        result_announce(game.pk, ResultChange.ABANDONED)
    elif finished and was_finished:
        result_announce(game.pk, ResultChange.CORRECTED)
    elif finished:
        result_announce(game.pk, ResultChange.FINISHED)
    elif was_finished:
        result_announce(game.pk, ResultChange.REOPENED)


def result_announce(game_id: int, change: str, **deleted) -> None:
    """The one place that tells the apps above (ratings, tournaments) that a game's result
    changed, once, after commit (signals.game_result_changed)."""
    _after_commit(lambda: signals.game_result_changed.send_robust(
        sender=Game, game_id=game_id, change=change, **deleted))


# -- starting ---------------------------------------------------------------------------------


@transaction.atomic
def game_start(
    *,
    club: Club,
    players: list[Player | Newcomer],
    preset: str = "",
    overrides: dict | None = None,
    title: str = "",
    title_parts: dict | None = None,
    actor: Actor,
) -> Game:
    """A new game with the players seated in the given (clockwise) order. ``title_parts``: a
    title the site makes up, worded when shown (scoring/titles.py).

    A Newcomer (a typed name) is the club's one person of that name, or a new member or guest
    created with the game; a name close to someone the club has is refused with
    clubs.newcomers.SeatsInDoubt unless confirmed. A player chosen by a person must be one of
    the club's own (a member or a guest it is home to), else clubs.newcomers.SeatsElsewhere.
    A refused start writes nothing."""
    require(actor, Do.START_GAME, club)
    spec = {"preset": preset or club.default_preset, **(overrides or {})}
    rules = rules_resolve(spec)
    if not actor.is_site:
        seats_check(club=club, players=[p for p in players if isinstance(p, Player)])
    wanted = newcomers_resolve(club=club, wanted=list(players))
    # The engine checks the player count and duplicates before anything is written; a
    # newcomer is nobody else yet.
    GameState([str(p.pk) if isinstance(p, Player) else f"new {i}"
               for i, p in enumerate(wanted)], rules)
    new = [p for p in wanted if isinstance(p, Newcomer)]
    players = [p if isinstance(p, Player)
               else newcomer_add(club=club, newcomer=p, actor=actor) for p in wanted]
    state = GameState([str(p.pk) for p in players], rules)
    game = Game.objects.create(
        club=club,
        title=title,
        title_parts=title_parts or {},
        preset=rules.preset,
        rules=rules.to_dict(),
        target=rules.target,
        rounds_limit=rules.rounds_limit,
        created_by=actor.user,
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=i, player=p) for i, p in enumerate(players)
    )
    Round.objects.create(game=game, number=0, start_totals=[0] * len(players),
                         totals=[0] * len(players))
    cache_state(game, seats, state)
    game.save()
    Seat.objects.bulk_update(seats, ["score", "hand_size"])
    after = {"players": [p.display_name for p in players], "rules": rules.to_dict()}
    if new:
        after["new_players"] = [
            {"player": p.display_name, "player_id": p.pk, "guest": person.guest}
            for p, person in zip(players, wanted, strict=True) if isinstance(person, Newcomer)]
    game_audit(game, AuditEntry.Action.START, actor, after=after)
    return game


# -- turns ------------------------------------------------------------------------------------


class Asking(Protocol):
    """Who asks to write to which game, as the tablet's request says (scoring/access.py): what
    finds the game and what the check needs, read in the write's own locked read, and the check
    of what was read. A stranger is refused before a closed result or a stale version is told."""

    where: dict  # finds the game: rows_locked's ``where``

    def also(self, game_path: str) -> dict: ...  # expressions the check needs, on the game's row

    def missing(self) -> NoReturn: ...  # no game found: 404, or the link's refusal

    def admit(self, game: Game, also: dict) -> Actor: ...  # the writer, or PermissionDenied


@transaction.atomic
def turn_record(
    *,
    game_id: int | None = None,
    asking: Asking | None = None,
    seat: int,
    draw: int = 0,
    at: tuple[int, int] | None = None,
    corners: tuple[int, int, int] | None = None,
    expected_version: int | None,
    actor: Actor | None = None,
    client_key: str = "",
) -> TurnOutcome:
    """Record one turn. A client key already recorded with this same turn answers that turn
    (a resend); with another turn it is refused. Raises Conflict, KeyReused, NotPlaying,
    ResultClosed, EngineError or PermissionDenied; nothing is written then.

    The game is ``game_id`` written by ``actor`` (required then: no actor is never
    "trusted"), or the one ``asking`` finds, whose check says who writes: then the access
    check, the locked read, the current round and the resend's lookup are one query (issue 25:
    the tablet's turn in at most 8)."""
    if (asking is None) == (actor is None):
        raise TypeError("turn_record takes an actor with game_id, or an asking claim")
    also = {"earlier": _turn_under_key(client_key)} if client_key else {}
    if asking is not None:
        locked = rows_locked(where=asking.where, also={**asking.also("game__"), **also})
        if locked is None:
            asking.missing()
        actor = asking.admit(locked.game, locked.also)
    else:
        locked = rows_locked(where={"pk": game_id}, also=also)
        if locked is None:
            raise Game.DoesNotExist(f"game {game_id}")
    game, seats = locked.game, locked.seats
    result_guard(game)
    _may_record(actor, game)
    if locked.also.get("earlier") is not None:
        earlier = Turn.objects.get(pk=locked.also["earlier"])
        if (earlier.seat, earlier.draws, earlier.at, earlier.corners) != (
                seat, draw, tuple(at) if at else None, list(corners) if corners else None):
            raise KeyReused("key-reused", key=client_key, turn_id=earlier.pk)
        return TurnOutcome(turn=earlier, duplicate=True, game=game, seats=seats)
    _check_version(game, expected_version)
    current = current_state(game, seats, last_turn=False, round_=locked.round)
    turn = Turn(
        round=current.round,
        number=current.state.round_turns,
        seat=seat,
        draws=draw,
        cell_c=at[0] if at else None,
        cell_r=at[1] if at else None,
        corners=list(corners) if corners else None,
        entered_by=actor.user if actor.user_id else None,
        via_link=actor.via_link,
        client_key=client_key,
    )
    turn_play(current.state, turn)
    turn.save(force_insert=True)
    current.last_turn = turn
    if current.state.round_reason:
        # Round rows are written when something happens to the round, not on every turn:
        # the running totals live in the seats; the round keeps them from its end on.
        round_cache(current.round, current.state)
        current.round.save(update_fields=["totals", "reason"])
    game.turn_count += 1
    engine_state_save(game, seats, current.state)
    game_audit(game, AuditEntry.Action.TURN, actor, round_number=current.round.number,
               turn_number=turn.number, after=turn_snapshot(turn))
    return TurnOutcome(turn=turn, duplicate=False, game=game, seats=seats, current=current,
                       actor=actor)


@transaction.atomic
def turn_undo(*, game_id: int, expected_version: int | None, actor: Actor) -> Game:
    """Take back the last thing entered: the hands of a finished round, else the last turn.
    A finished game is not undone: an organiser reopens it (game_reopen)."""
    game, seats = game_locked(game_id)
    _may_record(actor, game)
    _check_version(game, expected_version)
    _check_moves(game)
    round_ = Round.objects.get(game=game, number=game.round_number)
    if round_.ended_at is None and not round_.turns.exists() and round_.number > 0:
        # Nothing played in this round yet: step back into the previous round's end.
        round_.delete()
        round_ = Round.objects.get(game=game, number=game.round_number - 1)
        game.round_number = round_.number
    if round_.ended_at is not None:
        before = _round_end_take_back(round_)
        game_audit(game, AuditEntry.Action.UNDO, actor, round_number=round_.number,
                   before=before)
    else:
        last = round_.turns.order_by("-number").first()
        if last is None:
            raise EngineError("nothing-to-undo", "nothing has been played yet", {})
        game_audit(game, AuditEntry.Action.UNDO, actor, round_number=round_.number,
                   turn_number=last.number, before=turn_snapshot(last))
        last.delete()
        game.turn_count -= 1
    _current_state_save(game, seats)
    return game


def _round_end_take_back(round_: Round) -> dict:
    """Forget the hands entered at a round's end; returns what they were, for the audit."""
    before = {"hands": list(round_.hands.values("seat", "tiles", "count", "points")),
              "end_points": round_.end_points}
    round_.hands.all().delete()
    round_.ended_at = None
    round_.winner_seat = None
    round_.end_points = []
    round_.save(update_fields=["ended_at", "winner_seat", "end_points"])
    return before


def _current_state_save(game: Game, seats: list[Seat]) -> None:
    """The current round replayed from its rows just changed, and saved."""
    current = current_state(game, seats, from_rows=True)
    round_cache(current.round, current.state)
    current.round.save(update_fields=["totals", "reason"])
    engine_state_save(game, seats, current.state)


@transaction.atomic
def turn_correct(
    *,
    game_id: int,
    round_number: int,
    turn_number: int,
    draw: int,
    at: tuple[int, int] | None,
    corners: tuple[int, int, int] | None,
    actor: Actor,
    expected_version: int | None = None,
) -> Game:
    """Rewrite an earlier turn and replay everything after it. Refused (EngineError, with
    ``round``/``turn`` set to the turn that became illegal) if any later turn no longer fits."""
    game, seats = game_locked(game_id)
    require(actor, Do.CORRECT, game)
    _check_version(game, expected_version, correcting=True)
    _check_moves(game)
    turn = Turn.objects.select_related("round").get(
        round__game=game, round__number=round_number, number=turn_number
    )
    before = turn_snapshot(turn)
    was_finished = game.status == Game.Status.FINISHED
    turn.draws = draw
    turn.cell_c, turn.cell_r = at if at else (None, None)
    turn.corners = list(corners) if corners else None
    _replayed_state_save(game, seats, override=turn)
    if was_finished and game.status != Game.Status.FINISHED:
        # Only an organiser reopens a finished game, with a reason (game_reopen).
        raise EngineError("correction-reopens", "the correction would reopen the game", {})
    game_audit(game, AuditEntry.Action.CORRECT, actor, round_number=round_number,
               turn_number=turn_number, before=before, after=turn_snapshot(turn))
    return game


def _replayed_state_save(game: Game, seats: list[Seat],
                         override: Turn | None = None) -> GameState:
    """The whole game replayed from its rows (``override`` in place of the stored turn with its
    id), every cached column rewritten and saved."""
    rounds = stored_rounds(game)
    if override is not None:
        for stored in rounds:
            stored.turns = [override if t.pk == override.pk else t for t in stored.turns]
    state = replayed_state(player_keys(seats), game.rules, rounds, rewrite=True)
    turns = [turn for stored in rounds for turn in stored.turns]
    Turn.objects.bulk_update(turns, TURN_FIELDS)
    Round.objects.bulk_update(
        [stored.round for stored in rounds],
        ["start_totals", "reason", "totals", "winner_seat", "end_points"],
    )
    game.turn_count = len(turns)
    engine_state_save(game, seats, state)
    return state


# -- rounds -----------------------------------------------------------------------------------


def _parse_hand(entry) -> list[str] | HandCount:
    if isinstance(entry, HandCount):
        return entry
    return [str(tile_parse(t)) if isinstance(t, str) else str(t) for t in entry]


@transaction.atomic
def round_end(
    *,
    game_id: int,
    hands: dict[int, list[str] | HandCount],
    expected_version: int | None,
    actor: Actor,
) -> Game:
    """Enter what is left in each hand; score the round; start the next one or end the game."""
    game, seats = game_locked(game_id)
    _may_record(actor, game)
    _check_version(game, expected_version)
    current = current_state(game, seats)
    parsed = {int(seat): _parse_hand(entry) for seat, entry in hands.items()}
    round_ = current.round
    held = hand_rows(round_, parsed)
    end = round_end_play(current.state, round_, held)
    RoundHand.objects.bulk_create(hand for hand in held if hand.count)
    round_.ended_at = timezone.now()
    round_.save(update_fields=["winner_seat", "end_points", "totals", "ended_at"])
    if not end.game_over:
        Round.objects.create(
            game=game, number=round_.number + 1, start_totals=list(current.state.totals),
            totals=list(current.state.totals),
        )
    engine_state_save(game, seats, current.state)
    game_audit(game, AuditEntry.Action.ROUND_END, actor, round_number=round_.number, after={
        "hands": {seat: entry if isinstance(entry, list) else list(entry)
                  for seat, entry in parsed.items()},
        "end_points": round_.end_points, "totals": round_.totals, "status": game.status})
    return game


# -- the game as a whole ----------------------------------------------------------------------


@transaction.atomic
def game_abandon(*, game_id: int, actor: Actor) -> Game:
    """Stop a game being played. A finished game keeps its result (NotPlaying); abandoning an
    abandoned game changes nothing."""
    game, _seats = game_locked(game_id)
    require(actor, Do.ABANDON, game)
    if game.status == Game.Status.ABANDONED:
        return game
    if game.status != Game.Status.PLAYING:
        raise NotPlaying("finished-not-abandoned", status=game.status)
    game.status = Game.Status.ABANDONED
    game_save(game, ["status"])
    game_audit(game, AuditEntry.Action.ABANDON, actor, before={"status": Game.Status.PLAYING},
               after={"status": game.status})
    game_saved_announce(game, was_finished=False)
    return game


@transaction.atomic
def game_reopen(*, game_id: int, actor: Actor, reason: str) -> Game:
    """Reopen a finished game so its last round's hands can be entered again: the hands are
    taken back, the result and ratings undone until it finishes anew. An organiser's action,
    with a reason, audited. A closed result is refused (game_locked); the apps above hear of
    the reopening after commit (the replay saves the game no longer finished:
    game_saved_announce)."""
    game, seats = game_locked(game_id)
    require(actor, Do.REOPEN, game)
    reason = (reason or "").strip()
    if not reason:
        raise ReopenRefused("reason-missing")
    if game.status != Game.Status.FINISHED:
        raise ReopenRefused("not-finished")
    before = scores_snapshot(game, seats)
    last = Round.objects.filter(game=game, ended_at__isnull=False).order_by("-number").first()
    before.update(_round_end_take_back(last))
    game.round_number = last.number
    _current_state_save(game, seats)
    game_audit(game, AuditEntry.Action.REOPEN, actor, round_number=last.number, reason=reason,
               before=before, after=scores_snapshot(game, seats))
    return game


@transaction.atomic
def game_delete(*, game_id: int, actor: Actor) -> None:
    """Delete a game and everything recorded in it; ratings are re-rated from where it stood.
    Its audit stays, with a last entry saying who deleted it."""
    game, seats = game_locked(game_id)
    require(actor, Do.DELETE_GAME, game)
    finished = game.status == Game.Status.FINISHED
    game_audit(game, AuditEntry.Action.DELETE, actor, before={
        **scores_snapshot(game, seats), "players": [s.player.display_name for s in seats],
        "turns": game.turn_count})
    game.delete()
    result_announce(game_id, ResultChange.DELETED,
                    finished_at=game.finished_at if finished else None,
                    players=[seat.player_id for seat in seats])


def _table_link_set(game_id: int, actor: Actor, token: str | None, action: str) -> Game:
    # The link is access to the game, not its content: it can be revoked or renewed whether
    # or not the result is closed (a closed game's old link should rather be revoked).
    game = _game_row(game_id)
    require(actor, Do.MANAGE_LINK, game)
    before = {"link": bool(game.table_token)}
    if game.table_token:
        # Kept so that whoever still holds it is told it was revoked (scoring/access.py).
        RevokedLink.objects.create(token=game.table_token, game=game)
    game.table_token = token
    game.save(update_fields=["table_token"])
    # Whether a link worked, not the secret itself: the audit is readable by staff.
    game_audit(game, action, actor, before=before, after={"link": bool(token)})
    return game


@transaction.atomic
def table_link_revoke(*, game_id: int, actor: Actor) -> Game:
    return _table_link_set(game_id, actor, None, AuditEntry.Action.LINK_REVOKED)


@transaction.atomic
def table_link_renew(*, game_id: int, actor: Actor) -> Game:
    return _table_link_set(game_id, actor, new_table_token(), AuditEntry.Action.LINK_RENEWED)


# -- closed results ---------------------------------------------------------------------------


@transaction.atomic
def games_result_close(*, game_ids: list[int], actor: Actor) -> list[int]:
    """Close the results of these games (a tournament closes its complete round's games):
    from now on every write of them is refused (ResultClosed) until one is opened for a
    correction. Games already closed are left alone; returns the ids closed now."""
    closed = []
    games = (Game.objects.select_for_update(of=("self",)).select_related("club")
             .filter(pk__in=game_ids).exclude(result_lock=Game.Lock.CLOSED).order_by("pk"))
    for game in games:
        require(actor, Do.CLOSE_RESULT, game)
        before = {"result": game.result_lock}
        game.result_lock = Game.Lock.CLOSED
        game.save(update_fields=["result_lock"])
        game_audit(game, AuditEntry.Action.CLOSE, actor, before=before,
                   after={"result": game.result_lock})
        closed.append(game.pk)
    return closed


@transaction.atomic
def game_result_open(*, game_id: int, reason: str, actor: Actor) -> Game:
    """Open a closed result for one correction: an organiser's action with a reason, audited.
    Any write may then change the game, and the first that leaves it over (finished or
    abandoned) closes it again (replay.game_save). The caller (tournaments) decides whether
    the result may be opened at all; ReopenRefused("reason-missing") without a reason."""
    game = _game_row(game_id)
    require(actor, Do.CLOSE_RESULT, game)
    reason = (reason or "").strip()
    if not reason:
        raise ReopenRefused("reason-missing")
    if game.result_lock == Game.Lock.CLOSED:
        game.result_lock = Game.Lock.REOPENED
        game.save(update_fields=["result_lock"])
        game_audit(game, AuditEntry.Action.RESULT_OPEN, actor, reason=reason,
                   before={"result": Game.Lock.CLOSED}, after={"result": game.result_lock})
    return game
