"""Read queries for ratings, rankings and player pages, each with its joins decided here."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.db.models import (
    Avg,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    FloatField,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.expressions import Window
from django.db.models.functions import Coalesce, Lag, Rank
from django.utils import timezone

from clubs.models import Club, Membership, Player
from scoring.models import Game, Seat, Turn
from scoring.rating_changes import RatingChange

from . import core as ratings
from .models import GameRating, PlayerRating

# A player with no finished game for this long is listed apart from the ranking (docs/ratings.md).
INACTIVE_AFTER = timedelta(days=180)


def player_list() -> QuerySet[Player]:
    return Player.objects.select_related("home_club", "rating").order_by("display_name", "pk")


def club_members(club: Club) -> QuerySet[Membership]:
    return (
        Membership.objects.filter(club=club)
        .select_related("player", "player__rating", "player__user")
        .order_by("player__display_name", "player_id")
    )


def rankings(*, club: Club | None = None, inactive: bool = False,
             provisional: bool | None = None) -> QuerySet[PlayerRating]:
    """Rated players, active or inactive; the ranking proper takes the established only
    (provisional=False), since a "?" rating is not yet a place (None: both kinds)."""
    now = timezone.now()
    rows = (PlayerRating.objects.filter(games__gt=0).select_related("player", "player__home_club")
            .annotate(per_game=ExpressionWrapper(F("points") * 1.0 / F("games"), FloatField())))
    if club is not None:
        rows = rows.filter(player__memberships__club=club)
    if inactive:
        rows = rows.filter(last_played__lt=now - INACTIVE_AFTER)
    else:
        rows = rows.filter(last_played__gte=now - INACTIVE_AFTER)
    if provisional is not None:
        rows = rows.filter(provisional=provisional)
    return rows


def with_rank(rows: QuerySet[PlayerRating]) -> QuerySet[PlayerRating]:
    # Provisional players rank after established ones: a "?" rating is not yet a place.
    return rows.annotate(
        rank=Window(Rank(), order_by=[F("provisional").asc(), F("value").desc()])
    ).order_by("provisional", "-value", "player__display_name", "player_id")


def named(rows: QuerySet[PlayerRating], name: str) -> QuerySet[PlayerRating]:
    """The ranked rows whose player's name contains `name`, keeping each one's rank among the
    whole selection. Tied by OR to the rank (never null), the condition is applied after the
    window (Django's QUALIFY); alone it would go into WHERE and re-rank only the matches."""
    return rows.filter(Q(rank__isnull=True) | Q(player__display_name__icontains=name))


def inactive_count(*, club: Club | None = None) -> int:
    return rankings(club=club, inactive=True).count()


def provisional_count(*, club: Club | None = None) -> int:
    return rankings(club=club, provisional=True).count()


def player_detail(pk: int) -> Player | None:
    return Player.objects.select_related("home_club", "rating").filter(pk=pk).first()


def rating_history(player: Player) -> list[GameRating]:
    return list(
        GameRating.objects.filter(player=player).order_by("finished_at", "game_id")
        .only("game_id", "finished_at", "before", "after", "place", "score")
    )


def player_games(player: Player) -> QuerySet[Seat]:
    """The player's seats, newest played first, each dated by when its game was played (its
    finish; its start while it runs), with the rating change and the number at the table."""
    rating = GameRating.objects.filter(game=OuterRef("game_id"), player=player)
    return (
        Seat.objects.filter(player=player)
        .exclude(game__status=Game.Status.ABANDONED)
        .select_related("game", "game__club")
        .annotate(change=Subquery(rating.values("after")[:1], output_field=IntegerField())
                  - Subquery(rating.values("before")[:1], output_field=IntegerField()),
                  players=Count("game__seats"),
                  played_at=Coalesce("game__finished_at", "game__started_at"))
        .order_by("-played_at", "-game_id")
    )


def player_stats(player: Player) -> dict:
    """Games, wins, win rate, average place, points per turn, hexagons, bridges, best game and
    best turn."""
    seats = Seat.objects.filter(player=player, game__status=Game.Status.FINISHED)
    games = seats.aggregate(games=Count("id"), wins=Count("id", filter=Q(place=1)),
                            best=Max("score"), average_place=Avg("place"))
    games["win_rate"] = games["wins"] / games["games"] if games["games"] else None
    turns = Turn.objects.filter(
        round__game__seats__player=player, seat=F("round__game__seats__position")
    ).exclude(round__game__status=Game.Status.ABANDONED)
    moves = turns.aggregate(turns=Count("id"), turn_points=Sum("points"),
                            hexagons=Count("id", filter=Q(hexagons__gt=0)),
                            bridges=Count("id", filter=Q(bridge=True)),
                            best_turn=Max("points"))
    moves["per_turn"] = (moves["turn_points"] or 0) / moves["turns"] if moves["turns"] else 0
    best_game = (seats.order_by("-score", "game__finished_at", "game_id")
                 .select_related("game").first())
    return {**games, **moves, "best_game": best_game}


def head_to_head(player: Player) -> list[dict]:
    """Every opponent met in finished games: how often, who finished ahead, the average score
    difference (the player's score minus the opponent's) and their last meeting. Opponents who
    keep their games private are left out (docs/ratings.md, "Private games")."""
    mine = Seat.objects.filter(game=OuterRef("game_id"), player=player)
    met = Seat.objects.filter(game__status=Game.Status.FINISHED, game__seats__player=player)
    last = (met.filter(player=OuterRef("player_id"))
            .order_by("-game__finished_at", "-game_id").values("game_id")[:1])
    return list(
        met.exclude(player=player).exclude(player__games_public=False)
        .annotate(my_place=Subquery(mine.values("place")[:1]),
                  my_score=Subquery(mine.values("score")[:1]))
        .values("player_id", "player__display_name")
        .annotate(
            games=Count("id"),
            ahead=Count("id", filter=Q(my_place__lt=F("place"))),
            behind=Count("id", filter=Q(my_place__gt=F("place"))),
            score_difference=Avg(F("my_score") - F("score")),
            last_met=Max("game__finished_at"),
            last_game=Subquery(last),
        )
        .order_by("-games", "player__display_name", "player_id")
    )


# -- ratings that missed an update ------------------------------------------------------------

# A point of the finish order after every game: re-rating from it rewrites only the cached
# ranking columns of the players named.
END_OF_TIME = (datetime.max.replace(tzinfo=UTC), 0)


def _first(queryset, finished_at: str = "finished_at", game: str = "game_id"):
    row = queryset.order_by(finished_at, game).values_list(finished_at, game).first()
    return tuple(row) if row else None


def ratings_stale() -> tuple[tuple | None, set[int]]:
    """Where the stored ratings stopped matching the finished games, as (the earliest point
    of the finish order to re-rate from, players whose ranking row is wrong) — (None, ∅)
    when everything matches. Finds what an update that never ran leaves behind: a finished
    game without ratings, ratings of a game no longer finished or finished at another time
    or with other places or scores, a rating that does not start where the player's previous
    one ended (a game deleted before it), a ranking row that is not the last rating."""
    finished = Game.objects.filter(status=Game.Status.FINISHED, finished_at__isnull=False)
    seat = Seat.objects.filter(game_id=OuterRef("game_id"), player_id=OuterRef("player_id"))
    default = ratings.DEFAULT
    order = [F("finished_at").asc(), F("game_id").asc()]
    # What the player's previous rating ended with (a first rating starts from the default).
    chain = GameRating.objects.annotate(
        mu_prev=Window(Lag("mu_after", default=Value(default.mu)), partition_by="player_id",
                       order_by=order),
        sigma_prev=Window(Lag("sigma_after", default=Value(default.sigma)),
                          partition_by="player_id", order_by=order),
    )
    points = [
        _first(finished.filter(ratings__isnull=True), game="pk"),
        _first(GameRating.objects.exclude(game__in=finished)),
        _first(GameRating.objects.exclude(finished_at=F("game__finished_at"))),
        _first(GameRating.objects.filter(game__in=finished).exclude(
            finished_at=F("game__finished_at")), finished_at="game__finished_at"),
        _first(GameRating.objects.filter(
            Exists(seat.exclude(place=OuterRef("place"), score=OuterRef("score"))))),
        _first(chain.exclude(mu_before=F("mu_prev"), sigma_before=F("sigma_prev"))),
    ]
    last = GameRating.objects.filter(player_id=OuterRef("player_id")).order_by(
        "-finished_at", "-game_id")
    players = set(
        PlayerRating.objects.annotate(
            mu_last=Subquery(last.values("mu_after")[:1]),
            sigma_last=Subquery(last.values("sigma_after")[:1]),
        ).filter(
            Q(mu_last__isnull=True, games__gt=0)
            | Q(mu_last__isnull=False) & ~Q(mu=F("mu_last"), sigma=F("sigma_last"))
        ).values_list("player_id", flat=True)
    )
    found = [point for point in points if point]
    return (min(found) if found else None), players


def game_rating_changes(game_id: int) -> dict[int, RatingChange]:
    """Each player's rating change in a game, by player id ({} until rated): what scoring's
    pages show of a game's ratings (registered in ratings/apps.py). One query."""
    return {player: RatingChange(before, after, after - before)
            for player, before, after in GameRating.objects.filter(game_id=game_id)
            .values_list("player_id", "before", "after")}
