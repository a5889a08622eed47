"""Moving between stages: from the standings into the knockout, and finishing the tournament."""

from __future__ import annotations

from django.db import transaction

from clubs.permissions import Actor
from scoring.services import games_result_close

from .. import pairing, pairing_rows
from ..models import Stage, Table, Tournament, TournamentRound
from .audit import Action, check, tournament_audit
from .entries import tournament_locked
from .errors import Refused
from .rounds import close_finished_rounds, round_generate


def rounds_left(tournament: Tournament, stage: Stage) -> list[int]:
    return stage.rounds_left(tournament, stage.rounds.count())


def _no_drafts(tournament: Tournament) -> None:
    pending = tournament.rounds.filter(
        status__in=[TournamentRound.Status.PAIRING, TournamentRound.Status.DRAFT])
    number = pending.values_list("number", flat=True).first()
    if number is not None:
        raise Refused("draft-exists", round=number)


@transaction.atomic
def knockout_start(*, tournament: Tournament, actor: Actor,
                   early: bool = False) -> TournamentRound:
    """Seed the top of the standings into the bracket and pair its first round as a draft.

    Seed 1 is the leader of the standings, so the best of the first stage meet last and get
    the byes of a short field. Withdrawn players neither qualify nor block the cut. Before the
    last planned round of the first stage it is refused (``stage-rounds-left``) unless
    ``early``: the organiser chose to leave those rounds unplayed.
    """
    tournament = tournament_locked(tournament)
    check(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused("tournament-finished")
    stages = list(tournament.stages.order_by("order"))
    knockout = next((s for s in stages if s.kind == Stage.Kind.KNOCKOUT), None)
    if knockout is None:
        raise Refused("no-knockout")
    if knockout.seeds:
        raise Refused("knockout-started")
    _no_drafts(tournament)
    close_finished_rounds(tournament)
    tables = pairing_rows.load_tables(tournament, stage=stages[0])
    if not tables:
        raise Refused("no-rounds-played")
    left = rounds_left(tournament, stages[0])
    if left and not early:
        raise Refused("stage-rounds-left", rounds=left)
    registrations = list(tournament.registrations.select_related("player"))
    standings = pairing_rows.standings(tournament, registrations, tables, qualifying=True)
    count = min(knockout.qualifiers, len(standings.rows))
    if count < 2:
        raise Refused("too-few-players", count=count)
    try:
        bracket = pairing.knockout_from_standings(
            standings, count, tournament.table_size, knockout.advance
        )
    except pairing.PairingError as error:
        raise Refused("bad-knockout", reason=error.code, reason_params=error.params) from error
    knockout.seeds = list(bracket.seeds)
    knockout.flags = pairing.flags_to_json(bracket.flags)
    knockout.save(update_fields=["seeds", "flags"])
    tournament_audit(tournament, Action.KNOCKOUT_START, actor,
                     after={"seeds": knockout.seeds, "rounds_left": left})
    return round_generate(tournament=tournament, actor=actor)


def knockout_undo(rnd: TournamentRound, actor: Actor) -> None:
    """Discarding the knockout's first draft takes the seeding back: the tournament is in its
    first stage again, and the rounds it left unplayed can be paired (round_discard)."""
    stage = rnd.stage
    if stage.kind != Stage.Kind.KNOCKOUT or stage.rounds.exclude(pk=rnd.pk).exists():
        return
    before = {"seeds": list(stage.seeds)}
    stage.seeds, stage.flags = [], []
    stage.save(update_fields=["seeds", "flags"])
    tournament_audit(rnd.tournament, Action.KNOCKOUT_UNDO, actor, round_number=rnd.number,
                     before=before, after={"seeds": []})


@transaction.atomic
def tournament_finish(*, tournament: Tournament, actor: Actor,
                      early: bool = False) -> Tournament:
    """Close the tournament: the knockout's champion wins, or without a knockout the leader
    of the standings. Refused while a round is still being played or waits as a draft, and
    (``stage-rounds-left``, ``knockout-not-played``) before the planned rounds of the first
    stage or the planned knockout are played, unless ``early``: the organiser chose to."""
    tournament = tournament_locked(tournament)
    check(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        return tournament
    _no_drafts(tournament)
    close_finished_rounds(tournament)
    if not tournament.rounds.exists():
        raise Refused("no-rounds-played")
    stages = list(tournament.stages.order_by("order"))
    knockout = next((s for s in stages if s.kind == Stage.Kind.KNOCKOUT and s.seeds), None)
    if knockout is None and not early:
        left = rounds_left(tournament, stages[0])
        if left:
            raise Refused("stage-rounds-left", rounds=left)
        if any(s.kind == Stage.Kind.KNOCKOUT for s in stages):
            raise Refused("knockout-not-played")
    if knockout is not None:
        tables = pairing_rows.load_tables(tournament, stage=knockout)
        state = pairing_rows.bracket_state(knockout, tournament.table_size, tables)[1]
        if state.champion is None:
            raise Refused("knockout-unfinished")
        winner = state.champion
    else:
        registrations = list(tournament.registrations.select_related("player"))
        tables = pairing_rows.load_tables(tournament, stage=stages[0])
        rows = pairing_rows.standings(tournament, registrations, tables, qualifying=True).rows
        winner = rows[0].player if rows else None
    tournament.status = Tournament.Status.FINISHED
    tournament.winner_id = winner
    tournament.save(update_fields=["status", "winner"])
    # A result still open for a correction is final now too.
    games_result_close(game_ids=list(Table.objects.filter(round__tournament=tournament)
                                     .exclude(game=None).values_list("game_id", flat=True)),
                       actor=actor)
    tournament_audit(tournament, Action.FINISH, actor, before={"status": Tournament.Status.RUNNING},
                     after={"status": tournament.status, "winner": winner})
    return tournament


@transaction.atomic
def tournament_reopen(*, tournament: Tournament, reason: str,
                      actor: Actor) -> Tournament:
    """Take a finished tournament back to running, saying why, so that a result can be
    corrected (table_result_reopen) and the tournament finished again: its winner is decided
    anew then. Audited with the reason; reopening a running tournament changes nothing."""
    tournament = tournament_locked(tournament)
    check(actor, tournament)
    reason = (reason or "").strip()
    if not reason:
        raise Refused("reason-needed")
    if tournament.status != Tournament.Status.FINISHED:
        return tournament
    winner = tournament.winner_id
    tournament.status, tournament.winner_id = Tournament.Status.RUNNING, None
    tournament.save(update_fields=["status", "winner"])
    tournament_audit(tournament, Action.REOPEN, actor, reason=reason,
                     before={"status": Tournament.Status.FINISHED, "winner": winner},
                     after={"status": tournament.status})
    return tournament
