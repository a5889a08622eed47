"""What an after-commit task should have done but never did, because the broker was down when
the game ended or the round was generated. Run by Celery beat; safe to run at any time."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from clubs.permissions import SITE

from ..models import Table, TournamentRound
from .rounds import GAMES_OVER, round_complete_if_done, round_locked, round_pair

logger = logging.getLogger(__name__)

# A round this young may still have its pairing task in the queue; pairing it here as well
# would only do the same work twice.
PAIRING_GRACE = timedelta(minutes=2)


def rounds_reconcile() -> dict[str, list[int]]:
    """Complete every published round whose games have all ended, and pair every round that
    has been waiting to be paired for a while without a reason to wait (a failed pairing
    keeps its error for the organiser). Returns the ids of the rounds settled and paired."""
    playing = Table.objects.filter(round=OuterRef("pk"), bye=False).exclude(
        game__status__in=GAMES_OVER)
    played = Table.objects.filter(round=OuterRef("pk"), bye=False, game__isnull=False)
    done = TournamentRound.objects.filter(Exists(played), ~Exists(playing),
                                          status=TournamentRound.Status.PUBLISHED)
    settled = []
    for pk in done.values_list("pk", flat=True):
        with transaction.atomic():
            if round_complete_if_done(round_locked(TournamentRound(pk=pk)), actor=SITE):
                settled.append(pk)
    waiting = TournamentRound.objects.filter(status=TournamentRound.Status.PAIRING,
                                                   failure__isnull=True,
                                   created_at__lt=timezone.now() - PAIRING_GRACE)
    paired = [
        pk for pk in waiting.values_list("pk", flat=True)
        if round_pair(round_id=pk).status != TournamentRound.Status.PAIRING
    ]
    if settled or paired:
        logger.warning("Rounds left open settled: %s; rounds left waiting paired: %s.",
                       settled, paired)
    return {"settled": settled, "paired": paired}
