"""Server time of the worst record import the site accepts (issue 9: no request over 2 s).

Builds a legal record at the limits (RECORD_MAX_TURNS turns over at most RECORD_MAX_ROUNDS
rounds, six players, a game that never reaches its target) and POSTs it to the import page
through Django's full request handling, timed from the outside; then a record one turn over
the limit, which must be refused quickly.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/x BENCH_DATABASE=mine_bench \\
        .venv/bin/python bench/record_import.py
"""

import json
import random
import time

from _setup import machine, setup


def worst_record(max_rounds: int, max_turns: int) -> dict:
    from scoring.demo import robot_record

    names = [f"Player {i}" for i in range(6)]
    rules = {"preset": "club", "target": None, "rounds_limit": 1000}
    record = robot_record(names, rules, random.Random(7), rounds=max_rounds)
    turns = 0
    for index, rnd in enumerate(record["rounds"]):
        if turns + len(rnd["moves"]) > max_turns:
            rnd["moves"] = rnd["moves"][: max_turns - turns]
            rnd.pop("hands", None)
            record["rounds"] = record["rounds"][: index + 1]
            turns = max_turns
            break
        turns += len(rnd["moves"])
    return record, turns


def main() -> None:
    setup()
    from django.conf import settings
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

    from clubs.models import Club, Membership, Player
    from scoring.models import Game
    from tests.factories import UserFactory

    club = Club.objects.create(name="Bench", slug="bench", default_preset="club")
    user = UserFactory(username="bench-referee")
    player = Player.objects.create(display_name="Referee", home_club=club, user=user)
    Membership.objects.create(club=club, player=player, role=Membership.Role.REFEREE)
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)

    record, turns = worst_record(settings.RECORD_MAX_ROUNDS, settings.RECORD_MAX_TURNS)
    payload = json.dumps(record, ensure_ascii=False).encode()
    print(f"machine: {machine()}")
    print(f"record: {len(record['rounds'])} rounds, {turns} turns, {len(payload)} bytes "
          f"(limit {settings.RECORD_MAX_BYTES})")
    times = []
    for attempt in range(3):
        record["title"] = f"Bench {attempt}"
        upload = SimpleUploadedFile("r.json", json.dumps(record).encode())
        start = time.perf_counter()
        response = client.post(reverse("scoring:game-import"), {"club": club.pk,
                                                                "record": upload})
        times.append(time.perf_counter() - start)
        assert response.status_code == 302, response.content[:2000]
    print(f"import at the limit: best {min(times):.2f} s, worst {max(times):.2f} s "
          f"({Game.objects.count()} games written)")
    record["rounds"][-1]["moves"].append(record["rounds"][-1]["moves"][-1])
    upload = SimpleUploadedFile("r.json", json.dumps(record).encode())
    start = time.perf_counter()
    response = client.post(reverse("scoring:game-import"), {"club": club.pk, "record": upload})
    print(f"one turn over the limit: refused in {time.perf_counter() - start:.2f} s "
          f"(status {response.status_code})")


if __name__ == "__main__":
    main()
