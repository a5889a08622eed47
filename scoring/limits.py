"""What the site accepts, checked before the engine replays a record or the database stores it.

The engine judges whether a record is a legal game; this module judges whether the site is
willing to take it: small enough to replay well within a request (docs/deployment.md measures
the worst one), with every text and number inside the columns that will hold it, and no text
the database cannot store (NUL, lone surrogates). Every refusal is a translated sentence.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db.backends.base.operations import BaseDatabaseOperations
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy

from clubs.json_input import JsonRefused, json_read
from clubs.models import Player

from . import game_script
from .models import Game

# Columns the record's values end up in.
NAME_MAX = Player._meta.get_field("display_name").max_length
TITLE_MAX = Game._meta.get_field("title").max_length
# The tablet's own bounds: a full set of 76 tiles never reaches this far from the opening.
CELL_MAX = 500
DRAW_MAX = 80
PLAYERS_MAX = 6
# A record nests six containers deep (record → rounds → round → moves → move → at).
DEPTH_MAX = 8
# Rule values (points, bonuses, targets) well inside a 32-bit score column even summed over
# every turn of the longest record accepted.
RULE_VALUE_MAX = 100_000
# The target a game or tournament may be started with on the site's own forms.
TARGET_MAX = 5_000
HAND_MAX = game_script.HAND_MAX
# Rules the game keeps in a column of its own, which bounds them more tightly than the rest
# (the columns' range as Django gives it for every database, SQLite's laxness aside).
RULE_COLUMN_MAX = {
    name: min(RULE_VALUE_MAX, BaseDatabaseOperations.integer_field_ranges[
        Game._meta.get_field(name).get_internal_type()][1])
    for name in ("target", "rounds_limit")
}
# A game may end a little "after now" by a device's clock; later than that is a typing error.
FUTURE_TOLERANCE = timedelta(minutes=10)


class RecordRefused(ValueError):
    """A record the site will not take; the message says why in the referee's language."""


# Refusals of a count above a limit, in the plural of the limit (``n``, or ``limit`` for text).
_PLAYERS_ABOVE = ngettext_lazy("players: a game has at most %(n)s player.",
                               "players: a game has at most %(n)s players.", "n")
_ROUNDS_ABOVE = ngettext_lazy("rounds: a record may hold at most %(n)s round, not %(count)s.",
                              "rounds: a record may hold at most %(n)s rounds, not %(count)s.",
                              "n")
_TURNS_ABOVE = ngettext_lazy("rounds: a record may hold at most %(n)s turn, not %(count)s.",
                             "rounds: a record may hold at most %(n)s turns, not %(count)s.", "n")
_DEALT_ABOVE = ngettext_lazy("rounds[%(i)s].dealt: at most %(n)s tile.",
                             "rounds[%(i)s].dealt: at most %(n)s tiles.", "n")
_DRAW_ABOVE = ngettext_lazy("%(where)s.draw: at most %(n)s tile.",
                            "%(where)s.draw: at most %(n)s tiles.", "n")
_TEXT_ABOVE = ngettext_lazy("%(where)s: at most %(limit)s character, not %(length)s.",
                            "%(where)s: at most %(limit)s characters, not %(length)s.", "limit")


def _refuse_when(beyond: bool, sentence, **values) -> None:
    if beyond:
        raise RecordRefused(sentence % values)


def record_parse(raw: bytes) -> dict:
    """Bytes of an uploaded record to a dict, refusing what is too big, too deep or not plain
    JSON, in the words of a record file."""
    try:
        return json_read(raw, max_bytes=settings.RECORD_MAX_BYTES, max_depth=DEPTH_MAX)
    except JsonRefused as refused:
        if refused.reason == "size":
            raise RecordRefused(
                _("The file is larger than %(limit)s; a record is never that big.")
                % {"limit": filesizeformat(settings.RECORD_MAX_BYTES)}) from None
        if refused.reason == "depth":
            raise RecordRefused(_("The file is nested too deeply to be a game record.")) from None
        raise RecordRefused(_("The file is not valid JSON.")) from None


def record_limits_check(record) -> None:
    """Refuse a record beyond the site's limits or with values no column can hold.

    Only the keys the site reads are checked for range; every value anywhere is checked for
    nesting and for text the database cannot store.
    """
    _check_values(record)
    if not isinstance(record, Mapping):
        return  # the engine's record check names this one
    if not isinstance(record.get("title", ""), str):
        raise RecordRefused(_("title: expected text."))
    _check_text(record.get("title", ""), "title", TITLE_MAX)
    players = record.get("players")
    if isinstance(players, list):
        _refuse_when(len(players) > PLAYERS_MAX, _PLAYERS_ABOVE, n=PLAYERS_MAX)
        for i, name in enumerate(players):
            _check_text(name, f"players[{i}]", NAME_MAX)
    _check_rules(record.get("rules"))
    rounds = record.get("rounds")
    if isinstance(rounds, list):
        _check_rounds(rounds)
    if "finished_at" in record:
        record_finished_at(record)


