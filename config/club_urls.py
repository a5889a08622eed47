"""The clubs' pages, under the names they always had ("clubs:…"): the list is the clubs app's,
a club's own page and its member forms are the site's (config/club_page.py)."""

from django.urls import path

from clubs import account_views
from clubs import views as club_views

from . import club_page

app_name = "clubs"
urlpatterns = [
    path("clubs/", club_views.club_list, name="club-list"),
    path("clubs/<slug:slug>/", club_page.club_detail, name="club-detail"),
    path("clubs/<slug:slug>/members/add/", club_page.member_add, name="member-add"),
    path("clubs/<slug:slug>/members/<int:membership_id>/role/", club_page.member_role,
         name="member-role"),
    path("clubs/<slug:slug>/members/<int:membership_id>/account/", club_page.member_account,
         name="member-account"),
    path("clubs/<slug:slug>/members/<int:membership_id>/password/", club_page.member_password,
         name="member-password"),
    path("clubs/<slug:slug>/members/<int:membership_id>/remove/", club_page.member_remove,
         name="member-remove"),
    path("clubs/<slug:slug>/claims/", account_views.club_claims, name="claims"),
    path("clubs/<slug:slug>/claims/<int:pk>/decide/", account_views.claim_decide,
         name="claim-decide"),
]
