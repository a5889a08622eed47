from django.urls import path

from . import views

app_name = "scoring"
urlpatterns = [
    path("", views.game_list, name="game-list"),
]
