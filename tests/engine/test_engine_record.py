"""triominos-record/1: structure checks, replay, errors with round and turn, writing, the CLI."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import (
    EngineError,
    GameState,
    record_dumps,
    record_loads,
    record_replay,
    record_state,
    record_validate,
    record_write,
    rules_resolve,
)

from .test_engine_examples import DATA

ROOT = Path(__file__).resolve().parents[2]

EXAMPLE = {
    "format": "triominos-record/1",
    "rules": "pressman",
    "players": ["Anna", "Boris", "Vera"],
    "rounds": [
        {
            "moves": [
                {"player": "Anna", "at": [0, 0], "corners": [4, 4, 4]},
                {"player": "Boris", "at": [1, 0], "corners": [4, 4, 1]},
                {"player": "Vera", "draw": 2, "at": [-1, 0], "corners": [4, 2, 4]},
                {"player": "Anna", "draw": 3},
                {"player": "Boris", "draw": 1, "at": [0, 1], "corners": [0, 4, 4]},
            ]
        }
    ],
}

EXPECTED = {
    "rounds": [
        {
            "turns": [
                {"player": "Anna", "points": 22, "detail": {"tile": 12, "opening": 10}},
                {"player": "Boris", "points": 9, "detail": {"tile": 9}},
                {"player": "Vera", "points": 0, "detail": {"tile": 10, "draws": -10}},
                {"player": "Anna", "points": -25, "detail": {"draws": -15, "pass": -10}},
                {"player": "Boris", "points": 3, "detail": {"tile": 8, "draws": -5}},
            ],
            "end": None,
            "totals": {"Anna": -3, "Boris": 12, "Vera": 0},
        }
    ],
    "totals": {"Anna": -3, "Boris": 12, "Vera": 0},
    "finished": False,
    "winner": None,
}


def example():
    return copy.deepcopy(EXAMPLE)


def cli(*args, stdin=None):
    done = subprocess.run(
        [sys.executable, "-m", "scoring.engine", *args], cwd=ROOT, input=stdin,
        capture_output=True, text=True, timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def test_example_replay():
    assert record_replay(example()) == EXPECTED
    state = record_state(example())
    assert state.to_play == 2 and state.hand_sizes == [9, 6, 8] and state.pool_size == 29


def test_cli_replay_example(tmp_path):
    path = tmp_path / "example.json"
    path.write_text(json.dumps(EXAMPLE))
    code, out, err = cli("replay", str(path))
    assert (code, err) == (0, "")
    assert json.loads(out) == EXPECTED
    assert out.startswith('{\n  "rounds": [\n')  # indent=2
    for args in (("replay", "-"), ("replay",)):
        code, out, _ = cli(*args, stdin=json.dumps(EXAMPLE))
        assert code == 0 and json.loads(out) == EXPECTED


def test_cli_illegal_record(tmp_path):
    bad = example()
    bad["rounds"][0]["moves"][2]["corners"] = [4, 2, 3]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    code, out, _ = cli("replay", str(path))
    assert code == 1
    assert json.loads(out) == {"error": {
        "round": 0, "turn": 2, "code": "mismatch", "message": "corner 2 must be 4, not 3",
        "params": {"corner": 2, "needed": 4, "given": 3},
    }}
    code, out, _ = cli("replay", "-", stdin="{not json")
    assert code == 1 and json.loads(out)["error"]["code"] == "bad-json"
    code, out, _ = cli("replay", str(tmp_path / "missing.json"))
    error = json.loads(out)["error"]
    assert code == 1 and error["code"] == "no-file"
    assert error["message"] == f"cannot read {tmp_path / 'missing.json'}: No such file or directory"
    code, out, _ = cli("replay", "-", stdin=json.dumps({"format": "x"}))
    assert code == 1 and json.loads(out)["error"] == {
        "round": None, "turn": None, "code": "bad-record",
        "message": "format: expected 'triominos-record/1', not 'x'",
        "params": {"path": "format", "expected": "format", "part": "format"},
    }


def test_cli_fits(tmp_path):
    path = tmp_path / "example.json"
    path.write_text(json.dumps(EXAMPLE))
    code, out, _ = cli("fits", str(path), "0-4-4")
    assert (code, out) == (0, "")  # on the table
    code, out, _ = cli("fits", str(path), "1-4-4")
    assert (code, out) == (0, "")
    code, out, _ = cli("fits", str(path), "4-4-5")
    lines = [json.loads(line) for line in out.splitlines()]
    state = record_state(example())
    assert lines == [{"at": list(at), "corners": list(c)} for at, c in state.fits("4-4-5")]
    code, out, _ = cli("fits", str(path), "2-4-5")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and lines == [
        {"at": list(at), "corners": list(c)} for at, c in state.fits("2-4-5")
    ] and lines
    code, out, _ = cli("fits", str(path), "9-9")
    assert code == 1 and json.loads(out)["error"]["code"] == "bad-tile"


def errors_at(record, message=None):
    with pytest.raises(EngineError) as caught:
        record_state(record)
    if message is not None:
        assert caught.value.message == message
    with pytest.raises(EngineError) as again:
        record_replay(record)
    error = caught.value
    assert (again.value.code, again.value.round, again.value.turn) == (
        error.code, error.round, error.turn,
    )
    return error.code, error.round, error.turn


def test_move_errors_carry_round_and_turn():
    bad = example()
    bad["rounds"][0]["moves"][3]["player"] = "Boris"
    assert errors_at(bad) == ("out-of-turn", 0, 3)
    bad = example()
    bad["rounds"][0]["moves"][3]["player"] = "Olga"
    assert errors_at(bad, "there is no player Olga") == ("unknown-player", 0, 3)
    bad = example()
    bad["rounds"][0]["moves"][3]["player"] = 7
    assert errors_at(bad) == ("unknown-player", 0, 3)
    bad = example()
    bad["rounds"][0]["moves"][4]["at"] = [0, 0]
    assert errors_at(bad) == ("occupied", 0, 4)


def test_seat_numbers_instead_of_names():
    record = example()
    for move in record["rounds"][0]["moves"]:
        move["player"] = record["players"].index(move["player"])
    assert record_replay(record) == EXPECTED


def finished_round_record():
    """Anna goes out in the first round (two tiles each); a second round follows."""
    return {
        "format": "triominos-record/1",
        "rules": {"preset": "pressman", "target": 300},
        "players": ["Anna", "Boris"],
        "rounds": [
            {
                "dealt": 2,
                "moves": [
                    {"player": "Anna", "at": [0, 0], "corners": [4, 4, 4]},
                    {"player": "Boris", "at": [1, 0], "corners": [4, 4, 1]},
                    {"player": "Anna", "at": [-1, 0], "corners": [4, 5, 4]},
                ],
                "hands": {"Boris": ["0-1-2"]},
            },
            {"moves": [{"player": 1, "at": [0, 0], "corners": [5, 5, 5]}]},
        ],
    }


def test_round_end_and_next_round():
    out = record_replay(finished_round_record())
    assert out["rounds"][0]["end"] == {
        "reason": "out", "winner": "Anna", "points": {"Anna": 28, "Boris": 0},
    }
    assert out["rounds"][0]["totals"] == {"Anna": 63, "Boris": 9}
    assert out["rounds"][1] == {
        "turns": [{"player": "Boris", "points": 25, "detail": {"tile": 15, "opening": 10}}],
        "end": None, "totals": {"Anna": 63, "Boris": 34},
    }
    assert (out["finished"], out["winner"]) == (False, None)
    state = record_state(finished_round_record())
    assert state.round_index == 1 and state.hand_sizes == [9, 8]


def test_hands_counted_as_count_and_points():
    record = finished_round_record()
    record["rounds"][0]["hands"] = {"Boris": {"count": 1, "points": 3}}
    assert record_replay(record)["rounds"][0]["totals"] == {"Anna": 63, "Boris": 9}


def test_last_round_waiting_for_hands():
    record = finished_round_record()
    del record["rounds"][1]
    del record["rounds"][0]["hands"]
    out = record_replay(record)
    assert out["rounds"][0]["end"] is None and not out["finished"]
    assert out["rounds"][0]["totals"] == {"Anna": 35, "Boris": 9}
    assert record_state(record).phase == "hands"


def test_round_level_errors():
    record = finished_round_record()
    del record["rounds"][0]["hands"]
    assert errors_at(record, "round 0 ended (out) but its hands are missing") == (
        "hands-missing", 0, None,
    )
    record = finished_round_record()
    record["rounds"][0]["moves"].pop()
    record["rounds"][0]["hands"] = {}
    assert errors_at(record, "hands are given for a round that has not ended") == (
        "hands-early", 0, None,
    )
    record = finished_round_record()
    record["rounds"][0]["moves"].pop()
    del record["rounds"][0]["hands"]
    assert errors_at(record, "round 0 has not ended but round 1 follows") == (
        "round-not-over", 0, None,
    )
    record = finished_round_record()
    record["rounds"][0]["moves"].append({"player": "Boris", "draw": 3})
    assert errors_at(record) == ("round-over", 0, 3)
    record = finished_round_record()
    record["rounds"][0]["hands"] = {"Boris": ["0-1-2"], "Olga": []}
    assert errors_at(record) == ("unknown-player", 0, None)
    record = finished_round_record()
    record["rounds"][0]["hands"] = {"Boris": ["4-4-4"]}
    assert errors_at(record) == ("tile-played", 0, None)
    record = finished_round_record()
    record["rounds"][0]["hands"] = {"Boris": []}
    assert errors_at(record) == ("hand-count", 0, None)
    record = finished_round_record()
    record["rounds"][1]["dealt"] = 30
    assert errors_at(record) == ("bad-dealt", 1, None)
    record = finished_round_record()
    record["rules"]["target"] = 50
    assert errors_at(record, "round 1 follows the end of the game") == ("game-over", 1, None)
    record["rounds"].pop()
    out = record_replay(record)
    assert (out["finished"], out["winner"]) == (True, "Anna")
    record = finished_round_record()
    record["rules"]["target"] = -1
    assert errors_at(record) == ("bad-rules", None, None)
    record = finished_round_record()
    record["players"] = ["Anna", "Anna"]
    assert errors_at(record) == ("player-duplicate", None, None)


def test_shared_winner_is_a_list():
    record = finished_round_record()
    record["rules"] = {"preset": "pressman", "rounds_limit": 1, "opening_triple_bonus": 0}
    record["rounds"].pop()
    record["rounds"][0]["hands"] = {"Boris": ["0-0-0"]}
    out = record_replay(record)
    assert out["totals"] == {"Anna": 12 + 13 + 25, "Boris": 9}
    record["rounds"][0]["moves"][1:] = [
        {"player": "Boris", "at": [1, 0], "corners": [4, 4, 1]},
        {"player": "Anna", "draw": 3},
        {"player": "Boris", "at": [-1, 0], "corners": [4, 5, 4]},
    ]
    record["rounds"][0]["hands"] = {"Anna": ["0-0-1", "0-0-2", "0-0-3", "0-0-0"]}
    out = record_replay(record)
    assert out["rounds"][0]["end"]["points"] == {"Anna": 0, "Boris": 31}
    assert out["totals"] == {"Anna": -13, "Boris": 53}
    record["rules"]["out_bonus"] = 0
    record["rules"]["draw_penalty"] = 0
    record["rules"]["fail_penalty"] = 0
    record["rules"]["opening_triple_bonus"] = 16
    out = record_replay(record)
    assert out["totals"] == {"Anna": 28, "Boris": 28}
    assert (out["finished"], out["winner"]) == (True, ["Anna", "Boris"])


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda r: r.clear() or r.update(format="triominos-record/1"),
     "rules: expected a preset name or an object"),
    (lambda r: r.pop("players"), "players: expected a list of names"),
    (lambda r: r["players"].__setitem__(1, 3), "players[1]: expected a non-empty name"),
    (lambda r: r.__setitem__("rounds", {}), "rounds: expected a list"),
    (lambda r: r["rounds"].append(3), "rounds[1]: expected an object"),
    (lambda r: r["rounds"][0].pop("moves"), "rounds[0].moves: expected a list"),
    (lambda r: r["rounds"][0].__setitem__("dealt", 0),
     "rounds[0].dealt: expected a whole number >= 1"),
    (lambda r: r["rounds"][0]["moves"].__setitem__(2, []),
     "rounds[0].moves[2]: expected an object"),
    (lambda r: r["rounds"][0]["moves"][2].__setitem__("player", None),
     "rounds[0].moves[2].player: expected a name or a seat number"),
    (lambda r: r["rounds"][0]["moves"][2].__setitem__("draw", -1),
     "rounds[0].moves[2].draw: expected a whole number >= 0"),
    (lambda r: r["rounds"][0]["moves"][2].pop("at"),
     "rounds[0].moves[2]: a placement needs both at and corners"),
    (lambda r: r["rounds"][0]["moves"][2].__setitem__("at", [1]),
     "rounds[0].moves[2].at: expected two integers [c, r]"),
    (lambda r: r["rounds"][0]["moves"][2].__setitem__("corners", [4, 2, "4"]),
     "rounds[0].moves[2].corners: expected three integers"),
    (lambda r: r["rounds"][0].__setitem__("hands", []),
     "rounds[0].hands: expected an object keyed by player name"),
    (lambda r: r["rounds"][0].__setitem__("hands", {"Anna": [1]}),
     "rounds[0].hands.Anna[0]: expected a tile written a-b-c"),
    (lambda r: r["rounds"][0].__setitem__("hands", {"Anna": {"count": 2}}),
     "rounds[0].hands.Anna.points: expected an integer"),
    (lambda r: r["rounds"][0].__setitem__("hands", {"Anna": 3}),
     "rounds[0].hands.Anna: expected a list of tiles or {count, points}"),
])
def test_validate_names_the_path(mutate, message):
    record = example()
    mutate(record)
    with pytest.raises(EngineError) as caught:
        record_validate(record)
    assert (caught.value.code, caught.value.message) == ("bad-record", message)
    assert (caught.value.round, caught.value.turn) == (None, None)
    with pytest.raises(EngineError):
        record_validate([])
    record_validate(example())


def test_write_and_read_back():
    record = json.loads((DATA / "blocked_german.json").read_text())
    state = record_state(record)
    written = record_write(state)
    text = record_dumps(written)
    again = record_loads(text)
    assert again["rules"] == rules_resolve(record["rules"]).to_dict()
    assert record_replay(again) == record_replay(record)
    assert record_write(record_state(again)) == written
    with pytest.raises(EngineError) as caught:
        record_write(GameState(["A", "B"], rules_resolve("club"), rounds_played=2))
    assert (caught.value.code, caught.value.message) == (
        "partial-history", "this state resumed at round 2; earlier rounds are unknown",
    )
    with pytest.raises(EngineError) as caught:
        record_loads("[1, 2")
    assert caught.value.code == "bad-json"


def test_unknown_keys_are_ignored():
    record = example()
    record["event"] = "club night"
    record["rounds"][0]["table"] = 3
    record["rounds"][0]["moves"][0]["time"] = "20:15"
    assert record_replay(record) == EXPECTED
