from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site's own pages and settings (config/)."""

    name = "config"
    verbose_name = "Triominos Club"

    def ready(self) -> None:
        from . import checks  # noqa: F401 (registers the site's system checks)
