"""The only bridge between the database and the pure pairing core (tournaments.pairing).

It reads registrations and tables into plain values, asks the core, and hands back the core's
plain answers; the core never sees a model. (Tabbycat keeps the same split: its "draw"
generators, our pairing, work on plain objects, one manager talks to the database.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from django.conf import settings

from scoring.models import Game, Seat

from . import pairing
from .models import Registration, Stage, Table, Tournament


@dataclass
class PlayedTable:
    """One table of a published round, with its game's outcome when it has finished."""

    round_number: int
    stage_id: int
    number: int
    match: str
    bye: bool
    seats: tuple[int, ...]
    game_id: int | None = None
    status: str = ""  # the game's status, "" for a bye
    # (player id, score, place) in seat order, only once the game finished
    results: list[tuple[int, int, int]] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.status == Game.Status.FINISHED

    @property
    def done(self) -> bool:
        return self.bye or self.status in (Game.Status.FINISHED, Game.Status.ABANDONED)


def load_tables(tournament: Tournament, *, stage: Stage | None = None) -> list[PlayedTable]:
    """Every table of the published and complete rounds, in round and table order (2 queries)."""
    rows = Table.objects.filter(
        round__tournament=tournament,
        round__status__in=["published", "complete"],
    )
    if stage is not None:
        rows = rows.filter(round__stage=stage)
    tables = [
        PlayedTable(number_, stage_id, number, match, bye, tuple(seats), game_id, status or "")
        for number_, stage_id, number, match, bye, seats, game_id, status in rows.order_by(
            "round__number", "number"
        ).values_list(
            "round__number", "round__stage_id", "number", "match", "bye", "player_ids", "game_id",
            "game__status",
        )
    ]
    finished = {t.game_id: t for t in tables if t.finished}
    if finished:
        for game_id, player_id, score, place in (
            Seat.objects.filter(game_id__in=list(finished)).order_by("game_id", "position")
            .values_list("game_id", "player_id", "score", "place")
        ):
            finished[game_id].results.append((player_id, score, place or 0))
    return tables


def scheme_for(tournament: Tournament) -> pairing.PointsScheme:
    """Tournament points; a bye is worth a win at a full table, so sitting out never hurts."""
    if tournament.points_scheme == Tournament.Points.WIN:
        return pairing.win_tie_loss()
    return pairing.by_placing(bye=tournament.table_size - 1)


def round_results(tables: Sequence[PlayedTable]) -> list[pairing.RoundResult]:
    """The finished games, byes and absent players, one RoundResult per round (unfinished
    tables left out)."""
    by_round: dict[int, tuple[list, list]] = {}
    for t in tables:
        games, byes = by_round.setdefault(t.round_number, ([], []))
        if t.bye:
            byes.extend(t.seats)
        elif t.finished:
            games.append(pairing.TableResult(
                seats=tuple(p for p, _, _ in t.results),
                scores=tuple(s for _, s, _ in t.results),
                placings=tuple(pl for _, _, pl in t.results),
            ))
    # Who played anywhere in these rounds but was not seated in one (withdrawn): C.07's
    # dummy opponent for that round. A table still being played seats its players.
    everybody = {p for t in tables for p in t.seats}
    seated: dict[int, set[int]] = {}
    for t in tables:
        seated.setdefault(t.round_number, set()).update(t.seats)
    return [
        pairing.RoundResult(
            tuple(games), tuple(byes), tuple(sorted(everybody - seated[number]))
        )
        for number, (games, byes) in sorted(by_round.items())
    ]


def history(tables: Iterable[PlayedTable]) -> list[list[tuple[int, ...]]]:
    """Who sat together in each round, abandoned games included: they did meet."""
    by_round: dict[int, list] = {}
    for t in tables:
        seats = by_round.setdefault(t.round_number, [])
        if not t.bye:
            seats.append(t.seats)
    return [seats for _, seats in sorted(by_round.items())]


def entry(registration: Registration, points: float = 0, byes: int = 0) -> pairing.PlayerEntry:
    club = registration.player.home_club_id
    return pairing.PlayerEntry(
        id=registration.player_id, points=points, rating=registration.rating,
        club=str(club) if club else None, byes=byes,
    )


