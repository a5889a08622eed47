from django.urls import path

from . import views

app_name = "archive"
urlpatterns = [
    path("clubs/<slug:slug>/export.json", views.club_download, name="club-download"),
    path("me/data.json", views.my_data, name="my-data"),
]
