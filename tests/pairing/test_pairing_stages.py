"""Stages: a Swiss stage played from results, its standings seeding a knockout."""

import ast
import random
import subprocess
import sys
from pathlib import Path

from tests.pairing.oracles import play
from tournaments.pairing import (
    PlayerEntry,
    RoundResult,
    SwissOptions,
    TableResult,
    advance,
    by_placing,
    compute_standings,
    knockout_from_standings,
    next_swiss_round,
    qualifiers,
    seeds_by_rating,
)
from tournaments.pairing.flags import QualificationCut

PACKAGE = Path(__file__).resolve().parents[2] / "tournaments" / "pairing"


def to_result(draft, rng):
    """Random game scores for a draft, as table results."""
    tables = tuple(
        TableResult(t.seats, tuple(rng.randint(0, 200) for _ in t.seats)) for t in draft.tables
    )
    return RoundResult(tables, tuple(draft.byes))


def test_swiss_stage_feeds_a_knockout():
    rng = random.Random(11)
    players = [PlayerEntry(i, rating=1500 + i) for i in range(1, 22)]
    results = []
    for _ in range(4):
        draft = next_swiss_round(players, results, 4, SwissOptions(remainder="smaller_tables"),
                                 by_placing())
        assert not [f for f in draft.flags if f.code == "repeat-meeting"]
        results.append(to_result(draft, rng))
    standings = compute_standings(players, results, by_placing())
    bracket = knockout_from_standings(standings, 8)
    top8 = tuple(r.player for r in standings.rows[:8])
    assert bracket.seeds == top8
    state = advance(bracket, {})
    # Seed 1 meets seed 8 first, seed 4 meets seed 5.
    assert state.ready[0].seats == (top8[0], top8[7])
    assert state.ready[1].seats == (top8[3], top8[4])
    assert [f.code for f in bracket.flags].count("qualified") == 8
    [cut] = [f for f in bracket.flags if f.code == "qualification-cut"]
    assert cut.params["last_in"] == top8[7]
    assert cut.params["first_out"] == standings.rows[8].player


def test_next_swiss_round_derives_points_byes_and_openings():
    players = [PlayerEntry(i, rating=2000 - i) for i in range(1, 6)]
    first = next_swiss_round(players, [], 2)
    assert first.byes == [5]
    results = [RoundResult((TableResult((1, 2), (0, 9)), TableResult((3, 4), (9, 0))), (5,))]
    second = next_swiss_round(players, results, 2)
    # 2, 3 and 5 (bye, 3 points) lead; 5 may not get a second bye.
    assert 5 not in second.byes
    assert {p for t in second.tables[:1] for p in t.seats} <= {2, 3, 5}


def test_qualification_cut_names_the_deciding_tiebreak():
    players = [PlayerEntry(i) for i in (1, 2, 3)]
    results = [RoundResult((TableResult((1, 2), (5, 5)),), (3,))]
    standings = compute_standings(players, results, tiebreaks=("points", "game-points"))
    seeds, flags = qualifiers(standings, 2)
    assert seeds[0] == 3
    assert flags[-1] == QualificationCut(
        last_in=seeds[1], first_out=standings.rows[2].player, decided_by="lots")


def test_seeds_by_rating():
    players = [PlayerEntry(1, rating=1500), PlayerEntry(2, rating=1700),
               PlayerEntry(3, rating=1700)]
    assert seeds_by_rating(players) == (2, 3, 1)


def test_play_helper_gives_every_seated_player_points():
    players = [PlayerEntry(i) for i in range(1, 9)]
    draft = next_swiss_round(players, [], 4)
    gained = play(draft, random.Random(0))
    assert sorted(gained.values()) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_package_imports_only_the_standard_library_rustworkx_ortools_and_coded():
    # coded: the error shape the pure cores share, itself standard library only;
    # numpy: a requirement of ortools itself (the exact Swiss prices tables with it).
    # rustworkx: the maximum-weight matching of tables of 2.
    allowed = set(sys.stdlib_module_names) | {
        "rustworkx", "ortools", "numpy", "__future__", "coded"}
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative import inside the package
                    continue
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_importing_the_package_loads_no_django():
    code = (
        "import sys, tournaments.pairing\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'celery', 'config')]\n"
        "assert not bad, bad\n"
    )
    root = PACKAGE.parents[1]
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True)
