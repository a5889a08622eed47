"""Moving between stages: from the standings into the knockout, and finishing the tournament."""

from __future__ import annotations

from django.db import transaction

from clubs.permissions import Actor

from .. import pairing, pairing_rows
from ..models import Stage, Tournament, TournamentRound
from .audit import Action, check, tournament_audit
from .errors import Refused
from .rounds import close_finished_rounds, round_generate


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _no_drafts(tournament: Tournament) -> None:
    pending = tournament.rounds.filter(
        status__in=[TournamentRound.Status.PAIRING, TournamentRound.Status.DRAFT])
    number = pending.values_list("number", flat=True).first()
    if number is not None:
        raise Refused("draft-exists", round=number)


@transaction.atomic
def knockout_start(*, tournament: Tournament, actor: Actor | None = None) -> TournamentRound:
    """Seed the top of the standings into the bracket and pair its first round as a draft.

    Seed 1 is the leader of the standings, so the best of the first stage meet last and get
    the byes of a short field. Withdrawn players neither qualify nor block the cut.
    """
    tournament = _locked(tournament)
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
    registrations = list(tournament.registrations.select_related("player"))
    standings = pairing_rows.standings(tournament, registrations, tables, qualifying=True)
    count = min(knockout.qualifiers, len(standings.rows))
    if count < 2:
        raise Refused("too-few-players", count=count)
    try:
        bracket = pairing.knockout_from_standings(
            standings, count, "single", tournament.table_size, knockout.advance
        )
    except pairing.PairingError as error:
        raise Refused("bad-knockout", reason=error.code, reason_params=error.params) from error
    knockout.seeds = list(bracket.seeds)
    knockout.flags = pairing.flags_to_json(bracket.flags)
    knockout.save(update_fields=["seeds", "flags"])
    tournament_audit(tournament, Action.KNOCKOUT_START, actor, after={"seeds": knockout.seeds})
    return round_generate(tournament=tournament, actor=actor)


@transaction.atomic
def tournament_finish(*, tournament: Tournament, actor: Actor | None = None) -> Tournament:
    """Close the tournament: the knockout's champion wins, or without a knockout the leader
    of the standings. Refused while a round is still being played or waits as a draft."""
    tournament = _locked(tournament)
    check(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        return tournament
    _no_drafts(tournament)
    close_finished_rounds(tournament)
    if not tournament.rounds.exists():
        raise Refused("no-rounds-played")
    stages = list(tournament.stages.order_by("order"))
    knockout = next((s for s in stages if s.kind == Stage.Kind.KNOCKOUT and s.seeds), None)
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
    tournament_audit(tournament, Action.FINISH, actor, before={"status": Tournament.Status.RUNNING},
                     after={"status": tournament.status, "winner": winner})
    return tournament