def record_finished_at(record) -> datetime | None:
    """The record's finish time as an aware datetime, or None when it gives none."""
    value = record.get("finished_at")
    if value in (None, ""):
        return None
    try:
        when = datetime.fromisoformat(value)
        if timezone.is_naive(when):
            when = timezone.make_aware(when)
        when.astimezone(UTC)  # a time at the very edge of the calendar has no UTC equivalent
    except (TypeError, ValueError, OverflowError):
        raise RecordRefused(_("finished_at: expected a date and time such as "
                              "2026-05-01T20:30:00+03:00.")) from None
    if when > timezone.now() + FUTURE_TOLERANCE:
        raise RecordRefused(_("finished_at: %(when)s is in the future.")
                            % {"when": value})
    return when


def _check_values(record) -> None:
    """Depth, text and number checks over the whole document, without recursion."""
    stack = [(record, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, (dict, list)):
            if len(path) >= DEPTH_MAX:
                raise RecordRefused(_("The file is nested too deeply to be a game record."))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _check_storable(key, _path(path))
                stack.append((item, (*path, key)))
        elif isinstance(value, str):
            _check_storable(value, _path(path))
        elif isinstance(value, float) and not math.isfinite(value):
            raise RecordRefused(_("The file is not valid JSON."))


def _path(keys: tuple) -> str:
    """('rounds', 0, 'moves') as rounds[0].moves, the way the engine says where too."""
    text = ""
    for key in keys:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text or "record"


def _check_storable(text: str, where: str) -> None:
    if "\x00" in text:
        raise RecordRefused(_("%(where)s: the text contains a NUL character.") % {"where": where})
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordRefused(_("%(where)s: the text is not valid Unicode.")
                            % {"where": where}) from None


def _check_text(value, where: str, limit: int) -> None:
    if not isinstance(value, str):
        return  # names of the wrong type are the engine's to refuse
    _check_storable(value, where)
    _refuse_when(len(value) > limit, _TEXT_ABOVE, where=where, limit=limit, length=len(value))


def _check_rules(rules) -> None:
    if not isinstance(rules, Mapping):
        return
    for key, value in rules.items():
        numbers = value if isinstance(value, list) else [value]
        if isinstance(value, Mapping):
            numbers = list(value.values())
        limit = RULE_COLUMN_MAX.get(key, RULE_VALUE_MAX)
        for number in numbers:
            if isinstance(number, int) and not -limit <= number <= limit:
                raise RecordRefused(_("rules.%(key)s: at most %(limit)s.")
                                    % {"key": key, "limit": limit})


def _int_beyond(value, limit: int) -> bool:
    return isinstance(value, int) and not -limit <= value <= limit


def _check_rounds(rounds: list) -> None:
    max_rounds, max_turns = settings.RECORD_MAX_ROUNDS, settings.RECORD_MAX_TURNS
    _refuse_when(len(rounds) > max_rounds, _ROUNDS_ABOVE, n=max_rounds, count=len(rounds))
    turns = 0
    for i, rnd in enumerate(rounds):
        if not isinstance(rnd, Mapping):
            continue
        _refuse_when(_int_beyond(rnd.get("dealt"), DRAW_MAX), _DEALT_ABOVE, i=i, n=DRAW_MAX)
        moves = rnd.get("moves")
        if isinstance(moves, list):
            turns += len(moves)
            for j, move in enumerate(moves):
                _check_move(move, f"rounds[{i}].moves[{j}]")
        hands = rnd.get("hands")
        if isinstance(hands, Mapping):
            for hand in hands.values():
                counted = hand.values() if isinstance(hand, Mapping) else []
                if any(_int_beyond(n, HAND_MAX) for n in counted):
                    raise RecordRefused(_("rounds[%(i)s].hands: at most %(n)s.")
                                        % {"i": i, "n": HAND_MAX})
    _refuse_when(turns > max_turns, _TURNS_ABOVE, n=max_turns, count=turns)


def _check_move(move, where: str) -> None:
    if not isinstance(move, Mapping):
        return
    _refuse_when(_int_beyond(move.get("draw"), DRAW_MAX), _DRAW_ABOVE, where=where, n=DRAW_MAX)
    at = move.get("at")
    if isinstance(at, list) and any(_int_beyond(n, CELL_MAX) for n in at):
        raise RecordRefused(_("%(where)s.at: a cell at most %(n)s from the opening.")
                            % {"where": where, "n": CELL_MAX})
