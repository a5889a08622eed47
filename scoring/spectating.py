"""What a spectator reads on the live page besides the board: the running turn log and, once
the game is over, the final result with the rating changes.

A fixed number of queries however long the game: the log is one query (turns with their rounds
joined in; a round's outcome is read from the round row each turn carries), the result one more.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.utils import timezone

from clubs.models import holds

from .models import Game, Round, Seat, Turn
from .rating_changes import RatingChange, rating_changes

# Ratings are written by a Celery task after the game's commit, normally within a second or
# two. The live page keeps polling for them this long after the finish, then stops: a worker
# that is down must not keep every spectator's page polling forever.
RATINGS_WAIT = timedelta(seconds=60)


@dataclass(frozen=True)
class LoggedTurn:
    number: int  # 1-based within its round
    who: str
    tile: str
    points: int
    detail: dict
    draws: int
    passed: bool


@dataclass
class LoggedRound:
    number: int  # 1-based
    # Set once the round has ended: how, who won it, and each player's round-end points.
    reason: str = ""
    winner: str = ""
    end_points: list[tuple[str, int]] = field(default_factory=list)
    turns: list[LoggedTurn] = field(default_factory=list)

    @property
    def ended(self) -> bool:
        return bool(self.reason)

    went_out = holds("reason", Round.Reason.OUT)
    # Neither: a round from paper, with no winner to name.
    blocked = holds("reason", Round.Reason.BLOCKED)


def turn_log(game: Game, names: list[str], rounds: list[Round] | None = None) -> list[LoggedRound]:
    """The game's rounds, newest first, each with its turns newest first. A caller that already
    holds the rounds with their turns prefetched passes them and saves the query."""
    if rounds is not None:
        pairs = [(round_, turn) for round_ in reversed(rounds)
                 for turn in sorted(round_.turns.all(), key=lambda t: -t.number)]
    else:
        pairs = [(turn.round, turn) for turn in (
            Turn.objects.filter(round__game=game)
            .select_related("round")
            .only("number", "seat", "tile", "points", "detail", "draws", "cell_c",
                  "round__number", "round__reason", "round__winner_seat", "round__end_points",
                  "round__ended_at")
            .order_by("-round__number", "-number")
        )]
    logged: list[LoggedRound] = []
    for round_, turn in pairs:
        if not logged or logged[-1].number != round_.number + 1:
            logged.append(_logged_round(round_, names))
        logged[-1].turns.append(LoggedTurn(
            number=turn.number + 1, who=seat_name(names, turn.seat), tile=turn.tile,
            points=turn.points, detail=turn.detail or {}, draws=turn.draws,
            passed=turn.is_pass,
        ))
    return logged


def _logged_round(round_: Round, names: list[str]) -> LoggedRound:
    logged = LoggedRound(number=round_.number + 1)
    if round_.ended_at is not None and round_.reason:
        logged.reason = round_.reason
        logged.winner = seat_name(names, round_.winner_seat)
        logged.end_points = [(name, points) for name, points
                             in zip(names, round_.end_points or [], strict=False)]
    return logged


def seat_name(names: list[str], seat: int | None) -> str:
    """The name at ``seat``; empty for no seat (a round from paper has no winner to name)."""
    return names[seat] if seat is not None and 0 <= seat < len(names) else ""


@dataclass(frozen=True)
class ResultRow:
    place: int | None
    seat: int
    name: str
    url: str  # the player's page
    score: int
    rating_change: RatingChange | None  # None until rated

    @property
    def won(self) -> bool:
        return self.place == 1


def final_result(game: Game, seats: list[Seat]) -> list[ResultRow]:
    """The seats in finishing order with each player's rating change (None until rated)."""
    by_player = rating_changes(game.pk)
    rows = [ResultRow(place=seat.place, seat=seat.position, name=seat.player.display_name,
                      url=seat.player.get_absolute_url(), score=seat.score,
                      rating_change=by_player.get(seat.player_id)) for seat in seats]
    return sorted(rows, key=lambda row: (row.place is None, row.place or 0, row.seat))


def live_context(game: Game, view, rounds: list[Round] | None = None) -> dict:
    """The live fragment's extra context: the turn log, and for a finished game its result,
    whether its ratings are in, and whether the page should still wait for them."""
    context = {"log": turn_log(game, view.names, rounds)}
    if game.status == Game.Status.FINISHED:
        result = context["result"] = final_result(game, view.seats)
        rated = context["rated"] = any(row.rating_change for row in result)
        context["awaiting_ratings"] = not rated and awaiting_ratings(game)
    return context


def awaiting_ratings(game: Game) -> bool:
    """Still inside the window in which a finished game's ratings are expected to arrive."""
    finished = game.finished_at
    return finished is not None and timezone.now() - finished < RATINGS_WAIT


def game_rated(game: Game) -> bool:
    return bool(rating_changes(game.pk))
