"""Tables of 2 against bbpPairings (FIDE Dutch) on the same states — only where a built
bbpPairings is at hand (BBP_PAIRINGS, or the one bench/pairing.py --dutch built); the
colour rules themselves are checked without it in test_pairing_colours.py."""

import importlib.util
import os
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def built_bbp():
    sys.path.insert(0, str(BENCH))
    import _bbp

    ready = os.environ.get("BBP_PAIRINGS")
    if ready and Path(ready).exists():
        return Path(ready)
    return next(iter(sorted(_bbp.CACHE.glob("*/bbpPairings.exe"))), None)


@pytest.mark.parametrize("driver", ["ours", "bbp"])
def test_colours_repeats_and_score_mixing_no_worse_than_bbp_pairings(driver):
    exe = built_bbp()
    if exe is None:
        pytest.skip("no built bbpPairings (run bench/pairing.py --dutch 50 once, or set "
                    "BBP_PAIRINGS)")
    spec = importlib.util.spec_from_file_location("bench_pairing", BENCH / "pairing.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    out = bench.dutch_event(40, 7, driver, exe, seed=3)
    ours, theirs = out["ours"], out["bbp"]
    assert ours["absolute"] == 0
    assert ours["unmet"] <= 1.1 * theirs["unmet"]
    assert ours["repeats"] <= theirs["repeats"]
    assert ours["score"] <= theirs["score"]
