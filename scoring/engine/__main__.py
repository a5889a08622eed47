"""Command line: ``python -m scoring.engine replay [FILE]`` and ``... fits FILE TILE``.

Both print JSON on standard output. An illegal record (or tile) prints ``{"error": {...}}`` and
exits with status 1 (record-format.md §4).
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import EngineError
from .record import record_loads, record_replay, record_state
from .tiles import tile_parse


def _read(path: str | None) -> str:
    if path is None or path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        text = f"cannot read {path}: {error.strerror}"
        raise EngineError("no-file", text, {"path": path}) from None


def _replay(args) -> None:
    result = record_replay(record_loads(_read(args.file)))
    print(json.dumps(result, ensure_ascii=False, indent=2))


def _fits(args) -> None:
    state = record_state(record_loads(_read(args.file)))
    tile = tile_parse(args.tile)
    for at, corners in state.fits(tile):
        print(json.dumps({"at": list(at), "corners": list(corners)}))


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m scoring.engine")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="check and score a triominos-record/1 file")
    replay.add_argument("file", nargs="?", help="the record (standard input for - or none)")
    replay.set_defaults(run=_replay)
    fits = commands.add_parser("fits", help="legal placements of a tile where the record stops")
    fits.add_argument("file", help="the record (- for standard input)")
    fits.add_argument("tile", help="the tile, written a-b-c")
    fits.set_defaults(run=_fits)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except EngineError as error:
        print(json.dumps({"error": error.to_dict()}, ensure_ascii=False, indent=2))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
