"""System checks of the site's own settings, shown by `manage.py check --deploy`."""

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def email_configured(app_configs=None, **kwargs):
    # Without a mail server a password reset says "sent" and nothing arrives: nobody whose
    # password is lost, and no imported account, can get in.
    if settings.EMAIL_CONFIGURED or not settings.EMAIL_BACKEND.endswith("smtp.EmailBackend"):
        return []
    return [Warning(
        "No mail server is set: password resets and first-password links cannot be sent.",
        hint="Set EMAIL_URL (e.g. smtp+tls://user:password@mail.example.org:587) or EMAIL_HOST "
             "and its companions (docs/deployment.md).",
        id="triominos.W001")]
