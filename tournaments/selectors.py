"""Read queries for tournament pages. Every page reads a fixed number of queries, however many
tables or players there are: names come from one registrations query, seats from one seats
query, and the standings from the pure core over those rows."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import (
    BooleanField,
    Count,
    ExpressionWrapper,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.utils import timezone

from clubs.models import Club, Player
from scoring.models import Game, Seat

from . import pairing_rows
from .models import Registration, Stage, Table, Tournament, TournamentRound
from .round_by_round import round_by_round


def tournament_list() -> QuerySet[Tournament]:
    return (
        Tournament.objects.exclude(status=Tournament.Status.DRAFT)
        .select_related("club", "winner")
        .annotate(players=Count("registrations", filter=Q(registrations__withdrawn=False)))
        .order_by("-starts_on", "name", "pk")
    )


def tournament_drafts(clubs) -> QuerySet[Tournament]:
    return Tournament.objects.filter(status=Tournament.Status.DRAFT, club__in=clubs).select_related(
        "club"
    )


def club_upcoming(club: Club) -> QuerySet[Tournament]:
    """Announced tournaments of the club that have not finished, soonest first."""
    today = timezone.localdate()
    return (
        Tournament.objects.filter(club=club)
        .filter(Q(status=Tournament.Status.RUNNING)
                | Q(status=Tournament.Status.REGISTRATION, starts_on__gte=today
                    - datetime.timedelta(days=1)))
        .order_by("starts_on", "name", "pk")
    )


def tournament(slug: str) -> Tournament:
    return Tournament.objects.select_related("club", "winner").get(slug=slug)


def registrations(tournament: Tournament) -> list[Registration]:
    return list(
        tournament.registrations.select_related("player", "player__home_club")
        .order_by("player__display_name", "pk")
    )


def names(regs: list[Registration]) -> dict[int, str]:
    return {r.player_id: r.player.display_name for r in regs}


def rounds(tournament: Tournament) -> list[TournamentRound]:
    """The rounds with their stage, each with ``games_playing``: its games still played."""
    playing = Count("tables", filter=Q(tables__bye=False,
                                       tables__game__status=Game.Status.PLAYING))
    return list(tournament.rounds.select_related("stage").annotate(games_playing=playing)
                .order_by("number"))


@dataclass
class SeatLine:
    player_id: int
    name: str
    score: int | None = None
    place: int | None = None


@dataclass
class TableLine:
    table: Table
    seats: list[SeatLine]
    game: Game | None
    notes: list = field(default_factory=list)  # flags about this table, in words

    @property
    def label(self) -> str:
        return self.table.match or str(self.table.number)

    @property
    def playing(self) -> bool:
        return self.game is not None and self.game.status == Game.Status.PLAYING

    def has(self, query: str) -> bool:
        return any(query in s.name.casefold() for s in self.seats)


def round_tables(rnd: TournamentRound, names: dict[int, str]) -> list[TableLine]:
    """The round's tables with names and, once played, scores and places (2 queries)."""
    return table_lines(rnd.tables.all(), names)


def table_lines(tables, names: dict[int, str]) -> list[TableLine]:
    tables = list(tables.select_related("game").order_by("round__number", "number"))
    scores = {}
    game_ids = [t.game_id for t in tables if t.game_id]
    if game_ids:
        scores = {
            (g, p): (s, pl) for g, p, s, pl in Seat.objects.filter(game_id__in=game_ids)
            .values_list("game_id", "player_id", "score", "place")
        }
    lines = []
    for t in tables:
        seats = []
        for p in t.player_ids:
            score, place = scores.get((t.game_id, p), (None, None))
            seats.append(SeatLine(p, names.get(p, "?"), score, place))
        lines.append(TableLine(t, seats, t.game))
    return lines


@dataclass
class StandingLine:
    rank: int
    player_id: int
    name: str
    withdrawn: bool
    points: float
    values: dict[str, float]
    games: int
    cells: list = field(default_factory=list)  # round_by_round.Cell or None, one per round


