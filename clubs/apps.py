from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self):
        from .data_version import listen, watch

        watch("clubs", "clubs.Club", "clubs.Player", "clubs.Membership", "clubs.ClubAuditEntry",
              "admin.LogEntry")
        listen()
