"""One engine everywhere (issue 23.2): the tablet's own engine, the same Python files run by
Pyodide (the pinned npm package, from node_modules, offline) under Node, replays a corpus of
generated games for every preset, both pools and all three tile sets, and every answer (each
turn's points and breakdown, the scoreboard's numbers, the tablet's fits and pass cost, each
round's end) is identical to the server's engine under CPython."""

import base64
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from scoring.demo import TableRobot
from scoring.engine import PRESETS, GameState, record_write, rules_resolve
from scoring.engine_bundle import bundle_zip
from tests.scoring.engine_trace import trace

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
SETS = {"56": {}, "76": {"mirror_tiles": True}, "84": {"max_number": 6}}
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"]


def corpus() -> list[dict]:
    """A game of up to two rounds for every preset × pool × set, the table sizes varied."""
    games = []
    for n, (preset, pool, tiles) in enumerate(
            (p, pool, s) for p in sorted(PRESETS) for pool in ("shared", "individual")
            for s in SETS):
        rules = rules_resolve({"preset": preset, "pool": pool, **SETS[tiles]})
        players = rules.min_players + n % (rules.max_players - rules.min_players + 1)
        state = TableRobot(GameState(NAMES[:players], rules), random.Random(n)).play_game(
            max_rounds=2)
        games.append({"name": f"{preset}-{pool}-{tiles}-{players}p",
                      "record": record_write(state)})
    return games


def in_pyodide(games: list[dict]) -> list:
    job = {
        "bundle": base64.b64encode(bundle_zip()[0]).decode(),
        "files": {"engine_trace.py": (ROOT / "tests/scoring/engine_trace.py").read_text()},
        "args": [game["record"] for game in games],
        "code": "import json\nfrom engine_trace import trace\n"
                "json.dumps([trace(record) for record in ARGS])",
    }
    answer = subprocess.run(["node", str(ROOT / "tests/js/pyodide_runner.mjs")], cwd=ROOT,
                            input=json.dumps(job), capture_output=True, text=True, check=True)
    return json.loads(answer.stdout)["value"]


def test_the_corpus_covers_every_preset_pool_and_set():
    games = corpus()
    assert len(games) == len(PRESETS) * 2 * 3
    assert {g["record"]["rules"].get("max_number", 5) for g in games} == {5, 6}
    turns = sum(len(r["moves"]) for g in games for r in g["record"]["rounds"])
    assert turns > 300  # whole rounds, not openings alone


def test_the_tablets_engine_gives_the_servers_answers():
    if not PYODIDE.exists() or shutil.which("node") is None:
        reason = "node or node_modules/pyodide missing: make venv runs npm ci"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    games = corpus()
    server = [json.loads(json.dumps(trace(game["record"]))) for game in games]
    tablet = in_pyodide(games)
    for game, mine, theirs in zip(games, server, tablet, strict=True):
        assert len(theirs) == len(mine), game["name"]
        for step, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            assert a == b, f"{game['name']}, step {step}"
