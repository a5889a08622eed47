"""Rounds whose after-commit task never ran (the broker was down) are settled or paired by the
reconciliation that Celery beat runs."""

import random
from datetime import timedelta

from django.utils import timezone

from clubs.permissions import SITE
from scoring.demo import Robot
from tournaments import services
from tournaments.models import TournamentRound

from .play import field, tournament_with


def test_a_round_whose_settle_never_ran_is_completed(club, players):
    tournament = tournament_with(club, players)
    rnd = services.round_publish(
        tournament_round=services.round_generate(tournament=tournament, actor=SITE), actor=SITE)
    tables = list(rnd.tables.filter(bye=False).select_related("game").order_by("number"))
    # Outside captured callbacks nothing runs after commit: the settle task is never sent.
    for table in tables[:-1]:
        Robot(table.game, random.Random(table.number)).play_game()
    assert services.rounds_reconcile() == {"settled": [], "paired": []}  # one still playing
    Robot(tables[-1].game, random.Random(9)).play_game()
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PUBLISHED
    assert services.rounds_reconcile() == {"settled": [rnd.pk], "paired": []}
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.COMPLETE and rnd.completed_at is not None
    assert services.rounds_reconcile() == {"settled": [], "paired": []}


def test_a_round_whose_pairing_task_never_ran_is_paired(club):
    players = field(club, services.SYNC_LIMIT + 16)
    tournament = tournament_with(club, players)
    rnd = services.round_generate(tournament=tournament, actor=SITE)  # its task is never sent
    assert rnd.status == TournamentRound.Status.PAIRING
    # Too young: the task may still be on its way.
    assert services.rounds_reconcile() == {"settled": [], "paired": []}
    TournamentRound.objects.filter(pk=rnd.pk).update(
        created_at=timezone.now() - timedelta(minutes=3))
    assert services.rounds_reconcile() == {"settled": [], "paired": [rnd.pk]}
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.DRAFT and rnd.tables.count() == 20


def test_a_failed_pairing_waits_for_the_organiser(club):
    tournament = tournament_with(club, field(club, services.SYNC_LIMIT + 16))
    rnd = services.round_generate(tournament=tournament, actor=SITE)
    TournamentRound.objects.filter(pk=rnd.pk).update(created_at=timezone.now() - timedelta(hours=1),
                                           failure={"kind": "pairing", "code": "unexpected",
                                                    "params": {}})
    assert services.rounds_reconcile() == {"settled": [], "paired": []}
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PAIRING
