from django.urls import path

from . import views

app_name = "clubs"
urlpatterns = [
    path("clubs/", views.club_list, name="club-list"),
    path("clubs/<slug:slug>/", views.club_detail, name="club-detail"),
    path("rankings/", views.rankings, name="rankings"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
]
