from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")
    # What pages showing clubs, players and rankings are cached under (clubs/data_version.py).
    page_data = {"clubs": ("clubs.Club", "clubs.Player", "clubs.Membership",
                           "clubs.ClubAuditEntry", "admin.LogEntry")}

    def ready(self):
        from .data_version import listen

        listen()
