from django.urls import path

from . import views

app_name = "ratings"
urlpatterns = [
    path("rankings/", views.rankings, name="rankings"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
    path("players/<int:pk>/privacy/", views.player_privacy, name="player-privacy"),
]
