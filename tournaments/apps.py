from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    page_data = {"tournaments": ("tournaments.Tournament", "tournaments.Registration",
                                 "tournaments.TournamentRound", "tournaments.TournamentAuditEntry",
                                 "admin.LogEntry")}

    def ready(self):
        from scoring.signals import game_result_changed

        from . import titles  # noqa: F401 - registers how tournament game titles are worded
        from .tasks import round_settle_task

        def settle_round(sender, game_id, **kwargs):
            round_settle_task.delay(game_id)

        game_result_changed.connect(settle_round, weak=False,
                                    dispatch_uid="tournaments.settle_round")
