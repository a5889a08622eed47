"""bbpPairings, the public FIDE Dutch engine, as a same-run reference for tables of 2.

Not shipped: built from a snapshot of its public repository when one is on
this machine (``BBP_PAIRINGS_GIT``, default the session mirror below, a bare
git directory), or taken ready-built from ``BBP_PAIRINGS`` (the executable).
What is ours: writing our states as a TRF file and reading its pairing back.

TRF (FIDE's tournament report format): one ``001`` line per player with the
pairing number in columns 5-8, the rating in 49-52, the points in 81-84 and
one 10-column block per round from column 92 (opponent, colour, result).
``XXR`` gives the number of rounds, ``XXC white1`` the first colour.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

MIRROR = Path("/work/.mirror/BieremaBoyzProgramming+bbpPairings/repo")
CACHE = Path(tempfile.gettempdir()) / "triominos-bench-bbp"


def executable() -> tuple[Path | None, str]:
    """(path of a built bbpPairings or None, what was done or why not)."""
    ready = os.environ.get("BBP_PAIRINGS")
    if ready:
        path = Path(ready)
        return (path, f"bbpPairings from BBP_PAIRINGS={path}") if path.exists() else (
            None, f"BBP_PAIRINGS={path} does not exist")
    git_dir = Path(os.environ.get("BBP_PAIRINGS_GIT", MIRROR))
    if not git_dir.exists():
        return None, (f"no bbpPairings snapshot at {git_dir} (set BBP_PAIRINGS_GIT to a git "
                      f"directory of it, or BBP_PAIRINGS to a built executable)")
    if not shutil.which("make") or not shutil.which("g++"):
        return None, "make and g++ are needed to build bbpPairings"
    commit = subprocess.run(["git", "--git-dir", str(git_dir), "rev-parse", "HEAD"],
                            capture_output=True, text=True, check=True).stdout.strip()
    target = CACHE / commit[:12] / "bbpPairings.exe"
    if target.exists():
        return target, f"bbpPairings {commit[:12]} (built before, {target})"
    source = target.parent / "src"
    source.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "--git-dir", str(git_dir), "archive", "HEAD"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x"], input=archive, cwd=source, check=True)
    build = subprocess.run(["make", "-j2", "COMP=gcc"], cwd=source, capture_output=True,
                           text=True)
    built = source / "bbpPairings.exe"
    if build.returncode or not built.exists():
        return None, f"building bbpPairings failed: {build.stderr[-500:]}"
    shutil.copy(built, target)
    return target, f"bbpPairings {commit[:12]} built from {git_dir} with make/g++"


def trf(players, rounds, total_rounds: int) -> str:
    """A TRF of the state before the next round.

    ``players``: (id, rating) in pairing-number order (id = pairing number);
    ``rounds``: per past round, ``{player: (opponent or 0, colour 'w'/'b'/'-', result)}``
    with results '1', '=', '0' for games and 'U' for a pairing-allocated bye.
    """
    lines = ["012 Triominos Club comparison", f"XXR {total_rounds}", "XXC white1"]
    for pid, rating in players:
        points = 0.0
        blocks = []
        for rnd in rounds:
            opponent, colour, result = rnd[pid]
            points += {"1": 1.0, "=": 0.5, "0": 0.0, "U": 1.0}[result]
            blocks.append(f"{opponent:4d} {colour} {result}")
        head = f"001 {pid:4d}      {'P' + str(pid):<33} {rating:4d}"
        line = f"{head:<80}{points:4.1f} {pid:4d}  " + "  ".join(blocks)
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def pair(exe: Path, text: str) -> tuple[list[tuple[int, int]], int | None, float]:
    """Pair the next round: ((white, black) pairs, the bye or None, seconds of the run)."""
    with tempfile.TemporaryDirectory() as tmp:
        source, out = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        source.write_text(text)
        start = time.perf_counter()
        done = subprocess.run([str(exe), "--dutch", str(source), "-p", str(out)],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if done.returncode:
            raise RuntimeError(f"bbpPairings exit {done.returncode}: {done.stderr.strip()}")
        rows = out.read_text().split()[1:]
    pairs, bye = [], None
    for white, black in zip(rows[::2], rows[1::2], strict=True):
        if int(black) == 0:
            bye = int(white)
        else:
            pairs.append((int(white), int(black)))
    return pairs, bye, seconds
