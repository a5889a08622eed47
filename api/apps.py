from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    """The read API (/api/v1/) and the embeddable widgets (/embed/). The top floor: it reads
    every other app, and nothing but config/urls.py imports it."""

    name = "api"
    verbose_name = _("Open data")
