from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")
    page_data = {"scoring": ("scoring.Game", "scoring.Round", "scoring.Turn", "scoring.AuditEntry",
                             "admin.LogEntry")}

    def ready(self):
        from clubs.push import fragment_provider_register

        from .live_fragment import fragment_pushed

        # A nudge of a game carries its live fragment to the live pages that ask for it
        # (clubs/push_socket.py).
        fragment_provider_register("game", fragment_pushed)
