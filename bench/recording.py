"""Server time of the tablet's turn-recording request over whole games (issue 25: ≤ 20 ms median).

Each game is played by the robot at a simulated table; every turn is POSTed to the tablet URL
through Django's full request handling (middleware, session, CSRF, the service, rendering the
new tablet), timed from the outside. The turns go form-encoded, as the tablet sends them
(queue.js posts a URLSearchParams body); ``--encoding multipart`` sends them as the test
client does by default, as the figures of docs/benchmarks.md before this option did, which
costs the server more to read. Reports the median per turn — wall time, and the CPU time of
this process, which the other work of a shared machine does not inflate — and by position in
the round, so turn 50 can be compared with turn 1. The reference, in the same run: a bare
hello-world view POSTed the same way through the same middleware (bench/_hello_urls.py), what
Django itself costs here. ``BENCH_DATABASE`` names the PostgreSQL database it creates afresh.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/triominos .venv/bin/python bench/recording.py
"""

import os
import random
import statistics
import time
from urllib.parse import urlencode

from _setup import machine, median_ms, start, timed

# The site's settings with the hello-world view added, for the reference.
os.environ["DJANGO_SETTINGS_MODULE"] = "_hello_settings"
FORM = "application/x-www-form-urlencoded"


def main() -> None:
    args, url = start(games=3, players=4, encoding=(
        "form", "form (as the tablet sends a turn) or multipart (the test client's default)"))
    if args.encoding not in ("form", "multipart"):
        raise SystemExit("--encoding is form or multipart")

    def post(path, data, **headers):
        if args.encoding == "multipart":
            return client.post(path, data, **headers)
        return client.post(path, urlencode(data), content_type=FORM, **headers)

    from django.test import Client
    from django.urls import reverse

    from clubs.models import Club, Membership, Player
    from clubs.permissions import SITE
    from scoring.demo import TableRobot
    from scoring.engine import GameState, rules_resolve
    from scoring.models import Game
    from scoring.services import game_start
    from tests.factories import UserFactory

    club = Club.objects.create(name="Bench", slug="bench", default_preset="pressman")
    user = UserFactory(username="bench-referee")
    players = []
    for i in range(args.players):
        player = Player.objects.create(display_name=f"P{i}", home_club=club,
                                       user=user if i == 0 else None)
        Membership.objects.create(club=club, player=player,
                                  role=Membership.Role.REFEREE if i == 0 else "member")
        players.append(player)
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)

    class PostingRobot(TableRobot):
        def __init__(self, game, rng):
            super().__init__(GameState([str(p.pk) for p in players], rules_resolve(game.rules)),
                             rng)
            self.game = game
            self.samples = []  # (turn number in round, seconds)
            self.cpu = []  # this process's CPU seconds per request

        def turn(self, seat, draw, at=None, corners=None):
            expected = super().turn(seat, draw, at, corners)
            version = Game.objects.values_list("version", flat=True).get(pk=self.game.pk)
            data = {"version": version, "seat": seat, "draw": draw, "key": f"{version}",
                    "kind": "pass" if at is None else "place"}
            if at is not None:
                data.update(at_c=at[0], at_r=at[1], corners=",".join(map(str, corners)))
            start, cpu = time.perf_counter(), time.process_time()
            response = post(turn_url, data, HTTP_HX_REQUEST="true")
            elapsed = time.perf_counter() - start
            assert response.status_code == 200, response.content[:300]
            self.samples.append((self.engine.round_turns, elapsed))
            self.cpu.append(time.process_time() - cpu)
            return expected

        def hands(self, hands):
            end = super().hands(hands)
            version = Game.objects.values_list("version", flat=True).get(pk=self.game.pk)
            data = {"version": version}
            for seat, tiles in hands.items():
                data[f"tiles-{seat}"] = " ".join(tiles)
            response = post(reverse("scoring:hands", args=[self.game.pk]), data,
                            HTTP_HX_REQUEST="true")
            assert response.status_code == 200, response.content[:300]
            return end

    samples, cpu = [], []
    for number in range(args.games):
        game = game_start(club=club, players=players, preset="pressman", actor=SITE)
        turn_url = reverse("scoring:turn", args=[game.pk])
        robot = PostingRobot(game, random.Random(number))
        robot.play_game()
        samples += robot.samples
        cpu += robot.cpu
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
    times = [t for _, t in samples]
    early = [t for n, t in samples if n <= 5]
    late = [t for n, t in samples if n >= 40]
    hello = timed(lambda: post("/hello/", {"version": 1}), 200)
    hello_cpu = timed(lambda: post("/hello/", {"version": 1}), 200, clock=time.process_time)
    print(f"machine: {machine()}")
    print(f"database: {url.split('://')[0]}; requests {args.encoding}-encoded")
    print(f"reference: a hello-world POST through the same middleware, median "
          f"{median_ms(hello):.1f} ms (this process's CPU {median_ms(hello_cpu):.2f} ms)")
    print(f"games: {args.games} of {args.players} players, pressman to 400; "
          f"turn requests: {len(times)}")
    print(f"median per turn request: {statistics.median(times) * 1000:.1f} ms "
          f"(p90 {sorted(times)[int(len(times) * 0.9)] * 1000:.1f} ms); this process's CPU "
          f"{median_ms(cpu):.1f} ms (a shared machine's other work stays out of it, and so "
          f"does PostgreSQL's own)")
    print(f"turns 1-5 of a round: median {statistics.median(early) * 1000:.1f} ms "
          f"({len(early)} requests)")
    if late:
        print(f"turns 40+ of a round: median {statistics.median(late) * 1000:.1f} ms "
              f"({len(late)} requests)")


if __name__ == "__main__":
    main()
