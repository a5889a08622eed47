"""The only code that writes tournaments. Keyword-only, atomic, locking what it changes.

Split by subject: entries (the tournament and its registrations), editing (its settings
afterwards), rounds (pairing, editing, publishing and completing rounds), stages (the
knockout and the finish).
"""

from .editing import edit_limits, settings_stamp, tournament_edit
from .entries import (
    registration_add,
    registration_check_in,
    registration_self,
    registration_self_withdraw,
    registration_withdraw,
    tournament_create,
    tournament_open,
    tournament_self_registration,
)
from .errors import Refused
from .notices import round_mail
from .reconcile import rounds_reconcile
from .roster import NEW, NamesInDoubt, registration_delete, registrations_add
from .rounds import (
    SYNC_LIMIT,
    round_complete,
    round_discard,
    round_generate,
    round_pair,
    round_publish,
    table_move,
    table_swap,
)
from .settling import round_settle, table_replay, table_result_close, table_result_reopen
from .stages import knockout_start, tournament_finish, tournament_reopen

__all__ = [
    "NEW",
    "NamesInDoubt",
    "SYNC_LIMIT",
    "Refused",
    "edit_limits",
    "knockout_start",
    "registration_add",
    "registration_delete",
    "registrations_add",
    "registration_check_in",
    "registration_self",
    "registration_self_withdraw",
    "registration_withdraw",
    "round_complete",
    "round_discard",
    "round_generate",
    "round_mail",
    "round_pair",
    "round_publish",
    "round_settle",
    "rounds_reconcile",
    "table_move",
    "table_replay",
    "table_result_close",
    "table_result_reopen",
    "settings_stamp",
    "table_swap",
    "tournament_create",
    "tournament_edit",
    "tournament_finish",
    "tournament_open",
    "tournament_self_registration",
    "tournament_reopen",
]
