from django.urls import path

from . import correcting, queued, sheet_views, views

app_name = "scoring"

# The tablet answers under two roots: /games/<pk>/tablet/… for logged-in referees and
# /games/t/<token>/… for whoever holds the table link.
_tablet = [
    ("", views.tablet, "tablet"),
    ("poll/", views.tablet_poll, "poll"),
    ("fits/", views.tablet_fits, "fits"),
    ("turn/", views.tablet_turn, "turn"),
    ("turns/", queued.tablet_turns, "turns"),
    ("turn-at/", views.tablet_turn_at, "turn-at"),
    ("undo/", views.tablet_undo, "undo"),
    ("hands/", views.tablet_hands, "hands"),
]

urlpatterns = [
    path("", views.game_list, name="game-list"),
    path("new/", views.game_new, name="game-new"),
    path("import/", views.game_import_view, name="game-import"),
    path("tablet-sw.js", views.tablet_service_worker, name="tablet-sw"),
    path("tablet-engine.zip", views.tablet_engine, name="tablet-engine"),
    path("tablet-engine-worker.js", views.tablet_engine_worker, name="tablet-engine-worker"),
    path("<int:pk>/", views.game_detail, name="game-detail"),
    path("<int:pk>/live/", views.game_live, name="game-live"),
    path("<int:pk>/record.json", views.game_record, name="game-record"),
    path("<int:pk>/qr.svg", views.table_qr, name="table-qr"),
    path("<int:pk>/link/revoke/", views.table_link, {"action": "revoke"}, name="link-revoke"),
    path("<int:pk>/link/renew/", views.table_link, {"action": "renew"}, name="link-renew"),
    path("<int:pk>/abandon/", views.game_abandon, name="game-abandon"),
    path("<int:pk>/sheet/", sheet_views.game_sheet, name="game-sheet"),
    path("<int:pk>/final/", sheet_views.game_final, name="game-final"),
    path("<int:pk>/attach/", sheet_views.game_attach, name="game-attach"),
    path("<int:pk>/reopen/", views.game_reopen, name="game-reopen"),
    path(
        "<int:pk>/rounds/<int:round_number>/turns/<int:turn_number>/correct/",
        correcting.turn_correct,
        name="turn-correct",
    ),
    *(path(f"<int:pk>/tablet/{p}", v, name=n) for p, v, n in _tablet),
    *(path(f"t/<str:token>/{p}", v, name=f"link-{n}") for p, v, n in _tablet),
]