@dataclass
class StandingsView:
    lines: list[StandingLine]
    tiebreaks: tuple[str, ...]
    flags: list = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)  # the round-by-round grid's columns


def first_stage(tournament: Tournament) -> Stage:
    return tournament.stages.order_by("order").first()


def standings(tournament: Tournament, regs: list[Registration] | None = None) -> StandingsView:
    """Live standings of the Swiss or round-robin stage (finished games and byes so far)."""
    regs = regs if regs is not None else registrations(tournament)
    stage = first_stage(tournament)
    tables = pairing_rows.load_tables(tournament, stage=stage)
    result = pairing_rows.standings(tournament, regs, tables)
    by_id = {r.player_id: r for r in regs}
    rounds, cells = round_by_round(tournament, tables)
    games: dict[int, int] = {}
    for t in tables:
        if t.finished:
            for p in t.seats:
                games[p] = games.get(p, 0) + 1
    lines = [
        StandingLine(
            rank=row.rank, player_id=row.player, name=by_id[row.player].player.display_name,
            withdrawn=by_id[row.player].withdrawn, points=row.value("points"),
            values=dict(row.values), games=games.get(row.player, 0),
            cells=[cells.get(row.player, {}).get(n) for n in rounds],
        )
        for row in result.rows
    ]
    return StandingsView(lines, result.tiebreaks, result.flags, rounds)


def knockout_stage(tournament: Tournament) -> Stage | None:
    return tournament.stages.filter(kind=Stage.Kind.KNOCKOUT).first()


@dataclass
class MatchView:
    id: str
    round: int
    slots: list[str]  # names, or where the player will come from
    order: list[str]  # finishing order once played
    table: TableLine | None = None
    advance: int = 0


@dataclass
class BracketView:
    columns: list[list[MatchView]]
    champion: str | None
    flags: list = field(default_factory=list)


def bracket(tournament: Tournament, stage: Stage, names: dict[int, str], describe) -> BracketView:
    """The knockout as columns of matches; ``describe(source, bracket)`` words an empty seat."""
    tables = pairing_rows.load_tables(tournament, stage=stage)
    bracket_, state = pairing_rows.bracket_state(stage, tournament.table_size, tables)
    seed_rank = {p: i for i, p in enumerate(stage.seeds)}
    orders = {t.match: pairing_rows.finishing_order(t, seed_rank) for t in tables if t.finished}
    public = Table.objects.filter(
        round__stage=stage,
        round__status__in=[TournamentRound.Status.PUBLISHED, TournamentRound.Status.COMPLETE])
    lines = {line.table.match: line for line in table_lines(public, names)}
    columns: dict[int, list[MatchView]] = {}
    for match in bracket_.matches:
        slots = []
        for src in match.slots:
            if src.kind == "seed":
                slots.append(names.get(bracket_.seeds[src.seed - 1], "?"))
            elif src.match in orders:
                slots.append(names.get(orders[src.match][src.place - 1], "?"))
            else:
                slots.append(describe(src, bracket_))
        order = [names.get(p, "?") for p in orders.get(match.id, ())]
        columns.setdefault(match.round, []).append(
            MatchView(match.id, match.round, slots, order, lines.get(match.id), match.advance)
        )
    champion = names.get(state.champion) if state.champion else None
    return BracketView([columns[k] for k in sorted(columns)], champion, stage.flags)


@dataclass
class FinalLine:
    best: int
    worst: int
    name: str
    player_id: int
    how: str  # "knockout" or "standings"

    @property
    def by_knockout(self) -> bool:
        return self.how == "knockout"


