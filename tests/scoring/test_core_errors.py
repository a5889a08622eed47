"""Every code the engine (and the scoring app through EngineError) can refuse with comes out as
a finished sentence in English and in Russian (scoring/messages.py), and the list of codes is
the one the source raises."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from scoring.engine import EngineError, record_loads
from scoring.engine.errors import CODES
from scoring.messages import _RECORD_EXPECTED, APP_CODES, refusal
from tests.sentences import assert_sentence

SCORING = Path(__file__).resolve().parents[2] / "scoring"
RAISED = re.compile(r'(?:EngineError|_refuse)\(\s*"([a-z0-9-]+)"')

# Names in the sentence's own alphabet, so a Latin word left in Russian is the translation's.
PLAYERS = {"en": ["Anna", "Boris", "Vera"], "ru": ["Анна", "Борис", "Вера"]}


def _raised(paths) -> set[str]:
    return {code for path in paths for code in RAISED.findall(path.read_text())}


def test_the_engine_lists_every_code_it_raises():
    assert _raised((SCORING / "engine").glob("*.py")) == CODES


def test_the_scoring_app_lists_the_codes_it_raises_itself():
    app = _raised(p for p in SCORING.glob("*.py"))
    assert app - CODES == APP_CODES


def samples(lang: str) -> dict[str, list[dict]]:
    """Params for every code as the raising code gives them (each branch of a sentence)."""
    anna = PLAYERS[lang][0]
    return {
        "unknown-player": [{"seat": "7"}, {"player": anna}],
        "bad-move": [{"draw": "-1"}, {}],
        "bad-tile": [{"text": "'9'"}, {"player": anna, "text": "'9'"}],
        "no-such-tile": [{"corners": [9, 9, 9]}],
        "tile-played": [{"tile": "1-2-3"}],
        "occupied": [{"at": [0, 0]}],
        "mismatch": [{"corner": 1, "needed": 3, "given": 4}],
        "not-adjacent": [{"at": [2, 0]}],
        "opening-draw": [{"draw": 1}],
        "must-place": [{}],
        "out-of-turn": [{"player": anna, "seat": 0, "expected": anna, "expected_seat": 1}],
        "too-many-draws": [{"limit": 1, "draw": 2}, {"limit": 3, "draw": 4}],
        "pool-empty": [{"pool": 1, "draw": 3}, {"pool": 5, "draw": 6}],
        "must-draw": [{"player": anna, "needed": 3, "given": 1}],
        "empty-hand": [{"player": anna}],
        "round-over": [{"reason": "out"}],
        "game-over": [{}, {"rounds": 5}],
        "player-count": [{"count": 7, "min": 2, "max": 6}],
        "player-duplicate": [{"player": anna}],
        "bad-totals": [{"count": 2, "players": 3}, {}],
        "bad-dealt": [{"dealt": 30, "players": 4, "tiles": 56}, {"dealt": 1}],
        "round-not-over": [{}, {"phase": "play"}],
        "bad-hand": [{}, {"player": anna}],
        "hand-count": [{"player": anna, "seat": 0, "tracked": 3, "given": 2}],
        "hand-points": [{"player": anna, "count": 2, "points": 40, "max": 30}],
        "tile-duplicate": [{"tile": "1-2-3", "player": anna}],
        "bad-rules": [
            {"name": "draw_penalty", "value": "-1", "expected": "an integer >= 0"},
            {"name": "preset", "value": "'chess'"},
            {"name": "colour"},  # an unknown parameter: its name is quoted as written
            {"name": "rules", "value": "7", "expected": "a preset name or an object"},
        ] + [{"name": name, "value": "-1"} for name in _rule_names()],
        "bad-json": [{"detail": "Expecting value", "line": 1, "column": 2}, {"detail": "x"}],
        "bad-record": [error.params for error in _record_errors()],
        "hands-missing": [{"reason": "out"}],
        "hands-early": [{}],
        "partial-history": [{"round": 2}],
        "no-file": [{"path": "/tmp/game.json"}],
        "sheet-number": [{"round": 0, "seat": 1, "value": "'?'"}],
        "sheet-round-high": [{"round": 0, "seat": 1, "value": 2100, "most": 2065,
                              "players": 4}],
        "sheet-round-low": [{"round": 2, "seat": 0, "value": -9999, "least": -1515,
                             "players": 1}],
        "final-high": [{"seat": 0, "value": 10000, "most": 2264}],
        "final-low": [{"seat": 1, "value": -10000, "least": -9210, "rounds": 6},
                      {"seat": 1, "value": -2000, "least": -1515, "rounds": 1}],
        "final-rounds-needed": [{"seat": 1, "value": -10000, "least": -1535,
                                 "rounds": None}],
        "final-rounds": [{"rounds": "0", "limit": None}, {"rounds": "2", "limit": 1}],
        "reached-below": [{"seat": 0, "value": -1500, "target": 200, "lowest": -1335}],
        "sheet-round-winner": [{"reached": [0, 1]}],
        "sheet-empty": [{}],
        "sheet-no-target": [{}],
        "sheet-after-end": [{"round": 3, "ended": 2}],
        "sheet-row": [{"round": 0, "players": 3}],
        "sheet-not-over": [{"round": 2, "target": 400, "limit": None, "played": 3},
                           {"round": 2, "target": None, "limit": 5, "played": 3}],
        "sheet-total": [{"round": 0, "seat": 1, "written": 50, "sum": 40}],
        "final-not-over": [{"target": 400}],
        # the scoring app's own
        "nothing-to-undo": [{}],
        "correction-reopens": [{}],
        "entered-on-paper": [{}],
        "finished-on-tablet": [{}],
        "record-players": [{"player": anna}],
        "record-rules": [{"name": "target", "record": 200, "game": None}],
    }


def _rule_names():
    from scoring.engine.rules import _FIELDS

    return _FIELDS


RECORD = {"format": "triominos-record/1", "rules": "pressman", "players": ["A", "B"],
          "rounds": [{"moves": [{"player": "A", "at": [0, 0], "corners": [1, 2, 3]}]}]}


def _malformed():
    """Records with one fault each, for every place a record can be malformed."""
    def change(**parts):
        return {**RECORD, **parts}

    def move(**parts):
        return change(rounds=[{"moves": [{"player": "A", **parts}]}])

    def hands(value):
        return change(rounds=[{"moves": [], "hands": value}])

    return [
        [], change(format="x"), change(rules=3), change(players="A"), change(players=["A", ""]),
        change(rounds={}), change(rounds=[3]), change(rounds=[{"dealt": 0, "moves": []}]),
        change(rounds=[{"moves": {}}]), change(rounds=[{"moves": [3]}]), move(player=None),
        move(draw=-1), move(at=[0, 0]), move(at=[0], corners=[1, 2, 3]),
        move(at=[0, 0], corners=[1, 2]), hands([]), hands({"A": [3]}),
        hands({"A": {"count": "2", "points": 3}}), hands({"A": {"count": 2, "points": None}}),
        hands({"A": 3}),
    ]


def _record_errors() -> list[EngineError]:
    errors = []
    for record in _malformed():
        with pytest.raises(EngineError) as caught:
            record_loads(json.dumps(record))
        errors.append(caught.value)
    return errors


def test_malformed_records_cover_every_way_a_record_is_refused():
    errors = _record_errors()
    assert {e.code for e in errors} == {"bad-record"}
    assert {e.params["expected"] for e in errors} == set(_RECORD_EXPECTED) - {"sheet"}
    corners = next(e for e in errors if e.params["path"] == "rounds[0].moves[0].corners")
    assert corners.params == {"path": "rounds[0].moves[0].corners", "expected": "corners",
                              "part": "corners", "round": 0, "move": 0}


def test_every_code_has_samples():
    assert set(samples("en")) == CODES | APP_CODES


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_code_reads_as_a_sentence_in_each_language(lang):
    names = PLAYERS[lang]
    fallback = {"en": "Refused:", "ru": "Отказано:"}
    for code, variants in samples(lang).items():
        for params in variants:
            with translation.override(lang):
                text = refusal(EngineError(code, "English for logs", params), at=(0, 0),
                               players=names)
            assert not text.startswith(fallback[lang]), (code, text)
            assert "English for logs" not in text
            assert_sentence(text, lang, {**_quoted(code, params), "names": names,
                                         "format": "triominos-record/1"})


# Params that are codes for the sentence to put into words, never to be quoted as they are.
_WORDED = {"expected", "part", "reason", "phase", "detail", "what"}


def _quoted(code: str, params: dict) -> dict:
    """The values a sentence may show as they are (names, numbers, tiles, what was typed)."""
    worded = set(_WORDED)
    if code == "bad-record":
        worded.add("path")
    if code in ("bad-rules", "record-rules") and params.get("name") != "colour":
        worded.add("name")
    return {k: v for k, v in params.items() if k not in worded}


def test_a_record_fault_is_placed_in_words():
    error = next(e for e in _record_errors()
                 if e.params["path"] == "rounds[0].moves[0].corners")
    with translation.override("en"):
        assert refusal(error) == ("Round 1, move 1, the corners: they must be three whole "
                                  "numbers.")
    with translation.override("ru"):
        assert refusal(error) == "Раунд 1, ход 1, углы: нужны три целых числа."
