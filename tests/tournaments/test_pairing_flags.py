"""The pairing core's flags: typed, stored as JSON through one pair of functions that also
reads every shape stored before they were typed, and put into words in both languages."""

import pytest
from django.utils import translation

from tests.sentences import assert_sentence
from tournaments import flags
from tournaments.pairing import (
    FLAG_KINDS,
    Bye,
    ByeReason,
    PlayerEntry,
    UnknownFlag,
    flag_from_json,
    flag_to_json,
    flags_to_json,
    pair_swiss,
    round_robin,
    single_elimination,
)
from tournaments.pairing import flags as kinds


def test_unavoidable_two_player_knockout_game_is_a_warning_in_both_languages():
    bracket = single_elimination([7, 8, 9, 10], table_size=3, advance=1)
    with translation.override("en"):
        said = [flags.describe(f, {}) for f in flags_to_json(bracket.flags)
                if f["code"] == "two-player-table"]
    assert len(said) == 1 and said[0].warning
    assert said[0].text == ("Knockout round 1 has a two-player game at M1: with this number "
                            "of players it cannot be avoided at tables of 3.")
    with translation.override("ru"):
        ru = flags.describe(flags_to_json(bracket.flags)[-1], {})
    assert ru.text.startswith("В туре 1 плей-офф за столом M1 играют двое")


# Every kind as rows hold it today (each bye reason, and the shapes of the Swiss and of the
# round robin and the tournaments app, which give fewer params).
STORED = [
    {"code": "bye", "params": {"player": 7, "rank": 7, "points": 0, "reason": "odd-number",
                               "previous_byes": 1}},
    {"code": "bye", "params": {"player": 7, "rank": 7, "points": 2.5, "reason": "remainder",
                               "previous_byes": 0}},
    {"code": "bye", "params": {"player": 7, "rank": 1, "points": 0,
                               "reason": "too-few-players", "previous_byes": 0}},
    {"code": "bye", "params": {"player": 3, "reason": "round-robin"}},
    {"code": "bye", "params": {"player": 3, "reason": "table-emptied"}},
    {"code": "bye", "params": {"player": 3, "reason": "by-hand"}},
    # One per proof: (proof, table, meetings, last round, consecutive).
    *({"code": "repeat-meeting", "params": {
        "players": [1, 2], "table": table, "meetings": meetings, "last_round": last,
        "consecutive": consecutive, "proof": proof}}
      for proof, table, meetings, last, consecutive in [
          ("minimal", 1, 1, 2, True), ("unavoidable", 1, 2, 1, False),
          ("heuristic", 1, 1, 1, False), ("by-hand", 2, 1, 1, True)]),
    {"code": "same-club", "params": {"players": [1, 2], "club": "5", "table": 2}},
    {"code": "forbidden-pair", "params": {"players": [1, 2], "table": 1}},
    {"code": "score-float", "params": {"player": 1, "points": 2.5, "table": 1,
                                       "direction": "down"}},
    {"code": "seat-balance", "params": {"player": 1, "table": 1, "opened": 2, "games": 3}},
    {"code": "remainder-table", "params": {"table": 3, "size": 3, "table_size": 4}},
    {"code": "meeting-balance", "params": {"min": 0, "max": 2, "variance": 0.25,
                                           "unmet_pairs": 3}},
    {"code": "exact-design", "params": {"design": "AG(2,3)", "order": 9, "rounds": 4}},
    {"code": "knockout-bye", "params": {"player": 1, "seed": 1, "enters_round": 2}},
    {"code": "two-player-table", "params": {"match": "M1", "round": 1, "table_size": 3}},
    {"code": "qualified", "params": {"player": 1, "rank": 1}},
    {"code": "qualification-cut", "params": {"last_in": 1, "first_out": 2,
                                             "decided_by": "buchholz"}},
    {"code": "tiebreak", "params": {"above": 2, "decided_by": "direct-encounter"}},
    {"code": "lots", "params": {"above": 2, "decided_by": "lots"}},
    {"code": "direct-encounter-not-applied", "params": {"players": [1, 2, 3]}},
    {"code": "withdrawn-removed", "params": {"table": 2, "players": [4]}},
    {"code": "edited-by-hand", "params": {"players": [1], "tables": [1, 2]}},
]
NAMES = {"en": {1: "Anna", 2: "Boris", 3: "Vera", 4: "Gleb", 7: "Dasha"},
         "ru": {1: "Анна", 2: "Борис", 3: "Вера", 4: "Глеб", 7: "Даша"}}


def test_every_kind_has_a_stored_shape_here():
    assert {d["code"] for d in STORED} == set(FLAG_KINDS)
    reasons = {d["params"]["reason"] for d in STORED if d["code"] == "bye"}
    assert reasons == {r.value for r in ByeReason}


@pytest.mark.parametrize("stored", STORED, ids=[d["code"] for d in STORED])
def test_stored_flags_read_as_their_type_and_write_back_the_same(stored):
    flag = flag_from_json(stored)
    assert type(flag) is FLAG_KINDS[stored["code"]]
    assert flag_to_json(flag) == stored
    assert flag.at_table() == stored["params"].get("table")


def test_stored_values_become_typed_fields():
    bye = flag_from_json(STORED[4])
    assert bye == Bye(player=3, reason=ByeReason.TABLE_EMPTIED)
    assert bye.reason is ByeReason.TABLE_EMPTIED
    repeat = flag_from_json(STORED[6])
    assert repeat.players == (1, 2) and repeat.proof is kinds.Proof.MINIMAL
    assert repeat.warning and not bye.warning


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_stored_flag_reads_as_a_sentence(lang):
    names = NAMES[lang]
    for stored in STORED:
        with translation.override(lang):
            said = flags.describe(stored, names)
        assert said.text != stored["code"]
        quoted = {"names": list(names.values()), "match": stored["params"].get("match", "")}
        assert_sentence(said.text, lang, quoted)


def test_a_flag_this_version_does_not_know_is_kept_and_shown_by_its_code():
    for stored in ({"code": "moon-phase", "params": {"table": 2}},
                   {"code": "qualified", "params": {"player": 1}},  # a field missing
                   {"code": "same-club", "params": {"players": [1, 2], "table": 1, "club": "5",
                                                    "colour": "red"}}):  # one too many
        flag = flag_from_json(stored)
        assert isinstance(flag, UnknownFlag)
        assert flag_to_json(flag) == stored
        said = flags.describe(flag, {})
        assert (said.text, said.warning) == (stored["code"], False)
        assert said.table == stored["params"].get("table")


def test_an_unknown_bye_reason_is_said_as_stored():
    flag = flag_from_json({"code": "bye", "params": {"player": 3, "reason": "eclipse"}})
    assert flag.reason == "eclipse"
    with translation.override("en"):
        assert flags.describe(flag, {3: "Vera"}).text == (
            "Vera sits out this round (a bye): eclipse.")


def test_flags_the_core_makes_survive_json():
    players = [PlayerEntry(i, points=i % 3, club="c" if i < 3 else None) for i in range(1, 8)]
    draft = pair_swiss(players, [[(1, 2), (3, 4), (5, 6)]], 2)
    schedule = round_robin(list(range(1, 8)), 3)
    made = draft.flags + schedule.flags + [f for r in schedule.rounds for f in r.flags]
    assert {f.code for f in made} >= {"bye", "meeting-balance"}
    for flag in made:
        assert flag_from_json(flag_to_json(flag)) == flag
