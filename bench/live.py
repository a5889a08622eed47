"""Requests per second on a game's live page, served by gunicorn, loaded by wrk on loopback
(issue: >= 300 requests/s on this 2-core machine, with correct results).

Three paths: the poll a spectator's page makes every 3 s when nothing changed (answered from the
cache: 204); the poll right after a turn (the scoreboard and board of the new version, rendered
once per version and language, then cached: 200); and, for comparison, the whole game page as
first opened (rendered every time).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/triominos .venv/bin/python bench/live.py
"""

import argparse
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
import urllib.request

from _setup import ROOT, machine, setup

PORT = 8765


def wrk(url: str, seconds: int, connections: int) -> tuple[float, int]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", url],
        capture_output=True, text=True, check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, int(bad.group(1)) if bad else 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    url = setup()

    from clubs.models import Club, Player
    from scoring.demo import robot_record
    from scoring.records import game_import
    from scoring.services import Actor

    club = Club.objects.create(name="Bench", slug="bench", default_preset="pressman")
    names = [Player.objects.create(display_name=f"P{i}", home_club=club).display_name
             for i in range(4)]
    record = robot_record(names, "pressman", random.Random(3), rounds=1, extra_turns=30)
    game = game_import(club=club, record=record, actor=Actor())
    scores = [s.score for s in game.seats.order_by("position")]

    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "bench-" + "k" * 60,
           "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "DATABASE_URL": url,
           "LOG_LEVEL": "ERROR"}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                   cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{PORT}",
         "--workers", str(args.workers), "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    try:
        base = f"http://127.0.0.1:{PORT}/games/{game.pk}/live/"
        for _ in range(50):
            try:
                body = urllib.request.urlopen(base, timeout=2).read().decode()
                break
            except OSError:
                time.sleep(0.2)
        shown = [int(x) for x in re.findall(r'class="num score">(-?\d+)<', body)]
        assert shown == scores, (shown, scores)  # the page shows the engine's totals
        unchanged = f"{base}?v={game.version}"
        assert urllib.request.urlopen(unchanged).status == 204
        print(f"machine: {machine()}")
        print(f"database: {url.split('://')[0]}; gunicorn {args.workers} workers; "
              f"wrk 2 threads, {args.connections} connections, {args.seconds} s x {args.runs}")
        print(f"game: 4 players, {game.turn_count} turns on the table; scores {scores}")
        page = f"http://127.0.0.1:{PORT}/games/{game.pk}/"
        for name, target in (("poll, nothing changed (204)", unchanged),
                             ("poll after a turn (200: the fragment of the new version)", base),
                             ("the whole game page, first load (200, not cached)", page)):
            runs = [wrk(target, args.seconds, args.connections) for _ in range(args.runs)]
            bad = sum(b for _, b in runs)
            print(f"{name}: median {statistics.median(r for r, _ in runs):.0f} requests/s "
                  f"(runs: {', '.join(f'{r:.0f}' for r, _ in runs)}; non-2xx: {bad})")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
