"""Rounds: pair the next one as a draft, edit it by hand, publish it as games, complete it."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from clubs.newcomers import SeatsElsewhere
from clubs.permissions import SITE, Actor
from scoring.models import Game
from scoring.services import game_start, games_result_close

from .. import pairing, pairing_rows
from ..models import Registration, Stage, Table, Tournament, TournamentRound
from .audit import Action, check, tournament_audit, tournament_changed
from .errors import Refused

#: Fields up to this many players are paired inside the request; larger ones by a Celery task
#: while the organiser's page shows the progress.
SYNC_LIMIT = 64

logger = logging.getLogger(__name__)

# A table's game that is over: its result counts (finished) or the table is played again.
GAMES_OVER = (Game.Status.FINISHED, Game.Status.ABANDONED)


def round_locked(rnd: TournamentRound) -> TournamentRound:
    """The round read again and locked for a write, with its tournament, club and stage: what
    every service changing a round starts with (here, in settling and in reconcile)."""
    return (
        TournamentRound.objects.select_for_update(of=("self",))
        .select_related("tournament", "tournament__club", "stage")
        .get(pk=rnd.pk)
    )


def _active(tournament: Tournament, number: int) -> list[Registration]:
    """Who is paired in round ``number``: checked in, not withdrawn, already entered."""
    return [
        r for r in tournament.registrations.filter(checked_in=True, withdrawn=False)
        .select_related("player").order_by("player_id")
        if r.late_entry_round is None or r.late_entry_round <= number
    ]


def _next_stage(tournament: Tournament) -> Stage:
    stages = list(tournament.stages.order_by("order"))
    knockout = next((s for s in stages if s.kind == Stage.Kind.KNOCKOUT and s.seeds), None)
    return knockout or stages[0]


def round_complete_if_done(rnd: TournamentRound, actor: Actor) -> bool:
    """Complete a published round whose games are all over, and close their results; True
    when it is complete now."""
    if rnd.status == TournamentRound.Status.COMPLETE:
        return True
    playing = rnd.tables.filter(bye=False).exclude(game__status__in=GAMES_OVER).exists()
    if rnd.status != TournamentRound.Status.PUBLISHED or playing:
        return False
    rnd.status, rnd.completed_at = TournamentRound.Status.COMPLETE, timezone.now()
    rnd.save(update_fields=["status", "completed_at"])
    games_result_close(game_ids=_game_ids(rnd), actor=actor)
    tournament_audit(rnd.tournament, Action.ROUND_COMPLETE, actor, round_number=rnd.number,
                     before={"status": TournamentRound.Status.PUBLISHED},
                     after={"status": TournamentRound.Status.COMPLETE})
    return True


def _game_ids(rnd: TournamentRound) -> list[int]:
    return list(rnd.tables.exclude(game=None).values_list("game_id", flat=True))


def close_finished_rounds(tournament: Tournament) -> None:
    """Complete every published round that can be; refuse when one still has games playing —
    a reopened game included, even before its round has heard of it (services/settling.py)."""
    reopened = (tournament.rounds.filter(status=TournamentRound.Status.COMPLETE,
                                         tables__game__status=Game.Status.PLAYING)
                .values_list("number", flat=True).first())
    if reopened is not None:
        raise Refused("round-in-progress", round=reopened)
    published = TournamentRound.Status.PUBLISHED
    for rnd in tournament.rounds.select_for_update().filter(status=published):
        if not round_complete_if_done(rnd, actor=SITE):
            raise Refused("round-in-progress", round=rnd.number)


@transaction.atomic
def round_generate(*, tournament: Tournament, actor: Actor) -> TournamentRound:
    """Start pairing the next round as a draft; returns the round (status ``pairing`` while
    a task pairs a large field, ``draft`` when done). A draft already waiting is returned."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check(actor, tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise Refused("tournament-finished")
    pending = tournament.rounds.filter(
        status__in=[TournamentRound.Status.PAIRING, TournamentRound.Status.DRAFT])
    if pending.exists():
        return pending.get()
    close_finished_rounds(tournament)
    stage = _next_stage(tournament)
    played = stage.rounds.count()
    if stage.kind == Stage.Kind.SWISS and played >= tournament.planned_rounds:
        raise Refused("stage-rounds-done", rounds=played)
    if stage.kind == Stage.Kind.ROUND_ROBIN and stage.plan and played >= len(stage.plan):
        raise Refused("stage-rounds-done", rounds=played)
    if stage.kind == Stage.Kind.KNOCKOUT:
        tables = pairing_rows.load_tables(tournament, stage=stage)
        if not pairing_rows.bracket_state(stage, tournament.table_size, tables)[1].ready:
            raise Refused("knockout-done")
    number = (tournament.rounds.aggregate(last=Max("number"))["last"] or 0) + 1
    active = _active(tournament, number)
    if stage.kind != Stage.Kind.KNOCKOUT and len(active) < 2:
        raise Refused("too-few-players", count=len(active))
    rnd = TournamentRound.objects.create(tournament=tournament, stage=stage, number=number)
    tournament_audit(tournament, Action.ROUND_GENERATE, actor, round_number=number,
                     after={"stage": stage.kind, "players": len(active)})
    if len(active) <= SYNC_LIMIT:
        return round_pair(round_id=rnd.pk)
    from ..tasks import round_pair_task

    transaction.on_commit(lambda: round_pair_task.delay(rnd.pk), robust=True)
    return rnd


