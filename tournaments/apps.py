from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from scoring.signals import game_ended

        from .tasks import round_settle_task

        def settle_round(sender, game_id, **kwargs):
            round_settle_task.delay(game_id)

        game_ended.connect(settle_round, weak=False, dispatch_uid="tournaments.settle_round")
