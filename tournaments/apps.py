from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    page_data = {"tournaments": ("tournaments.Tournament", "tournaments.Registration",
                                 "tournaments.TournamentRound", "tournaments.TournamentAuditEntry",
                                 "admin.LogEntry")}

    def ready(self):
        from scoring.signals import game_reopening, game_result_changed

        from . import titles  # noqa: F401 - registers how tournament game titles are worded
        from .tasks import round_settle_task

        def settle_round(sender, game_id, **kwargs):
            round_settle_task.delay(game_id)

        def refuse_reopening(sender, game_id, **kwargs):
            # Synchronous by nature: the answer decides whether scoring goes on.
            from .messages import refusal
            from .services import game_reopen_refusal

            refused = game_reopen_refusal(game_id=game_id)
            return refusal(refused) if refused else None

        game_result_changed.connect(settle_round, weak=False,
                                    dispatch_uid="tournaments.settle_round")
        game_reopening.connect(refuse_reopening, weak=False,
                               dispatch_uid="tournaments.refuse_reopening")