def _progress(rnd: TournamentRound, percent: int) -> None:
    # A plain update, committed at once when running in a task, so the organiser's polling
    # page sees it while the pairing goes on.
    if TournamentRound.objects.filter(pk=rnd.pk, status=TournamentRound.Status.PAIRING).update(
            progress=percent):
        tournament_changed(rnd.tournament_id)


def round_pair(*, round_id: int) -> TournamentRound:
    """Pair a round that is waiting to be paired; the body of the Celery task.

    Safe to run twice: the slow part (the pure pairing) reads only, and the draft is written
    under the round's lock only if the round is still waiting. A pairing that fails keeps the
    round waiting, with the reason, for the organiser to discard.
    """
    rnd = TournamentRound.objects.select_related("tournament", "stage").get(pk=round_id)
    if rnd.status != TournamentRound.Status.PAIRING:
        return rnd
    _progress(rnd, 10)
    try:
        tables, byes, flags, plan = _draft(rnd)
    except (ValueError, Refused) as error:
        message, failure = _failure(error)
        logger.warning("Pairing round %s refused: %s", rnd.pk, message)
        TournamentRound.objects.filter(pk=rnd.pk).update(failure=failure, progress=0)
        tournament_changed(rnd.tournament_id)
        rnd.refresh_from_db()
        return rnd
    _progress(rnd, 80)
    with transaction.atomic():
        rnd = round_locked(rnd)
        if rnd.status != TournamentRound.Status.PAIRING:
            return rnd
        if plan is not None:
            Stage.objects.filter(pk=rnd.stage_id).update(**plan)
        rows = [Table(round=rnd, number=i, player_ids=list(seats), match=match)
                for i, (seats, match) in enumerate(tables, start=1)]
        rows += [Table(round=rnd, number=len(rows) + i, player_ids=[p], bye=True)
                 for i, p in enumerate(byes, start=1)]
        Table.objects.bulk_create(rows)
        rnd.flags, rnd.status, rnd.progress = flags, TournamentRound.Status.DRAFT, 100
        rnd.failure = None
        rnd.save(update_fields=["flags", "status", "progress", "failure"])
        tournament_changed(rnd.tournament_id)
    return rnd


def _failure(error: Exception) -> tuple[str, dict]:
    """(English message for logs, the stored code and params) of a pairing that failed."""
    if isinstance(error, pairing.PairingError):
        return error.message, {"kind": "pairing", "code": error.code, "params": error.params}
    if isinstance(error, Refused):
        return error.code, {"kind": "refused", "code": error.code, "params": error.params}
    # Not a refusal of the core: a defect. The organiser gets a plain sentence, the log the rest.
    logger.exception("Pairing round failed")
    return str(error) or "unexpected error", {"kind": "pairing", "code": "unexpected",
                                              "params": {}}


