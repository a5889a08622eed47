"""/embed/: widgets for other sites' <iframe>s (docs/api.md shows how to place one)."""

from django.urls import path

from . import embed_views as views

app_name = "embed"
urlpatterns = [
    path("clubs/<slug:slug>/top/", views.club_top, name="club-top"),
    path("games/<int:pk>/", views.game_scoreboard, name="game"),
    path("tournaments/<slug:slug>/standings/", views.tournament_standings, name="standings"),
    path("tournaments/<slug:slug>/pairings/", views.tournament_pairings, name="pairings"),
]
