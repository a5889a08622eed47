"""The one exception of the pairing core: a refusal with a stable code.

The shape all three cores share (coded.CodedError: code, English message, params): the pure
cores stay free of each other. The tournaments app turns the code and
params into a sentence (tournaments/messages.py); the message is for logs and tests only.
"""

from __future__ import annotations

from coded import CodedError

#: Every code the pairing core raises; tests/tournaments/test_core_errors.py checks that the
#: core raises no other and that each has a sentence in English and Russian.
CODES = frozenset({
    "bad-table-size",  # table_size
    "knockout-tables",  # table_size, advance: advance must divide a table of 2 to 6
    "bracket-size",  # count, arity: the slots are not a power of the table's arity
    "too-few-players",  # count, min
    "players-twice",  # players seated twice in the input
    "no-qualifiers",  # count
    "unknown-tiebreaks",  # tiebreaks (a list of codes)
    "no-table-points",  # size: the points scheme has no row for tables of that size
    "unknown-matches",  # matches (a list of match ids)
    "match-not-ready",  # match
    "not-in-match",  # match, player
    "finishing-order",  # match, players: the order must list exactly these
    "no-such-field",  # order: finite fields built in are of 3 and 4 elements
})


class PairingError(CodedError, ValueError):
    """Input the pairing core refuses: a code from :data:`CODES`, ``params`` the plain values
    (ids, counts) a translated sentence quotes. It is a ValueError, so a caller that only needs
    to know the arguments were bad still catches it. ``to_dict`` stores it with a round whose
    pairing failed."""