def _draft(rnd: TournamentRound):
    """(tables as (seats, match id), bye player ids, flags, new stage plan or None)."""
    tournament, stage = rnd.tournament, rnd.stage
    tables = pairing_rows.load_tables(tournament, stage=stage)
    if stage.kind == Stage.Kind.KNOCKOUT:
        _bracket, state = pairing_rows.bracket_state(stage, tournament.table_size, tables)
        first = not any(t.match for t in tables)
        # A bracket's flags (byes, tables of two) are known when it is built.
        flags = stage.flags if first else []
        return [(m.seats, m.match) for m in state.ready], [], flags, None
    active = _active(tournament, rnd.number)
    if stage.kind == Stage.Kind.SWISS:
        draft = pairing_rows.swiss_draft(tournament, active, tables)
        seats = [(t.seats, "") for t in draft.tables]
        return seats, list(draft.byes), pairing.flags_to_json(draft.flags), None
    plan = None
    schedule = stage.plan
    if not schedule:
        ids, schedule, flags = pairing_rows.round_robin_plan(tournament, active)
        plan = {"seeds": ids, "plan": schedule, "flags": flags}
    index = stage.rounds.filter(number__lt=rnd.number).count()
    planned = schedule[index]
    present = {r.player_id for r in active}
    out, byes = [], [p for p in planned["byes"] if p in present]
    flags = pairing.flags_from_json(planned["flags"])
    if index == 0:
        flags += pairing.flags_from_json(plan["flags"] if plan else stage.flags)
    for number, seats in enumerate(planned["tables"], start=1):
        kept = [p for p in seats if p in present]
        gone = [p for p in seats if p not in present]
        if gone:
            flags.append(pairing.WithdrawnRemoved(table=number, players=tuple(gone)))
        if len(kept) >= 2:
            out.append((kept, ""))
        elif kept:
            byes += kept
            flags.append(pairing.Bye(player=kept[0], reason=pairing.ByeReason.TABLE_EMPTIED))
    return out, byes, pairing.flags_to_json(flags), plan


@transaction.atomic
def round_discard(*, tournament_round: TournamentRound, actor: Actor) -> None:
    """Throw away a draft (or a pairing that failed) so it can be paired again. The knockout's
    first draft takes its seeding with it: the tournament is back in its first stage."""
    from .stages import knockout_undo  # stages builds on this module

    rnd = round_locked(tournament_round)
    check(actor, rnd.tournament)
    if rnd.status not in (TournamentRound.Status.PAIRING, TournamentRound.Status.DRAFT):
        raise Refused("not-draft", round=rnd.number)
    tournament_audit(rnd.tournament, Action.ROUND_DISCARD, actor, round_number=rnd.number,
                     before={"tables": _seating(rnd)})
    knockout_undo(rnd, actor)
    rnd.delete()


def _seating(rnd: TournamentRound) -> list[list[int]]:
    return [list(seats) for seats in rnd.tables.order_by("number").values_list("player_ids",
                                                                                flat=True)]


def _draft_tables(rnd: TournamentRound) -> list[Table]:
    if rnd.status != TournamentRound.Status.DRAFT:
        raise Refused("not-draft", round=rnd.number)
    return list(Table.objects.select_for_update().filter(round=rnd).order_by("number"))


def _find(tables: list[Table], player: int) -> tuple[Table, int]:
    for table in tables:
        if player in table.player_ids:
            return table, table.player_ids.index(player)
    raise Refused("not-in-round", player=player)


