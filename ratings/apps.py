from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self):
        from clubs.data_version import watch
        from scoring.signals import ResultChange, game_result_changed

        from .tasks import ratings_update

        def rate(sender, game_id, change, finished_at=None, players=(), **kwargs):
            if change != ResultChange.DELETED:
                ratings_update.delay(game_id)
            elif finished_at is not None:  # a deleted game that was rated: re-rate from it
                ratings_update.delay(since=[finished_at.isoformat(), game_id],
                                     players=list(players))

        game_result_changed.connect(rate, weak=False, dispatch_uid="ratings.rate")
        # The rankings are part of what club pages show.
        watch("clubs", "ratings.GameRating")