def final_results(tournament: Tournament, regs: list[Registration]) -> list[FinalLine]:
    """Final places: the knockout decides its players' places, the standings everybody else's."""
    names_ = names(regs)
    view = standings(tournament, regs)
    stage = knockout_stage(tournament)
    out: list[FinalLine] = []
    placed: set[int] = set()
    if stage is not None and stage.seeds:
        tables = pairing_rows.load_tables(tournament, stage=stage)
        state = pairing_rows.bracket_state(stage, tournament.table_size, tables)[1]
        rank = {line.player_id: line.rank for line in view.lines}
        for p, (best, worst) in sorted(
            state.placements.items(), key=lambda kv: (kv[1], rank.get(kv[0], 10**6))
        ):
            out.append(FinalLine(best, worst, names_.get(p, "?"), p, "knockout"))
            placed.add(p)
    place = max((line.worst for line in out), default=0)
    for line in view.lines:
        if line.player_id in placed or (stage is not None and line.player_id in stage.seeds):
            continue
        place += 1
        out.append(FinalLine(place, place, line.name, line.player_id, "standings"))
    return out


def club_members_unregistered(tournament: Tournament) -> QuerySet[Player]:
    """The club's members not registered yet: the organiser's player picker."""
    return (Player.objects.filter(memberships__club=tournament.club)
            .exclude(registrations__tournament=tournament).order_by("display_name", "pk"))


def stages(tournament: Tournament) -> list[Stage]:
    return list(tournament.stages.order_by("order"))


@dataclass(frozen=True)
class Day:
    """Where the organiser's day stands, and which step can work now: the day page offers a
    button only then (the services refuse the rest anyway), and the confirmation pages say
    what a step leaves out."""

    pending: TournamentRound | None  # a draft, or a round being paired
    playing: int | None  # a round whose games are still being played
    rounds_left: tuple[int, ...]  # the first stage's planned rounds not paired yet
    knockout: Stage | None
    knockout_ready: bool  # a started knockout has a match to pair
    champion: int | None  # a started knockout's winner, once decided
    finished: bool
    any_round: bool

    @property
    def idle(self) -> bool:
        """No draft waiting, no game being played: a stage can change now."""
        return not self.finished and self.pending is None and self.playing is None

    @property
    def knockout_started(self) -> bool:
        return self.knockout is not None and bool(self.knockout.seeds)

    @property
    def can_pair(self) -> bool:
        if not self.idle:
            return False
        return self.knockout_ready if self.knockout_started else bool(self.rounds_left)

    @property
    def can_start_knockout(self) -> bool:
        return (self.idle and self.any_round and self.knockout is not None
                and not self.knockout_started)

    @property
    def can_finish(self) -> bool:
        return self.idle and self.any_round and (
            not self.knockout_started or self.champion is not None)

    @property
    def knockout_skipped(self) -> bool:
        """Finishing now would leave the planned knockout unplayed."""
        return self.knockout is not None and not self.knockout_started


def day(tournament: Tournament, rounds: list[TournamentRound], stages: list[Stage]) -> Day:
    """The day's state from the rounds (as ``rounds`` reads them) and stages the page has
    read; two more queries to follow a started knockout's bracket."""
    pending = next((r for r in rounds if r.status in (TournamentRound.Status.PAIRING,
                                                      TournamentRound.Status.DRAFT)), None)
    playing = next((r.number for r in rounds if r.games_playing), None)
    first = stages[0]
    knockout = next((s for s in stages if s.kind == Stage.Kind.KNOCKOUT), None)
    ready, champion = False, None
    if knockout is not None and knockout.seeds:
        tables = pairing_rows.load_tables(tournament, stage=knockout)
        state = pairing_rows.bracket_state(knockout, tournament.table_size, tables)[1]
        ready, champion = bool(state.ready), state.champion
    played = sum(1 for r in rounds if r.stage_id == first.pk)
    left = first.rounds_left(tournament, played)
    if first.kind == Stage.Kind.ROUND_ROBIN and not first.plan:
        left = [1]  # the schedule is made with its first round
    return Day(pending=pending, playing=playing, rounds_left=tuple(left), knockout=knockout,
               knockout_ready=ready, champion=champion,
               finished=tournament.status == Tournament.Status.FINISHED,
               any_round=bool(rounds))


def seated_players(tournament: Tournament) -> set[int]:
    """Players seated at some table of the tournament (draft or played): their registration
    can no longer simply be deleted."""
    return {p for seats in Table.objects.filter(round__tournament=tournament)
            .values_list("player_ids", flat=True) for p in seats}


