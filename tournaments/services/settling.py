"""A round follows its games: complete once the last one is over (their results are closed
then), published again when one of its games is played again while it is the last round.

A closed result changes only after the organiser reopens that table's result, with a reason
(table_result_reopen): published pairings stay as they are, the standings and ratings follow
the corrected result, and the round's pages say it was corrected and why. A knockout result is
not reopened once the bracket has moved on from it, nor any result of a finished tournament
until the tournament itself is reopened (stages.tournament_reopen)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from clubs.permissions import SITE, Actor
from scoring.models import Game
from scoring.services import game_result_open, games_result_close

from ..models import Registration, Stage, Table, Tournament, TournamentRound
from .audit import Action, check, tournament_audit, tournament_changed
from .errors import Refused
from .rounds import round_complete_if_done, round_locked, table_game_start


def _table_of(game_id: int) -> Table | None:
    return Table.objects.filter(game_id=game_id).select_related("round").first()


def _reopen_round(rnd: TournamentRound, actor: Actor, why: dict) -> None:
    rnd.status, rnd.completed_at = TournamentRound.Status.PUBLISHED, None
    rnd.save(update_fields=["status", "completed_at"])
    tournament_audit(rnd.tournament, Action.ROUND_REOPEN, actor, round_number=rnd.number,
                     before={"status": TournamentRound.Status.COMPLETE},
                     after={"status": TournamentRound.Status.PUBLISHED, **why})


def _later_round(rnd: TournamentRound, stage: Stage | None = None) -> int | None:
    later = rnd.tournament.rounds.filter(number__gt=rnd.number)
    if stage is not None:
        later = later.filter(stage=stage)
    return later.order_by("number").values_list("number", flat=True).first()


@transaction.atomic
def round_settle(*, game_id: int) -> TournamentRound | None:
    """Bring the round of a tournament game in line with its games, after the game ended or
    was reopened: a published round whose games are all over completes; the last round, once
    complete, is published again while one of its games is played again (standings then
    count it as open). An earlier round stays complete: the later rounds were paired from it.
    The round of any other game, or one already in line, is left alone (None). Safe to run
    twice."""
    table = _table_of(game_id)
    if table is None:
        return None
    tournament_changed(table.round.tournament_id)  # the standings count the game's new result
    if table.round.status not in (TournamentRound.Status.PUBLISHED,
                                                   TournamentRound.Status.COMPLETE):
        return None
    rnd = round_locked(table.round)
    if rnd.status == TournamentRound.Status.PUBLISHED:
        round_complete_if_done(rnd, actor=SITE)
        return rnd
    playing = rnd.tables.filter(bye=False, game__status=Game.Status.PLAYING).exists()
    if playing and _later_round(rnd) is None:
        _reopen_round(rnd, SITE, {"game": game_id})
        return rnd
    return None


def _locked_table(table: Table) -> tuple[Tournament, TournamentRound, Table]:
    """The tournament, the round and the table, locked in that order (the order every service
    that pairs or publishes takes them in)."""
    tournament = Tournament.objects.select_for_update().get(pk=table.round.tournament_id)
    rnd = round_locked(table.round)
    table = Table.objects.select_for_update(of=("self",)).select_related("game").get(pk=table.pk)
    return tournament, rnd, table


@transaction.atomic
def table_result_reopen(*, table: Table, reason: str, actor: Actor) -> Table:
    """Open the closed result of one table of a complete round for a correction, saying why.
    Any way of entering a result may then change the game (a turn correction, final scores, a
    score sheet, reopening the game on the tablet); the first change that leaves it over
    closes it again. Refused for a finished tournament, a round still played, a table
    without a game, and a knockout table the bracket has already moved on from."""
    tournament, rnd, table = _locked_table(table)
    check(actor, tournament)
    reason = (reason or "").strip()
    if not reason:
        raise Refused("reason-needed")
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused("tournament-finished-reopen")
    if table.bye or table.game is None:
        raise Refused("no-game", table=table.number)
    if rnd.status != TournamentRound.Status.COMPLETE:
        raise Refused("round-open", round=rnd.number)
    if rnd.stage.kind == Stage.Kind.KNOCKOUT:
        later = _later_round(rnd, rnd.stage)
        if later is not None:
            raise Refused("knockout-moved-on", round=rnd.number, later=later)
    if not table.game.is_closed:
        return table  # already open for a correction
    game_result_open(game_id=table.game_id, reason=reason, actor=actor)
    who = actor.user.get_username() if actor.user_id else ""
    table.correction = {"reason": reason, "at": timezone.now().isoformat(), "by": who}
    table.save(update_fields=["correction"])
    tournament_audit(tournament, Action.RESULT_REOPEN, actor, round_number=rnd.number,
                     reason=reason, after={"table": table.number, "game": table.game_id})
    return table


@transaction.atomic
def table_result_close(*, table: Table, actor: Actor) -> Table:
    """Close again a result opened for a correction, unchanged (or changed, not yet closed by
    the change itself). Refused while its game is being played again."""
    tournament, rnd, table = _locked_table(table)
    check(actor, tournament)
    game = table.game
    if game is None or not game.is_reopened:
        return table
    if game.status == Game.Status.PLAYING:
        raise Refused("games-playing", count=1)
    games_result_close(game_ids=[game.pk], actor=actor)
    tournament_audit(tournament, Action.RESULT_CLOSE, actor, round_number=rnd.number,
                     after={"table": table.number, "game": game.pk})
    return table


@transaction.atomic
def table_replay(*, table: Table, actor: Actor) -> Table:
    """Play an abandoned table again: a fresh game for the same seats. Allowed while its
    round is open, or in the last round before the next one is paired once the organiser has
    reopened the table's result (the round is published again)."""
    table = Table.objects.select_for_update(of=("self",)).select_related("game").get(pk=table.pk)
    rnd = round_locked(table.round)
    check(actor, rnd.tournament)
    if table.bye or table.game is None or table.game.status != Game.Status.ABANDONED:
        raise Refused("not-abandoned", table=table.number)
    later = rnd.tournament.rounds.filter(number__gt=rnd.number).exists()
    if rnd.status != TournamentRound.Status.PUBLISHED and (
            rnd.status != TournamentRound.Status.COMPLETE or later):
        raise Refused("round-closed", round=rnd.number)
    if table.game.is_closed:
        raise Refused("result-closed", table=table.number)
    regs = {r.player_id: r.player for r in Registration.objects.filter(
        tournament=rnd.tournament, player_id__in=table.player_ids).select_related("player")}
    tournament = rnd.tournament
    abandoned = table.game_id
    table.game = table_game_start(rnd, table, [regs[p] for p in table.player_ids], actor)
    table.save(update_fields=["game"])
    if rnd.status == TournamentRound.Status.COMPLETE:
        games_result_close(game_ids=[abandoned], actor=actor)  # no longer the table's result
    tournament_audit(tournament, Action.TABLE_REPLAY, actor, round_number=rnd.number,
                     before={"table": table.number, "game": abandoned},
                     after={"game": table.game.pk})
    if rnd.status == TournamentRound.Status.COMPLETE:
        _reopen_round(rnd, actor, {"table": table.number})
    return table
