"""Tournament pairing for the Triominos club: pure Python, plain values in and out.

Systems: Swiss for tables of 2–4 (:func:`pair_swiss`), round robin
(:func:`berger_schedule`, :func:`round_robin`), knockout brackets
(:func:`single_elimination`, :func:`advance`),
standings with configurable tie-breaks (:func:`compute_standings`) and
stage glue (:func:`next_swiss_round`, :func:`knockout_from_standings`).
Every decision worth explaining comes with a typed flag (tournaments.pairing.flags).
"""

from .designs import Design, affine_geometry_rounds, affine_plane_rounds, resolvable_design
from .errors import CODES as ERROR_CODES
from .errors import PairingError
from .flags import KINDS as FLAG_KINDS
from .flags import (
    Bye,
    ByeReason,
    EditedByHand,
    Flag,
    Proof,
    RepeatMeeting,
    SameClub,
    UnknownFlag,
    WithdrawnRemoved,
    flag_from_json,
    flag_to_json,
    flags_from_json,
    flags_to_json,
)
from .knockout import (
    Bracket,
    Match,
    PlaceRange,
    Source,
    bracket_order,
    single_elimination,
)
from .knockout_play import BracketState, MatchTable, advance
from .model import (
    Meetings,
    PlayerEntry,
    RoundDraft,
    SwissOptions,
    Table,
    table_sizes,
)
from .roundrobin import (
    Schedule,
    berger_schedule,
    meeting_counts,
    round_robin,
)
from .stages import knockout_from_standings, next_swiss_round, qualifiers, seeds_by_rating
from .standings import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    PointsScheme,
    RoundResult,
    StandingRow,
    Standings,
    TableResult,
    by_placing,
    compute_standings,
    tournament_points,
    win_tie_loss,
)
from .swiss import pair_swiss

__all__ = [
    "DEFAULT_TIEBREAKS",
    "ERROR_CODES",
    "TIEBREAKS",
    "Bracket",
    "BracketState",
    "FLAG_KINDS",
    "Bye",
    "ByeReason",
    "EditedByHand",
    "Flag",
    "Proof",
    "RepeatMeeting",
    "SameClub",
    "UnknownFlag",
    "WithdrawnRemoved",
    "flag_from_json",
    "flag_to_json",
    "flags_from_json",
    "flags_to_json",
    "Match",
    "MatchTable",
    "Meetings",
    "PairingError",
    "PlaceRange",
    "PlayerEntry",
    "PointsScheme",
    "RoundDraft",
    "RoundResult",
    "Schedule",
    "Source",
    "StandingRow",
    "Standings",
    "SwissOptions",
    "Table",
    "TableResult",
    "advance",
    "affine_plane_rounds",
    "affine_geometry_rounds",
    "Design",
    "resolvable_design",
    "berger_schedule",
    "bracket_order",
    "by_placing",
    "compute_standings",
    "knockout_from_standings",
    "meeting_counts",
    "next_swiss_round",
    "pair_swiss",
    "qualifiers",
    "round_robin",
    "seeds_by_rating",
    "single_elimination",
    "table_sizes",
    "tournament_points",
    "win_tie_loss",
]
