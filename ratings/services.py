"""Writers of the ratings: recomputed from the finished games, in their finish order."""

from __future__ import annotations

import logging

from django.db import connection, transaction
from django.db.models import Count, F, OuterRef, Q, Subquery, Sum

from clubs import push
from clubs.models import Player
from scoring.models import Game, Seat

from . import core as ratings
from . import selectors
from .models import GameRating, PlayerRating

logger = logging.getLogger(__name__)

_RATINGS_LOCK = 0x7472696F  # one advisory lock for every rating rewrite ("trio")
TREND_GAMES = 5


def _lock_ratings() -> None:
    # Recomputes rewrite many rows in finish order; two at once would interleave. PostgreSQL
    # serialises them on an advisory lock; SQLite already takes its write lock up front.
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_RATINGS_LOCK])


def _finished_games():
    return Game.objects.filter(status=Game.Status.FINISHED, finished_at__isnull=False)


def _after(queryset, finished_at, game_id):
    """Games (or game ratings) at or after a point of the finish order (finished_at, id)."""
    field = "game_id" if queryset.model is GameRating else "pk"
    return queryset.filter(
        Q(finished_at__gt=finished_at) | Q(finished_at=finished_at, **{f"{field}__gte": game_id})
    )


@transaction.atomic
def ratings_recompute(
    *, game_id: int | None = None, since: tuple | None = None, players: list[int] = ()
) -> int:
    """Bring every rating up to date after `game_id` finished, was corrected, reopened or
    abandoned; ``since`` = (finished_at, game id) re-rates from that point of the finish order
    after a deletion, whose ``players`` lost a game. With neither, everything is rated from
    scratch. Returns how many games were rated.

    Rates from the earliest point of the finish order the game touches (where it finishes now
    and where it was rated before), starting from each player's rating just before that point.
    The result equals rating all games from scratch (tested); running it twice changes nothing.
    """
    _lock_ratings()
    cutoff = since
    if game_id is not None:
        points = []
        game = Game.objects.filter(pk=game_id).only("status", "finished_at").first()
        if game and game.status == Game.Status.FINISHED and game.finished_at:
            points.append((game.finished_at, game_id))
        old = GameRating.objects.filter(game_id=game_id).values_list("finished_at").first()
        if old:
            points.append((old[0], game_id))
        if not points:
            return 0
        cutoff = min(points)
    games_qs = _finished_games()
    stale = GameRating.objects.all()
    if cutoff is not None:
        games_qs = _after(games_qs, *cutoff)
        stale = _after(stale, *cutoff)
    touched = set(stale.values_list("player_id", flat=True)) | set(players)
    stale.delete()
    games = list(games_qs.order_by("finished_at", "pk").values_list("pk", "finished_at"))
    seats: dict[int, list[tuple[int, int, int]]] = {}
    for game_pk, player_id, score, place in (
        Seat.objects.filter(game__in=games_qs).order_by("game_id", "position")
        .values_list("game_id", "player_id", "score", "place")
    ):
        seats.setdefault(game_pk, []).append((player_id, score, place))
        touched.add(player_id)
    start = _ratings_before(touched, cutoff)
    results = [
        ratings.GameResult(pk, tuple(p for p, _, _ in seats[pk]),
                           tuple(_rank_score(place) for _, _, place in seats[pk]))
        for pk, _ in games
    ]
    final, changes = ratings.recompute(results, start=start)
    finished = dict(games)
    rows = []
    for pk, _ in games:
        for change, (player_id, score, place) in zip(changes[pk], seats[pk], strict=True):
            rows.append(GameRating(
                game_id=pk, player_id=player_id, finished_at=finished[pk], place=place,
                score=score, mu_before=change.before.mu, sigma_before=change.before.sigma,
                mu_after=change.after.mu, sigma_after=change.after.sigma,
                before=ratings.display(change.before), after=ratings.display(change.after),
            ))
    GameRating.objects.bulk_create(rows, batch_size=2000)
    _refresh_player_ratings(touched, final)
    # After commit: rankings widgets fetch again, and the finished game's live page, which
    # waits for its rating changes, shows them.
    push.publish_after_commit(push.RATINGS)
    if game_id is not None:
        push.publish_after_commit(push.game_topic(game_id))
    return len(games)


