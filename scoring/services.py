"""The only code that writes games. Each service locks the game row, asks the engine, and
writes the turn log and the cached columns in one transaction."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Player
from clubs.tasks import ratings_update
from scoring.engine import EngineError, GameState, HandCount, rules_resolve, tile_parse

from . import live, signals
from .models import AuditEntry, Game, Round, RoundHand, Seat, Turn, new_table_token
from .replay import (
    CurrentRound,
    cache_state,
    current_round_state,
    hands_for_engine,
    play_stored_turn,
    remember_state,
    seat_names,
)


@dataclass(frozen=True)
class Actor:
    """Who is writing: a logged-in user, or a holder of the table link (user may be None)."""

    user: object = None
    via_link: bool = False

    @property
    def user_id(self):
        return getattr(self.user, "pk", None)


class Conflict(Exception):
    """The tablet saw an older version of the game than the one stored."""

    def __init__(self, game: Game, expected: int) -> None:
        super().__init__(f"game {game.pk} is at version {game.version}, not {expected}")
        self.game = game
        self.expected = expected


class NotPlaying(Exception):
    """The game is finished or abandoned; it takes no more turns."""


@dataclass
class TurnOutcome:
    turn: Turn
    duplicate: bool  # True when this submission had already been recorded
    game: Game
    seats: list[Seat]
    current: CurrentRound | None = None  # the state after the turn, for rendering it at once


def _locked(game_id: int) -> tuple[Game, list[Seat]]:
    game = Game.objects.select_for_update().get(pk=game_id)
    seats = list(Seat.objects.filter(game=game).select_related("player").order_by("position"))
    return game, seats


def _check_version(game: Game, expected: int | None) -> None:
    if expected is not None and expected != game.version:
        raise Conflict(game, expected)


def engine_state_save(
    game: Game, seats: list[Seat], state: GameState, *, finished_at=None
) -> None:
    """Write what the engine says into the game's and seats' cached columns; bump the version."""
    before = {seat.pk: (seat.score, seat.hand_size, seat.place) for seat in seats}
    was_finished = game.status == Game.Status.FINISHED
    cache_state(game, seats, state)
    game.version += 1
    fields = ["phase", "round_number", "to_play", "pool_size", "winner_seats", "version",
              "turn_count", "status", "finished_at"]
    if state.finished and game.status == Game.Status.PLAYING:
        game.status = Game.Status.FINISHED
        game.finished_at = finished_at or timezone.now()
        _finish_places(seats, state)
    elif not state.finished and game.status == Game.Status.FINISHED:
        game.status = Game.Status.PLAYING
        game.finished_at = None
        for seat in seats:
            seat.place = None
    game.save(update_fields=fields)
    # A turn changes one seat; plain updates of the changed rows beat one bulk CASE statement.
    for seat in seats:
        if before[seat.pk] != (seat.score, seat.hand_size, seat.place):
            Seat.objects.filter(pk=seat.pk).update(
                score=seat.score, hand_size=seat.hand_size, place=seat.place
            )
    # Remembered only once committed: a rolled-back version must never be found later.
    snapshot = state.copy()
    transaction.on_commit(lambda: remember_state(game, snapshot))
    transaction.on_commit(lambda: live.game_changed(game.pk, game.version))
    if was_finished or game.status == Game.Status.FINISHED:
        transaction.on_commit(lambda: ratings_update.delay(game.pk))
    if game.status == Game.Status.FINISHED and not was_finished:
        transaction.on_commit(lambda: signals.game_ended.send(sender=Game, game_id=game.pk))


def _finish_places(seats: list[Seat], state: GameState) -> None:
    """Final places: winners first; then by score, equal scores sharing a place."""
    winners = set(state.winners)

    def key(seat):
        return (seat.position not in winners, -state.totals[seat.position])

    ordered = sorted(seats, key=key)
    place = 0
    previous = None
    for index, seat in enumerate(ordered):
        if key(seat) != previous:
            place = index + 1
            previous = key(seat)
        seat.place = place


# -- starting ---------------------------------------------------------------------------------


@transaction.atomic
def game_start(
    *,
    club: Club,
    players: list[Player],
    preset: str = "",
    overrides: dict | None = None,
    title: str = "",
    actor: Actor | None = None,
) -> Game:
    """A new game with the players seated in the given (clockwise) order."""
    spec = {"preset": preset or club.default_preset, **(overrides or {})}
    rules = rules_resolve(spec)
    # The engine checks the player count and duplicates before anything is written.
    state = GameState([str(p.pk) for p in players], rules)
    game = Game.objects.create(
        club=club,
        title=title,
        preset=rules.preset,
        rules=rules.to_dict(),
        target=rules.target,
        rounds_limit=rules.rounds_limit,
        created_by=(actor.user if actor else None),
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, position=i, player=p) for i, p in enumerate(players)
    )
    Round.objects.create(game=game, number=0, start_totals=[0] * len(players),
                         totals=[0] * len(players))
    cache_state(game, seats, state)
    game.save()
    Seat.objects.bulk_update(seats, ["score", "hand_size"])
    return game


# -- turns ------------------------------------------------------------------------------------


def turn_fields(result, draws: int) -> dict:
    return {
        "seat": result.seat,
        "draws": draws,
        "cell_c": result.at[0] if result.at else None,
        "cell_r": result.at[1] if result.at else None,
        "corners": list(result.corners) if result.corners else None,
        "tile": str(result.tile) if result.tile else "",
        "points": result.points,
        "detail": result.detail,
        "hexagons": result.hexagons,
        "bridge": result.bridge,
    }


@transaction.atomic
def turn_record(
    *,
    game_id: int,
    seat: int,
    draw: int = 0,
    at: tuple[int, int] | None = None,
    corners: tuple[int, int, int] | None = None,
    expected_version: int | None,
    actor: Actor,
    client_key: str = "",
) -> TurnOutcome:
    """Record one turn. Raises Conflict, NotPlaying or EngineError; nothing is written then."""
    game, seats = _locked(game_id)
    if client_key:
        earlier = Turn.objects.filter(round__game=game, client_key=client_key).first()
        if earlier is not None:
            return TurnOutcome(turn=earlier, duplicate=True, game=game, seats=seats)
    _check_version(game, expected_version)
    if game.status != Game.Status.PLAYING:
        raise NotPlaying(game.get_status_display())
    current = current_round_state(game, seats, last_turn=False)
    result = current.state.play(seat, draw=draw, at=at, corners=corners)
    turn = Turn.objects.create(
        round=current.round,
        number=current.state.round_turns - 1,
        entered_by=actor.user if actor.user_id else None,
        via_link=actor.via_link,
        client_key=client_key,
        **turn_fields(result, draw),
    )
    current.last_turn = turn
    if current.state.round_reason:
        # Round rows are written when something happens to the round, not on every turn:
        # the running totals live in the seats; the round keeps them from its end on.
        current.round.totals = list(current.state.totals)
        current.round.reason = current.state.round_reason
        current.round.save(update_fields=["totals", "reason"])
    game.turn_count += 1
    engine_state_save(game, seats, current.state)
    return TurnOutcome(turn=turn, duplicate=False, game=game, seats=seats, current=current)


@transaction.atomic
def turn_undo(*, game_id: int, expected_version: int | None, actor: Actor) -> Game:
    """Take back the last thing entered: the hands of a finished round, else the last turn."""
    game, seats = _locked(game_id)
    _check_version(game, expected_version)
    if game.status == Game.Status.ABANDONED:
        raise NotPlaying(game.get_status_display())
    round_ = Round.objects.get(game=game, number=game.round_number)
    if round_.ended_at is None and not round_.turns.exists() and round_.number > 0:
        # Nothing played in this round yet: step back into the previous round's end.
        round_.delete()
        round_ = Round.objects.get(game=game, number=game.round_number - 1)
        game.round_number = round_.number
    if round_.ended_at is not None:
        before = {"hands": list(round_.hands.values("seat", "tiles", "count", "points"))}
        round_.hands.all().delete()
        round_.ended_at = None
        round_.winner_seat = None
        round_.end_points = []
        round_.save(update_fields=["ended_at", "winner_seat", "end_points"])
        _audit(game, AuditEntry.Action.UNDO, actor, round_number=round_.number, before=before)
    else:
        last = round_.turns.order_by("-number").first()
        if last is None:
            raise EngineError("nothing-to-undo", "nothing has been played yet", {})
        _audit(game, AuditEntry.Action.UNDO, actor, round_number=round_.number,
               turn_number=last.number, before=_turn_snapshot(last))
        last.delete()
        game.turn_count -= 1
    current = current_round_state(game, seats, replay=True)
    current.round.totals = list(current.state.totals)
    current.round.reason = current.state.round_reason or ""
    current.round.save(update_fields=["totals", "reason"])
    engine_state_save(game, seats, current.state)
    return game


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
    game, seats = _locked(game_id)
    _check_version(game, expected_version)
    turn = Turn.objects.select_related("round").get(
        round__game=game, round__number=round_number, number=turn_number
    )
    before = _turn_snapshot(turn)
    turn.draws = draw
    turn.cell_c, turn.cell_r = at if at else (None, None)
    turn.corners = list(corners) if corners else None
    _replay_all(game, seats, override=turn)
    _audit(game, AuditEntry.Action.CORRECT, actor, round_number=round_number,
           turn_number=turn_number, before=before, after=_turn_snapshot(turn))
    return game


def _replay_all(game: Game, seats: list[Seat], override: Turn | None = None) -> GameState:
    """Replay the whole game from its turns and rewrite every cached column."""
    rounds = list(game.rounds.order_by("number").prefetch_related("turns", "hands"))
    state = GameState(seat_names(seats), rules_resolve(game.rules), dealt=rounds[0].dealt)
    changed_turns = []
    for round_ in rounds:
        if round_.number and round_.dealt:
            state.deal(round_.dealt)
        round_.start_totals = list(state.totals)
        for turn in sorted(round_.turns.all(), key=lambda t: t.number):
            if override is not None and turn.pk == override.pk:
                turn = override
            try:
                result = play_stored_turn(state, turn)
            except EngineError as error:
                error.round, error.turn = round_.number, turn.number
                raise
            for name, value in turn_fields(result, turn.draws).items():
                setattr(turn, name, value)
            changed_turns.append(turn)
        round_.reason = state.round_reason or ""
        round_.totals = list(state.totals)
        if round_.ended_at is not None:
            try:
                end = state.end_round(hands_for_engine(list(round_.hands.all())))
            except EngineError as error:
                error.round, error.turn = round_.number, None
                raise
            round_.winner_seat, round_.end_points = end.winner, list(end.points)
            round_.totals = list(state.totals)
    Turn.objects.bulk_update(
        changed_turns,
        ["seat", "draws", "cell_c", "cell_r", "corners", "tile", "points", "detail", "hexagons",
         "bridge"],
    )
    Round.objects.bulk_update(
        rounds, ["start_totals", "reason", "totals", "winner_seat", "end_points"]
    )
    game.turn_count = len(changed_turns)
    engine_state_save(game, seats, state)
    return state


def _turn_snapshot(turn: Turn) -> dict:
    return {"seat": turn.seat, "draw": turn.draws, "at": list(turn.at) if turn.at else None,
            "corners": turn.corners, "points": turn.points}


def _audit(game: Game, action: str, actor: Actor, **fields) -> None:
    AuditEntry.objects.create(
        game=game, action=action, user=actor.user if actor.user_id else None,
        via_link=actor.via_link, **fields,
    )


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
    game, seats = _locked(game_id)
    _check_version(game, expected_version)
    if game.status != Game.Status.PLAYING:
        raise NotPlaying(game.get_status_display())
    current = current_round_state(game, seats)
    parsed = {int(seat): _parse_hand(entry) for seat, entry in hands.items()}
    end = current.state.end_round(parsed)
    round_ = current.round
    RoundHand.objects.bulk_create(
        RoundHand(
            round=round_, seat=seat,
            tiles=None if isinstance(entry, HandCount) else entry,
            count=entry.count if isinstance(entry, HandCount) else len(entry),
            points=end.pips[seat],
        )
        for seat, entry in parsed.items()
        if (entry.count if isinstance(entry, HandCount) else len(entry))
    )
    round_.winner_seat = end.winner
    round_.end_points = list(end.points)
    round_.totals = list(current.state.totals)
    round_.ended_at = timezone.now()
    round_.save(update_fields=["winner_seat", "end_points", "totals", "ended_at"])
    if not end.game_over:
        Round.objects.create(
            game=game, number=round_.number + 1, start_totals=list(current.state.totals),
            totals=list(current.state.totals),
        )
    engine_state_save(game, seats, current.state)
    return game


# -- the game as a whole ----------------------------------------------------------------------


@transaction.atomic
def game_abandon(*, game_id: int, actor: Actor) -> Game:
    game, _seats = _locked(game_id)
    if game.status == Game.Status.ABANDONED:
        return game
    before = {"status": game.status}
    game.status = Game.Status.ABANDONED
    game.version += 1
    game.save(update_fields=["status", "version"])
    _audit(game, AuditEntry.Action.ABANDON, actor, before=before)
    transaction.on_commit(lambda: live.game_changed(game.pk, game.version))
    if before["status"] == Game.Status.FINISHED:
        transaction.on_commit(lambda: ratings_update.delay(game.pk))
    transaction.on_commit(lambda: signals.game_ended.send(sender=Game, game_id=game.pk))
    return game


@transaction.atomic
def game_delete(*, game_id: int, actor: Actor) -> None:
    """Delete a game and everything recorded in it; ratings are re-rated from where it stood."""
    game, seats = _locked(game_id)
    point = None
    if game.status == Game.Status.FINISHED and game.finished_at:
        point = [game.finished_at.isoformat(), game.pk]
    players = [seat.player_id for seat in seats]
    game.delete()
    if point:
        transaction.on_commit(lambda: ratings_update.delay(since=point, players=players))


@transaction.atomic
def table_link_revoke(*, game_id: int, actor: Actor) -> Game:
    game, _seats = _locked(game_id)
    game.table_token = None
    game.save(update_fields=["table_token"])
    _audit(game, AuditEntry.Action.LINK_REVOKED, actor)
    return game


@transaction.atomic
def table_link_renew(*, game_id: int, actor: Actor) -> Game:
    game, _seats = _locked(game_id)
    game.table_token = new_table_token()
    game.save(update_fields=["table_token"])
    _audit(game, AuditEntry.Action.LINK_RENEWED, actor)
    return game