def swiss_draft(
    tournament: Tournament, registrations: Sequence[Registration], tables: list[PlayedTable]
) -> pairing.RoundDraft:
    """The next Swiss round for the active registrations, after the published rounds."""
    scheme = scheme_for(tournament)
    points = pairing.tournament_points(round_results(tables), scheme)
    byes: dict[int, int] = {}
    for t in tables:
        if t.bye:
            for p in t.seats:
                byes[p] = byes.get(p, 0) + 1
    players = [entry(r, points.get(r.player_id, 0), byes.get(r.player_id, 0))
               for r in registrations]
    return pairing.pair_swiss(players, history(tables), tournament.table_size,
                              swiss_options(tournament))


def swiss_options(tournament: Tournament) -> pairing.SwissOptions:
    """The tournament's Swiss settings, and the site's cap on the exact solver."""
    # The planned number of rounds lets the pairing keep a repeat-free completion of them.
    return pairing.SwissOptions(
        avoid_same_club=tournament.avoid_same_club, remainder=tournament.remainder,
        planned_rounds=tournament.planned_rounds or None,
        time_limit=settings.PAIRING_TIME_LIMIT,
    )


def round_robin_plan(tournament: Tournament, registrations: Sequence[Registration]):
    """The whole round-robin schedule, pairing numbers by rating (then id), made once."""
    players = sorted(registrations, key=lambda r: (-r.rating, r.player_id))
    ids = [r.player_id for r in players]
    schedule = pairing.round_robin(
        ids, tournament.table_size, rounds=tournament.planned_rounds or None,
        remainder=tournament.remainder, seed=tournament.pk,
    )
    plan = [
        {"tables": [list(t.seats) for t in rnd.tables], "byes": list(rnd.byes),
         "flags": pairing.flags_to_json(rnd.flags)}
        for rnd in schedule.rounds
    ]
    return ids, plan, pairing.flags_to_json(schedule.flags)


def bracket_for(stage: Stage, table_size: int) -> pairing.Bracket:
    return pairing.single_elimination(stage.seeds, table_size, stage.advance)


def finishing_order(table: PlayedTable, seed_rank: dict[int, int]) -> tuple[int, ...]:
    """Best first: by place, then score; a tie left at the cut goes to the better seed."""
    ranked = sorted(table.results, key=lambda r: (r[2], -r[1], seed_rank.get(r[0], 10**6)))
    return tuple(p for p, _, _ in ranked)


def bracket_state(stage: Stage, table_size: int, tables: Iterable[PlayedTable]):
    """The bracket and where it stands after the finished knockout tables."""
    bracket = bracket_for(stage, table_size)
    seed_rank = {p: i for i, p in enumerate(stage.seeds)}
    results = {
        t.match: finishing_order(t, seed_rank)
        for t in tables
        if t.stage_id == stage.pk and t.match and t.finished
    }
    return bracket, pairing.advance(bracket, results)


def standings(
    tournament: Tournament,
    registrations: Sequence[Registration],
    tables: Sequence[PlayedTable],
    *,
    qualifying: bool = False,
) -> pairing.Standings:
    """The pure core's standings over ``tables`` (the Swiss or round-robin stage).

    Everybody who played or is still active gets a row; for ``qualifying`` the withdrawn are
    left out, so they can be neither seeded nor cut by the knockout. Withdrawn players who played
    still count as table-mates either way (the core takes care of that).
    """
    seated = {p for t in tables for p in t.seats}
    chosen = [
        r for r in registrations
        if (r.player_id in seated or r.active) and not (qualifying and r.withdrawn)
    ]
    return pairing.compute_standings(
        [entry(r) for r in chosen], round_results(tables), scheme_for(tournament),
        tournament.tiebreaks, lots_seed=tournament.pk,
    )


def meeting_flags(
    tables: Iterable[tuple[int, Sequence[int]]],
    past: Sequence[PlayedTable],
    clubs: dict[int, int | None],
) -> list[pairing.Flag]:
    """Repeat-meeting and same-club flags for tables changed by hand, worded like the core's.

    The core explains only drafts it made; after a swap the organiser still needs to see
    whether the new tables repeat a meeting, so the same facts are read from the core's
    Meetings. ``proof`` is "by-hand": nobody claims the repeat was unavoidable.
    """
    meetings = pairing.Meetings(history(past))
    out = []
    for number, seats in tables:
        for a, b in combinations(sorted(seats), 2):
            count = meetings.count(a, b)
            if count:
                last = meetings.last_round(a, b)
                out.append(pairing.RepeatMeeting(
                    players=(a, b), table=number, meetings=count, last_round=last,
                    consecutive=last == meetings.rounds, proof=pairing.Proof.BY_HAND))
            if clubs.get(a) and clubs.get(a) == clubs.get(b):
                out.append(pairing.SameClub(players=(a, b), club=str(clubs[a]), table=number))
    return out