@transaction.atomic
def ratings_reconcile() -> int:
    """Re-rate from wherever the stored ratings stopped matching the finished games (an update
    that never ran: the broker was down when a game ended). Returns how many games were
    rated; 0, with nothing written, when everything matches. Safe to run any time."""
    _lock_ratings()  # looked at under the lock, so a recompute running now is seen finished
    since, players = selectors.ratings_stale()
    if since is None and not players:
        return 0
    logger.warning("Ratings out of date from %s (players %s): re-rating.", since, sorted(players))
    return ratings_recompute(since=since or selectors.END_OF_TIME, players=sorted(players))


def _rank_score(place: int) -> int:
    # The game's final places already settle ties and 'round winner first'; the wrapper ranks
    # by higher-is-better, so a lower place becomes a higher score.
    return -place


def _ratings_before(players: set[int], cutoff) -> dict[int, ratings.Rating]:
    """Each player's rating just before the cutoff (their last rated game before it)."""
    if cutoff is None or not players:
        return {}
    finished_at, game_id = cutoff
    before = GameRating.objects.filter(player_id=OuterRef("pk")).filter(
        Q(finished_at__lt=finished_at) | Q(finished_at=finished_at, game_id__lt=game_id)
    ).order_by("-finished_at", "-game_id")
    rows = Player.objects.filter(pk__in=players).annotate(
        mu=Subquery(before.values("mu_after")[:1]),
        sigma=Subquery(before.values("sigma_after")[:1]),
    ).values_list("pk", "mu", "sigma")
    return {pk: ratings.Rating(mu, sigma) for pk, mu, sigma in rows if mu is not None}


def _refresh_player_ratings(players: set[int], final: dict[int, ratings.Rating]) -> None:
    """Rewrite the cached ranking columns of these players from their rated games."""
    if not players:
        return
    stats = {
        row["player_id"]: row
        for row in GameRating.objects.filter(player_id__in=players).values("player_id").annotate(
            n=Count("id"), won=Count("id", filter=Q(place=1)), pts=Sum("score"),
            last=Subquery(GameRating.objects.filter(player_id=OuterRef("player_id"))
                          .order_by("-finished_at", "-game_id").values("finished_at")[:1]),
        )
    }
    trends: dict[int, int] = {}
    for player_id, change in (
        GameRating.objects.filter(player_id__in=players)
        .order_by("player_id", "-finished_at", "-game_id")
        .values_list("player_id", F("after") - F("before"))
    ):
        counted = trends.setdefault(player_id, [0, 0])
        if counted[1] < TREND_GAMES:
            counted[0] += change
            counted[1] += 1
    existing = {r.player_id: r for r in PlayerRating.objects.filter(player_id__in=players)}
    create, update = [], []
    for player_id in players:
        rating = final.get(player_id)
        row = stats.get(player_id)
        if rating is None or row is None:
            rating = ratings.DEFAULT
        record = existing.get(player_id) or PlayerRating(player_id=player_id)
        record.mu, record.sigma = rating.mu, rating.sigma
        record.value = ratings.display(rating)
        record.uncertainty = ratings.uncertainty(rating)
        record.provisional = ratings.is_provisional(rating)
        record.games = row["n"] if row else 0
        record.wins = row["won"] if row else 0
        record.points = row["pts"] or 0 if row else 0
        record.last_played = row["last"] if row else None
        record.trend = trends.get(player_id, [0, 0])[0]
        (update if record.pk else create).append(record)
    PlayerRating.objects.bulk_create(create, batch_size=2000)
    PlayerRating.objects.bulk_update(
        update, ["mu", "sigma", "value", "uncertainty", "provisional", "games", "wins",
                 "points", "last_played", "trend"], batch_size=500)
