"""A round follows its games: complete once the last one is over, open again when one of them
is reopened or replayed. Reopening a finished tournament game is refused while a later round
exists (its pairing or seeding used the result) and once the tournament is finished."""

from __future__ import annotations

from django.db import transaction

from clubs.permissions import Actor
from scoring.models import Game
from scoring.services import game_start

from ..models import Registration, Table, Tournament, TournamentRound
from .audit import Action, check, tournament_audit, tournament_changed
from .errors import Refused
from .rounds import _complete_if_done, _locked_round, _title_parts


def _table_of(game_id: int) -> Table | None:
    return Table.objects.filter(game_id=game_id).select_related("round").first()


def _reopen_round(rnd: TournamentRound, actor: Actor | None, why: dict) -> None:
    rnd.status, rnd.completed_at = TournamentRound.Status.PUBLISHED, None
    rnd.save(update_fields=["status", "completed_at"])
    tournament_audit(rnd.tournament, Action.ROUND_REOPEN, actor, round_number=rnd.number,
                     before={"status": TournamentRound.Status.COMPLETE},
                     after={"status": TournamentRound.Status.PUBLISHED, **why})


@transaction.atomic
def round_settle(*, game_id: int) -> TournamentRound | None:
    """Bring the round of a tournament game in line with its games, after the game ended or
    was reopened: a published round whose games are all over completes; a complete round with
    a game being played again is published again (standings then count it as open). The round
    of any other game, or one already in line, is left alone (None). Safe to run twice."""
    table = _table_of(game_id)
    if table is None:
        return None
    tournament_changed(table.round.tournament_id)  # the standings count the game's new result
    if table.round.status not in (TournamentRound.Status.PUBLISHED,
                                                   TournamentRound.Status.COMPLETE):
        return None
    rnd = _locked_round(table.round)
    if rnd.status == TournamentRound.Status.PUBLISHED:
        _complete_if_done(rnd)
        return rnd
    if rnd.tables.filter(bye=False, game__status=Game.Status.PLAYING).exists():
        _reopen_round(rnd, None, {"game": game_id})
        return rnd
    return None


def game_reopen_refusal(*, game_id: int) -> Refused | None:
    """Asked inside scoring's reopening transaction: why this game must stay finished, or None.
    The tournament is locked, so no later round is paired while the reopening commits."""
    table = _table_of(game_id)
    if table is None:
        return None
    tournament = Tournament.objects.select_for_update().get(pk=table.round.tournament_id)
    if tournament.status == Tournament.Status.FINISHED:
        return Refused("tournament-finished")
    later = (tournament.rounds.filter(number__gt=table.round.number)
             .order_by("number").values_list("number", flat=True).first())
    if later is not None:
        return Refused("later-round", round=table.round.number, later=later)
    return None


@transaction.atomic
def table_replay(*, table: Table, actor: Actor | None = None) -> Table:
    """Play an abandoned table again: a fresh game for the same seats. Allowed while its
    round is open, or in the last round before the next one is paired (the round reopens)."""
    table = Table.objects.select_for_update(of=("self",)).select_related("game").get(pk=table.pk)
    rnd = _locked_round(table.round)
    check(actor, rnd.tournament)
    if table.bye or table.game is None or table.game.status != Game.Status.ABANDONED:
        raise Refused("not-abandoned", table=table.number)
    later = rnd.tournament.rounds.filter(number__gt=rnd.number).exists()
    if rnd.status != TournamentRound.Status.PUBLISHED and (
            rnd.status != TournamentRound.Status.COMPLETE or later):
        raise Refused("round-closed", round=rnd.number)
    regs = {r.player_id: r.player for r in Registration.objects.filter(
        tournament=rnd.tournament, player_id__in=table.seats).select_related("player")}
    tournament = rnd.tournament
    abandoned = table.game_id
    table.game = game_start(
        club=tournament.club, players=[regs[p] for p in table.seats], preset=tournament.preset,
        overrides=tournament.overrides, title_parts=_title_parts(rnd, table),
        actor=actor,
    )
    table.save(update_fields=["game"])
    tournament_audit(tournament, Action.TABLE_REPLAY, actor, round_number=rnd.number,
                     before={"table": table.number, "game": abandoned},
                     after={"game": table.game.pk})
    if rnd.status == TournamentRound.Status.COMPLETE:
        _reopen_round(rnd, actor, {"table": table.number})
    return table