@transaction.atomic
def table_swap(*, tournament_round: TournamentRound, first: int, second: int,
               actor: Actor) -> TournamentRound:
    """Swap two players of a draft: between tables, or seats at one table (who opens).

    Everybody stays seated exactly once. In a knockout only seats at one table may change:
    the bracket decides who meets whom.
    """
    rnd = round_locked(tournament_round)
    check(actor, rnd.tournament)
    tables = _draft_tables(rnd)
    before = [list(t.player_ids) for t in tables]
    (ta, ia), (tb, ib) = _find(tables, first), _find(tables, second)
    if first == second:
        return rnd
    if rnd.stage.kind == Stage.Kind.KNOCKOUT and ta.pk != tb.pk:
        raise Refused("knockout-fixed")
    if ta.pk == tb.pk:
        ta.player_ids[ia], ta.player_ids[ib] = second, first
        changed = [ta]
    else:
        ta.player_ids[ia], tb.player_ids[ib] = second, first
        changed = [ta, tb]
    Table.objects.bulk_update(changed, ["player_ids"])
    _edited(rnd, tables, changed, [first, second])
    tournament_audit(rnd.tournament, Action.TABLE_SWAP, actor, round_number=rnd.number,
                     before={"tables": before}, after={"tables": [t.player_ids for t in tables]})
    return rnd


@transaction.atomic
def table_move(*, tournament_round: TournamentRound, player: int, table_number: int,
               actor: Actor) -> TournamentRound:
    """Move one player of a draft to the end of another table (a bye player joins a table).

    Refused when it would leave a table of one or make one bigger than four.
    """
    rnd = round_locked(tournament_round)
    check(actor, rnd.tournament)
    tables = _draft_tables(rnd)
    before = [list(t.player_ids) for t in tables]
    if rnd.stage.kind == Stage.Kind.KNOCKOUT:
        raise Refused("knockout-fixed")
    source, index = _find(tables, player)
    target = next((t for t in tables if t.number == table_number and not t.bye), None)
    if target is None:
        raise Refused("no-such-table", table=table_number)
    if target.pk == source.pk:
        return rnd
    if len(target.player_ids) >= 4:
        raise Refused("table-full", table=target.number)
    if not source.bye and len(source.player_ids) <= 2:
        raise Refused("table-too-small", table=source.number)
    source.player_ids.pop(index)
    target.player_ids.append(player)
    if source.bye:
        source.delete()
        tables.remove(source)
        changed = [target]
    else:
        changed = [source, target]
    Table.objects.bulk_update(changed, ["player_ids"])
    _edited(rnd, tables, changed, [player])
    tournament_audit(rnd.tournament, Action.TABLE_MOVE, actor, round_number=rnd.number,
                     before={"tables": before}, after={"tables": [t.player_ids for t in tables]})
    return rnd


def _edited(rnd: TournamentRound, tables: list[Table], changed: list[Table],
            players: list[int]) -> None:
    """Re-explain the tables an organiser changed: their old flags go, fresh meeting flags for
    exactly those tables come, and a note says who was moved by hand."""
    numbers = {t.number for t in changed}
    bye_players = {t.player_ids[0] for t in tables if t.bye}
    kept = [
        f for f in pairing.flags_from_json(rnd.flags)
        if f.at_table() not in numbers
        and not (isinstance(f, pairing.Bye) and f.player not in bye_players)
    ]
    known_byes = {f.player for f in kept if isinstance(f, pairing.Bye)}
    kept += [pairing.Bye(player=p, reason=pairing.ByeReason.BY_HAND)
             for p in sorted(bye_players - known_byes)]
    past = pairing_rows.load_tables(rnd.tournament, stage=rnd.stage)
    clubs = dict(Registration.objects.filter(tournament=rnd.tournament)
                 .values_list("player_id", "player__home_club_id"))
    fresh = pairing_rows.meeting_flags(
        [(t.number, t.player_ids) for t in changed if not t.bye], past,
        clubs if rnd.tournament.avoid_same_club else {})
    note = pairing.EditedByHand(players=tuple(players), tables=tuple(sorted(numbers)))
    rnd.flags = pairing.flags_to_json([*kept, *fresh, note])
    rnd.save(update_fields=["flags"])


