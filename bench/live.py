"""Requests per second on a game's live page, served by gunicorn, loaded by wrk on loopback
(issue: >= 300 requests/s on this 2-core machine, with correct results).

Three paths: the poll a spectator's page makes every 3 s when nothing changed (answered from the
cache: 204); the poll right after a turn (the scoreboard and board of the new version, rendered
once per version and language, then cached: 200); and, for comparison, the whole game page as
first opened (rendered every time).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/triominos .venv/bin/python bench/live.py
"""

import re
import statistics
import urllib.request

from _setup import live_game, machine, start
from _wrk import gunicorn, load_options, production_env, wrk

PORT = 8765


def main() -> None:
    args, url = start(**load_options(workers=4))

    game = live_game()
    scores = [s.score for s in game.seats.order_by("position")]

    with gunicorn(production_env(url), PORT, args.workers) as server:
        site = server.url
        base = f"{site}/games/{game.pk}/live/"
        body = urllib.request.urlopen(base, timeout=2).read().decode()
        shown = [int(x) for x in re.findall(r'class="num score">(-?\d+)<', body)]
        assert shown == scores, (shown, scores)  # the page shows the engine's totals
        unchanged = f"{base}?v={game.version}"
        assert urllib.request.urlopen(unchanged).status == 204
        print(f"machine: {machine()}")
        print(f"database: {url.split('://')[0]}; gunicorn {args.workers} workers; "
              f"wrk 2 threads, {args.connections} connections, {args.seconds} s x {args.runs}")
        print(f"game: 4 players, {game.turn_count} turns on the table; scores {scores}")
        page = f"{site}/games/{game.pk}/"
        for name, target in (("poll, nothing changed (204)", unchanged),
                             ("poll after a turn (200: the fragment of the new version)", base),
                             ("the whole game page, first load (200, not cached)", page)):
            runs = [wrk(target, args.seconds, args.connections) for _ in range(args.runs)]
            bad = sum(b for _, b in runs)
            print(f"{name}: median {statistics.median(r for r, _ in runs):.0f} requests/s "
                  f"(runs: {', '.join(f'{r:.0f}' for r, _ in runs)}; non-2xx: {bad})")


if __name__ == "__main__":
    main()