def checked_in_count(tournament: Tournament) -> int:
    """Players present and not withdrawn: those the next round pairs."""
    return tournament.registrations.filter(checked_in=True, withdrawn=False).count()


def player_tournaments(player: Player) -> list[dict]:
    """The tournaments the player entered (withdrawn entries left out), newest first, with the
    games played in each and whether the player won it: a part of the player's page (ratings'),
    registered in tournaments/apps.py. One query."""
    in_tournament = Seat.objects.filter(
        player=player, game__status=Game.Status.FINISHED,
        game__tournament_table__round__tournament=OuterRef("tournament_id"))
    return list(
        Registration.objects.filter(player=player, withdrawn=False)
        .annotate(games=Subquery(in_tournament.values("player_id").annotate(n=Count("id"))
                                 .values("n")[:1], output_field=IntegerField()),
                  won=ExpressionWrapper(Q(tournament__winner=player),
                                        output_field=BooleanField()))
        .values("tournament__name", "tournament__slug", "tournament__starts_on", "games",
                "won")
        .order_by("-tournament__starts_on", "-tournament_id")
    )


# A player's own view of their tournaments (the "My page", config/my_page.py).

def player_entries(player: Player) -> list[Registration]:
    """The player's registrations in announced tournaments that are not over, soonest first."""
    return list(
        Registration.objects.filter(player=player)
        .filter(tournament__status__in=[Tournament.Status.REGISTRATION,
                                        Tournament.Status.RUNNING])
        .select_related("tournament", "tournament__club")
        .order_by("tournament__starts_on", "tournament__name", "pk"))


@dataclass(frozen=True)
class PlayerTable:
    """Where the player sits in their tournament's latest published round: ``table`` is None
    when they are not seated in it (withdrawn, or entered after it was paired)."""

    tournament: Tournament
    round: TournamentRound
    table: Table | None
    mates: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return self.table.match or str(self.table.number) if self.table else ""

    @property
    def bye(self) -> bool:
        return self.table is not None and self.table.bye

    @property
    def game(self) -> Game | None:
        return self.table.game if self.table is not None else None


def player_tables(player: Player, entries: list[Registration]) -> list[PlayerTable]:
    """For each running tournament of ``entries``, the player's table in its latest published
    round (three queries however many tournaments and tables)."""
    running = {r.tournament_id: r.tournament for r in entries if r.tournament.is_running}
    if not running:
        return []
    latest: dict[int, TournamentRound] = {}
    for rnd in (TournamentRound.objects.filter(
            tournament_id__in=running, status__in=[TournamentRound.Status.PUBLISHED,
                                                   TournamentRound.Status.COMPLETE])
            .order_by("tournament_id", "-number")):
        latest.setdefault(rnd.tournament_id, rnd)
    seated: dict[int, Table] = {}
    for table in Table.objects.filter(round__in=latest.values()).select_related("game"):
        if player.pk in table.player_ids:
            seated[table.round_id] = table
    mate_ids = {p for t in seated.values() for p in t.player_ids if p != player.pk}
    names = dict(Player.objects.filter(pk__in=mate_ids).values_list("pk", "display_name"))
    found = []
    for tournament_id, tournament in running.items():
        rnd = latest.get(tournament_id)
        if rnd is None:
            continue
        rnd.tournament = tournament
        table = seated.get(rnd.pk)
        mates = (tuple(names.get(p, "?") for p in table.player_ids if p != player.pk)
                 if table else ())
        found.append(PlayerTable(tournament, rnd, table, mates))
    return found


def open_to_player(player: Player) -> list[Tournament]:
    """Tournaments of the player's clubs open to self-registration that they have not entered
    (or have withdrawn from), soonest first."""
    entered = Registration.objects.filter(player=player, withdrawn=False).values("tournament")
    return list(
        Tournament.objects.filter(status=Tournament.Status.REGISTRATION, self_registration=True,
                                  club__memberships__player=player)
        .exclude(pk__in=entered).select_related("club")
        .order_by("starts_on", "name", "pk"))
