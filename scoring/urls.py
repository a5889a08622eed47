from django.urls import path

from .views import corrections, games, queue, sheets, tablet

app_name = "scoring"

# The tablet answers under two roots: /games/<pk>/tablet/… for logged-in referees and
# /games/t/<token>/… for whoever holds the table link.
_tablet = [
    ("", tablet.tablet, "tablet"),
    ("poll/", tablet.tablet_poll, "poll"),
    ("fits/", tablet.tablet_fits, "fits"),
    ("turn/", tablet.tablet_turn, "turn"),
    ("turns/", queue.tablet_turns, "turns"),
    ("turn-at/", tablet.tablet_turn_at, "turn-at"),
    ("undo/", tablet.tablet_undo, "undo"),
    ("hands/", tablet.tablet_hands, "hands"),
]

urlpatterns = [
    path("", games.game_list, name="game-list"),
    path("new/", games.game_new, name="game-new"),
    path("import/", games.game_import_view, name="game-import"),
    path("tablet-sw.js", tablet.tablet_service_worker, name="tablet-sw"),
    path("tablet-engine.zip", tablet.tablet_engine, name="tablet-engine"),
    path("tablet-engine-worker.js", tablet.tablet_engine_worker, name="tablet-engine-worker"),
    path("<int:pk>/", games.game_detail, name="game-detail"),
    path("<int:pk>/live/", games.game_live, name="game-live"),
    path("<int:pk>/record.json", games.game_record, name="game-record"),
    path("<int:pk>/qr.svg", games.table_qr, name="table-qr"),
    path("<int:pk>/link/revoke/", games.table_link, {"action": "revoke"}, name="link-revoke"),
    path("<int:pk>/link/renew/", games.table_link, {"action": "renew"}, name="link-renew"),
    path("<int:pk>/abandon/", games.game_abandon, name="game-abandon"),
    path("<int:pk>/sheet/", sheets.game_sheet, name="game-sheet"),
    path("<int:pk>/final/", sheets.game_final, name="game-final"),
    path("<int:pk>/attach/", sheets.game_attach, name="game-attach"),
    path("<int:pk>/reopen/", games.game_reopen, name="game-reopen"),
    path(
        "<int:pk>/rounds/<int:round_number>/turns/<int:turn_number>/correct/",
        corrections.turn_correct,
        name="turn-correct",
    ),
    *(path(f"<int:pk>/tablet/{p}", v, name=n) for p, v, n in _tablet),
    *(path(f"t/<str:token>/{p}", v, name=f"link-{n}") for p, v, n in _tablet),
]
