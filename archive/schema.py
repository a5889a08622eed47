"""The shape of a club archive file (``triominos-club/1``), checked before anything is read.

Only the shape: types, required keys and references written as ids. What the values may be
(lengths, choices, dates) is checked by the models' own fields when rows are built, and whether
games replay by the engine.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match

from .errors import ArchiveError

FORMAT = "triominos-club/1"

_BIGGEST_ID = 2**63 - 1  # ids are 64-bit
_ID = {"type": "integer", "minimum": 1, "maximum": _BIGGEST_ID}
_MAYBE_ID = {"type": ["integer", "null"], "minimum": 1, "maximum": _BIGGEST_ID}
_NAME = {"type": ["string", "null"]}
_UUID = {"type": "string", "format": "uuid"}


_TEXT = {"type": "string"}
_RECORD = {  # the engine checks the record itself; these are the archive's keys in it
    "type": "object",
    "properties": {"rounds": {"type": "array", "items": {
        "type": "object",
        "properties": {
            "ended_at": _TEXT,
            "moves": {"type": "array", "items": {"type": "object", "properties": {
                "entered_at": _TEXT, "entered_by": _NAME, "via_link": {"type": "boolean"},
                "client_key": {"type": "string", "maxLength": 64}}}},
        },
    }}},
}


def _rows(required: list[str], **properties) -> dict:
    return {"type": "array", "items": {
        "type": "object", "required": required, "properties": properties}}


SCHEMA = {
    "type": "object",
    "required": ["format", "club", "players", "memberships", "games", "audit", "tournaments"],
    "properties": {
        "format": {"const": FORMAT},
        "club": {"type": "object", "required": ["id", "uuid", "slug", "name"],
                 "properties": {"id": _ID, "uuid": _UUID, "slug": {"type": "string"}}},
        "players": _rows(["id", "uuid", "display_name"], id=_ID, uuid=_UUID, user=_NAME,
                         home_club={"anyOf": [_UUID, {"type": "null"}]}),
        "memberships": _rows(["player", "role"], player=_ID),
        "games": _rows(["id", "kind", "seats", "scores", "record"], id=_ID,
                       seats={"type": "array", "items": _ID},
                       scores={"type": "array", "items": {"type": "integer",
                                                          "minimum": -2**31, "maximum": 2**31 - 1}},
                       record=_RECORD, created_by=_NAME),
        "audit": _rows(["game", "action"], game=_MAYBE_ID, user=_NAME),
        "tournaments": _rows(
            ["id", "slug", "registrations", "stages", "rounds"], id=_ID, winner=_MAYBE_ID,
            created_by=_NAME, slug={"type": "string"},
            registrations=_rows(["player"], player=_ID),
            stages=_rows(["id", "order", "kind"], id=_ID),
            rounds=_rows(["id", "stage", "number", "tables"], id=_ID, stage=_ID,
                         tables=_rows(["number", "seats"], game=_MAYBE_ID,
                                      seats={"type": "array", "items": _ID})),
        ),
    },
}

_VALIDATOR = Draft202012Validator(SCHEMA, format_checker=FormatChecker())


def check_shape(data) -> None:
    """Refuse a file that is not a club archive, naming the first place that is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ArchiveError(_("This is not a club archive (format %(format)s).")
                           % {"format": FORMAT})
    error = best_match(_VALIDATOR.iter_errors(data))
    if error is not None:
        where = "/".join(str(part) for part in error.path) or "/"
        raise ArchiveError(_("The file is not a valid club archive at %(where)s: %(problem)s")
                           % {"where": where, "problem": error.message})
