"""The tablet's contract, end to end: what scoring/tablet_data.py sends in every phase is read
by the script's own reader (static/js/tablet/contract.js) under Node, field by field."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from scoring.engine import GameState, Phase
from scoring.models import Game
from scoring.tablet_data import ScriptData, script_data

ROOT = Path(__file__).resolve().parents[2]
READ = """
import { readTabletData } from "./static/js/tablet/contract.js";
let text = "";
process.stdin.on("data", (chunk) => { text += chunk; });
process.stdin.on("end", () => {
  const read = JSON.parse(text).map((raw) => readTabletData(raw));
  process.stdout.write(JSON.stringify(read));
});
"""


class _View:
    """The three things script_data reads of a selectors.GameView."""

    def __init__(self, state, version):
        self.state = state
        self.names = list(state.players)
        self.game = type("G", (), {"version": version, "pk": 5})()
        self.round = type("R", (), {"start_totals": []})()


def _states():
    state = GameState(["Anna", "Boris", "Vera"], "pressman")
    yield "opening", state.copy()
    state.play(0, at=(0, 0), corners=(4, 4, 4))
    yield "play", state.copy()
    while state.phase != Phase.HANDS:  # pass until the round is blocked
        state.play(state.to_play, draw=state.draws_left)
    yield "hands", state.copy()


def test_game_phase_is_the_engines():
    assert [(p.name, p.value) for p in Game.Phase] == [(p.name, p.value) for p in Phase]
    assert Game.Phase.OPENING == Phase.OPENING == "opening"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_every_phase_reads_through_the_scripts_reader():
    sent = []
    for version, (name, state) in enumerate(_states()):
        data = script_data(_View(state, version), urls={"turn": "/t/"}, key_prefix="q")
        assert set(data) <= set(ScriptData.__annotations__) | {"pass"}, name
        sent.append(data)
    answer = subprocess.run(["node", "--input-type=module", "-e", READ], cwd=ROOT, check=True,
                            input=json.dumps(sent), capture_output=True, text=True)
    read = json.loads(answer.stdout)
    assert [(d["takes_turns"], d["opening"], d["hands"], d["seat"]) for d in read] == [
        (True, True, False, None), (True, False, False, 1), (False, False, True, None)]
    assert read[1]["next_seats"] == [1, 2, 0]
    assert read[1]["pass"] == {"draws": 3, "points": -25, "empties_pool": False}
    assert read[2]["tiles"] == {} and read[2]["pass"] is None
    assert len(read[0]["tiles"]) == 56 and all(len(fits) >= 1 for fits in read[0]["tiles"].values())
