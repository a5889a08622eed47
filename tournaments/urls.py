from django.urls import path

from . import manage_views as m
from . import player_views, views
from . import step_views as steps

app_name = "tournaments"

_tournament = "<slug:slug>/"
_manage = _tournament + "manage/"
_registration = _manage + "registrations/<int:pk>/"
_round = _manage + "rounds/<int:number>/"
_table = _round + "tables/<int:table>/"

# Pages whose address ends in their own name, by the address they hang under.
_named = {
    _tournament: {
        "standings": views.standings,
        "bracket": views.bracket,
        "results": views.results,
        "register-me": player_views.register_me,
        "withdraw-me": player_views.withdraw_me,
    },
    # The organiser's pages.
    _manage: {
        "open": m.tournament_open,
        "edit": m.tournament_edit,
        "self-registration": m.tournament_self_registration,
        "register": m.registration_add,
        "register-many": m.registrations_add,
        "knockout": steps.knockout_start,
        "finish": steps.tournament_finish,
        "reopen": steps.tournament_reopen,
    },
    _registration: {"check-in": m.registration_check_in, "withdraw": m.registration_withdraw},
    _table: {"result-reopen": steps.result_reopen, "result-close": steps.result_close},
    _round: {
        "progress": m.round_progress,
        "swap": m.table_swap,
        "move": m.table_move,
        "publish": m.round_publish,
        "complete": m.round_complete,
        "discard": steps.round_discard,
        "print": m.round_print,
    },
}

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", m.tournament_new, name="new"),
    path(_tournament, views.tournament_detail, name="detail"),
    path(_tournament + "rounds/<int:number>/", views.round_detail, name="round"),
    path(_manage, m.manage, name="manage"),
    path(_manage + "rounds/new/", m.round_generate, name="generate"),
    path(_registration + "delete/", m.registration_delete, name="unregister"),
    path(_round, m.round_manage, name="manage-round"),
    path(_table + "replay/", m.table_replay, name="replay"),
    *(
        path(f"{under}{name}/", view, name=name)
        for under, pages in _named.items()
        for name, view in pages.items()
    ),
]
