from datetime import datetime

from celery import shared_task

from clubs.scheduled import records_its_runs

from . import services


@shared_task(name="clubs.ratings_update", acks_late=True)
def ratings_update(
    game_id: int | None = None, since: list | None = None, players: list[int] = ()
) -> int:
    """Re-rate from this game's place in the finish order on (or, after a deletion, from
    ``since`` = [finished_at ISO, game id] for the ``players`` who lost it). Safe to run twice."""
    point = None
    if since:
        point = (datetime.fromisoformat(since[0]), since[1])
    return services.ratings_recompute(game_id=game_id, since=point, players=list(players))


@shared_task(name="clubs.ratings_rebuild", acks_late=True)
def ratings_rebuild() -> int:
    """Rate every finished game from scratch."""
    return services.ratings_recompute()


@shared_task(name="clubs.ratings_reconcile", acks_late=True)
@records_its_runs("clubs.ratings_reconcile")
def ratings_reconcile() -> int:
    """Rate what an update that never ran left unrated (run by Celery beat)."""
    return services.ratings_reconcile()