def table_game_start(rnd: TournamentRound, table: Table, players, actor: Actor) -> Game:
    """The table's game, seated in the table's order under the tournament's rules. A player
    who is not one of the club's people (registered before that was checked) is refused."""
    tournament = rnd.tournament
    try:
        return game_start(club=tournament.club, players=players, preset=tournament.preset,
                          overrides=tournament.overrides, title_parts=_title_parts(rnd, table),
                          actor=actor)
    except SeatsElsewhere as error:
        raise Refused("players-elsewhere", players=", ".join(
            p.display_name for p in error.players)) from None


def _title_parts(rnd: TournamentRound, table: Table) -> dict:
    """Worded in the reader's language when shown (tournaments/titles.py)."""
    if table.match:
        return {"kind": "tournament-match", "tournament": rnd.tournament.name,
                "round": rnd.number, "match": table.match}
    return {"kind": "tournament-table", "tournament": rnd.tournament.name,
            "round": rnd.number, "table": table.number}


@transaction.atomic
def round_publish(*, tournament_round: TournamentRound, actor: Actor,
                  site_url: str = "") -> TournamentRound:
    """Make the draft official: one scoring Game per table, seated in the table's order, with
    the tournament's rules. A bye scores per the points scheme without a game. Publishing a
    published round changes nothing. Once committed, the players who asked for it are
    e-mailed their table (tournaments.round_mail; ``site_url`` makes the link to their page)."""
    rnd = round_locked(tournament_round)
    check(actor, rnd.tournament)
    if rnd.status in (TournamentRound.Status.PUBLISHED, TournamentRound.Status.COMPLETE):
        return rnd
    tables = _draft_tables(rnd)
    ids = [p for t in tables for p in t.player_ids]
    if len(ids) != len(set(ids)):
        raise Refused("seated-twice")
    tournament = rnd.tournament
    regs = {r.player_id: r for r in Registration.objects.filter(
        tournament=tournament, player_id__in=ids).select_related("player")}
    withdrawn = [regs[p].player.display_name for p in ids if regs[p].withdrawn]
    if withdrawn and rnd.stage.kind != Stage.Kind.KNOCKOUT:
        raise Refused("withdrawn-seated", players=", ".join(withdrawn))
    for table in tables:
        if table.bye or table.game_id:
            continue
        if len(table.player_ids) < 2:
            raise Refused("table-too-small", table=table.number)
        table.game = table_game_start(rnd, table, [regs[p].player for p in table.player_ids],
                                      actor)
        Table.objects.filter(pk=table.pk).update(game=table.game)
    rnd.status, rnd.published_at = TournamentRound.Status.PUBLISHED, timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    # The tournament runs from its first published round: a draft can still be discarded, so
    # until then it is in registration (and a newcomer is an ordinary entry, not a late one).
    Tournament.objects.filter(pk=tournament.pk).exclude(
        status__in=[Tournament.Status.RUNNING, Tournament.Status.FINISHED]
    ).update(status=Tournament.Status.RUNNING)
    tournament.status = Tournament.Status.RUNNING
    tournament_audit(tournament, Action.ROUND_PUBLISH, actor, round_number=rnd.number, after={
        "tables": [{"seats": t.player_ids, "game": t.game_id, "bye": t.bye} for t in tables]})
    from ..tasks import round_mail_task

    rnd_id = rnd.pk
    transaction.on_commit(lambda: round_mail_task.delay(rnd_id, site_url), robust=True)
    return rnd


@transaction.atomic
def round_complete(*, tournament_round: TournamentRound,
                   actor: Actor) -> TournamentRound:
    """Close a published round once every game is finished or abandoned."""
    rnd = round_locked(tournament_round)
    check(actor, rnd.tournament)
    if rnd.status == TournamentRound.Status.COMPLETE:
        return rnd
    if rnd.status != TournamentRound.Status.PUBLISHED:
        raise Refused("not-published", round=rnd.number)
    playing = rnd.tables.filter(bye=False).exclude(game__status__in=GAMES_OVER).count()
    if playing:
        raise Refused("games-playing", count=playing)
    round_complete_if_done(rnd, actor)
    return rnd
