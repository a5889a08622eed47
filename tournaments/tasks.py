from celery import shared_task

from clubs.scheduled import records_its_runs

from . import services


@shared_task(name="tournaments.round_pair", acks_late=True)
def round_pair_task(round_id: int) -> str:
    """Pair a round waiting as ``pairing``. Safe to run twice: a paired round is left alone."""
    return services.round_pair(round_id=round_id).status


@shared_task(name="tournaments.round_mail", acks_late=True)
def round_mail_task(round_id: int, site_url: str = "") -> dict[str, int]:
    """E-mail the players of a published round who asked for it their table. Safe to run
    again: each player is told once (RoundNotice)."""
    return services.round_mail(round_id=round_id, site_url=site_url)


@shared_task(name="tournaments.round_settle", acks_late=True)
def round_settle_task(game_id: int) -> str | None:
    """Bring the round of a tournament game whose result changed in line with its games."""
    rnd = services.round_settle(game_id=game_id)
    return rnd.status if rnd else None


@shared_task(name="tournaments.rounds_reconcile", acks_late=True)
@records_its_runs("tournaments.rounds_reconcile")
def rounds_reconcile_task() -> dict[str, list[int]]:
    """Settle rounds and pair rounds that a task never reached (run by Celery beat)."""
    return services.rounds_reconcile()
