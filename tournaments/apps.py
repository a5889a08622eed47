from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    page_data = {"tournaments": ("tournaments.Tournament", "tournaments.Registration",
                                 "tournaments.TournamentRound", "tournaments.TournamentAuditEntry",
                                 "admin.LogEntry")}

    def ready(self):
        from ratings.player_parts import player_part_register
        from scoring.filters import game_filter_register
        from scoring.signals import game_result_changed

        from .game_filter import tournament_filter
        from .selectors import player_tournaments

        game_filter_register("tournament", tournament_filter)

        player_part_register("tournaments/partials/player_tournaments.html",
                             lambda player: {"tournaments": player_tournaments(player)})

        from . import titles  # noqa: F401 - registers how tournament game titles are worded
        from .tasks import round_settle_task

        def settle_round(sender, game_id, **kwargs):
            round_settle_task.delay(game_id)

        game_result_changed.connect(settle_round, weak=False,
                                    dispatch_uid="tournaments.settle_round")
