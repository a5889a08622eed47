from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")
    # The rankings are part of what club pages show.
    page_data = {"clubs": ("ratings.GameRating",)}

    def ready(self):
        from scoring.rating_changes import rating_reader_register
        from scoring.signals import ResultChange, game_result_changed

        from .selectors import game_rating_changes
        from .tasks import ratings_update

        rating_reader_register(game_rating_changes)

        def rate(sender, game_id, change, finished_at=None, players=(), **kwargs):
            if change != ResultChange.DELETED:
                ratings_update.delay(game_id)
            elif finished_at is not None:  # a deleted game that was rated: re-rate from it
                ratings_update.delay(since=[finished_at.isoformat(), game_id],
                                     players=list(players))

        game_result_changed.connect(rate, weak=False, dispatch_uid="ratings.rate")
