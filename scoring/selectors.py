"""Read queries for games, shaped here so every page has a fixed query budget."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, Prefetch, QuerySet, Value, When
from django.db.models.functions import Coalesce

from clubs.models import Club
from scoring.engine import GameState

from .board_svg import view_box
from .models import Game, Round, Seat
from .rating_changes import rating_changes
from .replay import current_state


def games_with_seats() -> QuerySet[Game]:
    """Games with their club and seated players: two queries however many games."""
    return Game.objects.select_related("club").prefetch_related(
        Prefetch("seats", Seat.objects.select_related("player"))
    )


def games_in_progress() -> QuerySet[Game]:
    return games_with_seats().filter(status=Game.Status.PLAYING).order_by("-started_at", "-pk")


def club_recent_games(club: Club, limit: int = 10) -> QuerySet[Game]:
    """The club's latest games by when they were played (a score sheet typed in later still
    counts from the evening it was played)."""
    return (
        Game.objects.filter(club=club).exclude(status=Game.Status.ABANDONED)
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("player")))
        .annotate(played_at=Coalesce("finished_at", "started_at"))
        .order_by("-played_at", "-pk")[:limit]
    )


def game_seats(game: Game) -> list[Seat]:
    return list(game.seats.select_related("player").order_by("position"))


@dataclass
class GameView:
    """The game view: everything a tablet or live page shows about the current round."""

    game: Game
    seats: list[Seat]
    state: GameState
    round: Round
    last_turn: object
    cells: list[tuple[tuple[int, int], tuple[int, int, int]]]  # ((c, r), corners) on the board
    view_box: str
    last_cell: tuple | None
    previous_round: Round | None

    @property
    def names(self) -> list[str]:
        return [seat.player.display_name for seat in self.seats]

    @property
    def rows(self) -> list[dict]:
        """The scoreboard: one row per seat."""
        state = self.state
        to_play = state.to_play
        return [
            {
                "seat": seat,
                "score": state.totals[seat.position],
                "hand": state.hand_sizes[seat.position],
                "to_play": to_play == seat.position,
                "winner": seat.position in state.winners,
                "pool": state.pools[seat.position] if state.pools is not None else None,
            }
            for seat in self.seats
        ]


def game_view(game: Game, *, seats: list[Seat] | None = None, current=None) -> GameView:
    """The current round replayed by the engine; a fixed number of queries (3 or 4).

    A service that has just replayed the round passes its seats and state to skip the queries.
    """
    if seats is None or current is None:
        seats = game_seats(game)
        current = current_state(game, seats)
    board = current.state.board
    cells = list(board.cells.items())
    previous = None
    if current.round.number and current.last_turn is None:
        previous = Round.objects.filter(game=game, number=current.round.number - 1).first()
    if current.round.ended_at is not None:
        previous = current.round
    return GameView(
        game=game, seats=seats, state=current.state, round=current.round,
        last_turn=current.last_turn,
        cells=cells, view_box=view_box(list(board.cells)), last_cell=board.last,
        previous_round=previous,
    )


def game_rating_changes(game: Game) -> list:
    """Each player's rating before and after this game, in seating order (empty until rated),
    from the ratings app's reader (scoring/rating_changes.py)."""
    by_player = rating_changes(game.pk)
    return [(seat, by_player.get(seat.player_id)) for seat in game.seats.order_by("position")
            .select_related("player")] if by_player else []


def game_rounds(game: Game) -> list[Round]:
    return list(game.rounds.order_by("number").prefetch_related("turns", "hands"))


def game_list() -> QuerySet[Game]:
    """Every game for the games list: running ones first, then newest played first.

    "played_at" is when the game was played — its finish, or its start while it runs — so
    a game entered later from paper is dated by the day it was played, not the day it was typed.
    """
    return games_with_seats().annotate(
        played_at=Coalesce("finished_at", "started_at"),
        running=Case(When(status=Game.Status.PLAYING, then=Value(0)), default=Value(1)),
    ).order_by("running", "-played_at", "-pk")


def player_games_playing(player, limit: int = 10) -> QuerySet[Game]:
    """The games the player is seated at that are still being played, newest first (a
    tournament round's games appear the moment it is published): two queries."""
    return (games_with_seats().filter(status=Game.Status.PLAYING, seats__player=player)
            .order_by("-started_at", "-pk")[:limit])
