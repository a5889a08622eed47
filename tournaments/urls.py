from django.urls import path

from . import manage_views as m
from . import views

app_name = "tournaments"

_round = "<slug:slug>/manage/rounds/<int:number>/"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", m.tournament_new, name="new"),
    path("<slug:slug>/", views.tournament_detail, name="detail"),
    path("<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/bracket/", views.bracket, name="bracket"),
    path("<slug:slug>/results/", views.results, name="results"),
    # The organiser's pages.
    path("<slug:slug>/manage/", m.manage, name="manage"),
    path("<slug:slug>/manage/open/", m.tournament_open, name="open"),
    path("<slug:slug>/manage/register/", m.registration_add, name="register"),
    path("<slug:slug>/manage/register-many/", m.registrations_add, name="register-many"),
    path("<slug:slug>/manage/registrations/<int:pk>/delete/", m.registration_delete,
         name="unregister"),
    path("<slug:slug>/manage/registrations/<int:pk>/check-in/", m.registration_check_in,
         name="check-in"),
    path("<slug:slug>/manage/registrations/<int:pk>/withdraw/", m.registration_withdraw,
         name="withdraw"),
    path("<slug:slug>/manage/rounds/new/", m.round_generate, name="generate"),
    path("<slug:slug>/manage/knockout/", m.knockout_start, name="knockout"),
    path("<slug:slug>/manage/finish/", m.tournament_finish, name="finish"),
    path(_round, m.round_manage, name="manage-round"),
    path(_round + "progress/", m.round_progress, name="progress"),
    path(_round + "swap/", m.table_swap, name="swap"),
    path(_round + "move/", m.table_move, name="move"),
    path(_round + "publish/", m.round_publish, name="publish"),
    path(_round + "complete/", m.round_complete, name="complete"),
    path(_round + "discard/", m.round_discard, name="discard"),
    path(_round + "print/", m.round_print, name="print"),
    path(_round + "tables/<int:table>/replay/", m.table_replay, name="replay"),
]
