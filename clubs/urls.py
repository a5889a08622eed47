from django.urls import path

from . import views

app_name = "clubs"
urlpatterns = [
    path("clubs/", views.club_list, name="club-list"),
    path("clubs/<slug:slug>/", views.club_detail, name="club-detail"),
    path("clubs/<slug:slug>/members/add/", views.member_add, name="member-add"),
    path("clubs/<slug:slug>/members/<int:membership_id>/role/", views.member_role,
         name="member-role"),
    path("clubs/<slug:slug>/members/<int:membership_id>/account/", views.member_account,
         name="member-account"),
    path("clubs/<slug:slug>/members/<int:membership_id>/remove/", views.member_remove,
         name="member-remove"),
    path("rankings/", views.rankings, name="rankings"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
]
