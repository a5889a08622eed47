"""/api/v1/: the read API. Paths name things as the site's pages do (clubs by slug, players and
games by number, tournaments by slug, rounds by their number)."""

from django.urls import path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView

from .views import clubs, games, tournaments
from .views.docs import DocsView

app_name = "api"

_tournament = "tournaments/<slug:slug>/"

urlpatterns = [
    # The API's own address leads a person to its documentation.
    path("", RedirectView.as_view(pattern_name="api:docs"), name="root"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", DocsView.as_view(url_name="api:schema"), name="docs"),
    path("clubs/", clubs.ClubList.as_view(), name="club-list"),
    path("clubs/<slug:slug>/", clubs.ClubDetail.as_view(), name="club-detail"),
    path("players/", clubs.PlayerList.as_view(), name="player-list"),
    path("players/<int:pk>/", clubs.PlayerDetail.as_view(), name="player-detail"),
    path("rankings/", clubs.Rankings.as_view(), name="rankings"),
    path("games/", games.GameList.as_view(), name="game-list"),
    path("games/<int:pk>/", games.GameDetail.as_view(), name="game-detail"),
    path("games/<int:pk>/live/", games.LiveGame.as_view(), name="game-live"),
    path("tournaments/", tournaments.TournamentList.as_view(), name="tournament-list"),
    path(_tournament, tournaments.TournamentDetail.as_view(), name="tournament-detail"),
    path(_tournament + "rounds/", tournaments.TournamentRoundList.as_view(), name="round-list"),
    path(_tournament + "rounds/<int:number>/", tournaments.TournamentRoundDetail.as_view(),
         name="round-detail"),
    path(_tournament + "standings/", tournaments.Standings.as_view(), name="standings"),
    path(_tournament + "bracket/", tournaments.Bracket.as_view(), name="bracket"),
]
