from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from django.views.generic import RedirectView

from clubs import account_views
from clubs.forms import PasswordResetForm

from . import health, my_page, views

urlpatterns = [
    # First: the API's clients poll, and a path is matched against the patterns in order.
    path("api/v1/", include("api.urls")),
    path("embed/", include("api.embed_urls")),
    path("", views.home, name="home"),
    path("health/", health.health, name="health"),
    path("games/", include("scoring.urls")),
    path("", include("config.club_urls")),
    path("", include("ratings.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("archive.urls")),
    # Before Django's own: the reset form that also reaches accounts without a password yet.
    path("accounts/password_reset/",
         auth_views.PasswordResetView.as_view(form_class=PasswordResetForm),
         name="password_reset"),
    path("accounts/signup/", account_views.sign_up, name="signup"),
    path("accounts/confirm/<uidb64>/<token>/", account_views.sign_up_confirm,
         name="signup-confirm"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("me/", my_page.my_page, name="my-page"),
    path("me/tables/", my_page.my_tables, name="my-tables"),
    path("me/preferences/", account_views.preferences, name="preferences"),
    path("me/email/", account_views.change_email, name="email-change"),
    path("me/email/<uidb64>/<emailb64>/<token>/", account_views.change_email_confirm,
         name="email-change-confirm"),
    path("me/claim/", account_views.claim, name="claim"),
    path("me/claim/<int:pk>/withdraw/", account_views.claim_withdraw, name="claim-withdraw"),
    path("i18n/", include("django.conf.urls.i18n")),
    # Bookmarks from before the tournaments' Round model became TournamentRound.
    re_path(r"^admin/tournaments/round/(?P<rest>.*)$",
            RedirectView.as_view(url="/admin/tournaments/tournamentround/%(rest)s",
                                 permanent=True, query_string=True)),
    path("admin/", admin.site.urls),
]

handler400 = "config.views.error_400"
handler403 = "config.views.error_403"
handler404 = "config.views.error_404"
handler500 = "config.views.error_500"
