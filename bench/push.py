"""Tap → spectator at club scale: 500 spectators of one live game, pushed beside polled, in one
run on one machine.

Everything runs here, as in production on one box: a redis-server of the benchmark's own (the
cache and the push layer, CACHE_URL and PUSH_URL), gunicorn (DEBUG=0, 2 workers: the pages, the
fragments, the tablet's posts), daphne (one process: the push WebSockets), PostgreSQL, and this
script, which is the referee and every spectator (asyncio and aiohttp, one process).

* push: N spectators each hold the push socket as a live page does (topic game.<id>, asking for
  its fragment inline in English: &inline=game.<id>&lang=en); a nudge that carries the fragment
  is the new version held, and on one naming a newer version without it they fetch the
  fragment from gunicorn (/games/<id>/live/?v=<shown>&want=<version>, header X-Push-At), as
  static/js/push.js does.
* poll: N other spectators ask /games/<id>/live/?v=<shown> every 3 s, each from its own point
  in the interval, as the page did before push (and does without it): 204 until a turn.

The referee posts T turns per phase through the tablet's table link, one every --gap seconds.
Tap → spectator is the time from just before the post to a spectator holding the HTML of that
version or a later one. Memory per open connection: daphne's resident memory with the push
spectators connected, less before, over their number.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tri_push .venv/bin/python bench/push.py
"""

import asyncio
import json
import random
import re
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from _setup import ROOT, machine, start
from _wrk import gunicorn, listening, production_env, redis_server

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
POLL_SECONDS = 3
VERSION = re.compile(rb'data-version="(\d+)"')


@contextmanager
def daphne(env: dict, port: int):
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                               "config.asgi:application"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        listening(port)
        yield server
    finally:
        server.terminate()
        server.wait(10)


_TICKS = __import__("os").sysconf("SC_CLK_TCK")


def cpu_seconds(*roots: int) -> float:
    """User and system time so far of these processes and their children."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) in roots or int(fields[1]) in roots:
            total += int(fields[11]) + int(fields[12])
    return total / _TICKS


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def game_with_moves_to_come(count: int):
    """A 4-player game in its second round, and the next ``count`` legal moves of it (from the
    robot's record, taken off before the import) for the referee to post."""
    from clubs.models import Club, Player
    from scoring.demo import robot_record
    from scoring.records import game_import
    from scoring.services import Actor, table_link_renew

    club = Club.objects.create(name="Bench", slug="bench", default_preset="pressman")
    for name in NAMES:
        Player.objects.create(display_name=name, home_club=club)
    for seed in range(200):
        record = robot_record(NAMES, "pressman", random.Random(seed), rounds=1,
                              extra_turns=count + 5)
        last = record["rounds"][-1]
        if "hands" not in last and len(last["moves"]) > count:
            break
    else:
        raise RuntimeError("no robot game long enough")
    moves = last["moves"][-count:]
    del last["moves"][-count:]
    game = game_import(club=club, record=record, actor=Actor())
    return table_link_renew(game_id=game.pk, actor=Actor()), moves


async def get(port: int, path: str, **headers: str) -> tuple[int, bytes]:
    """One GET of a spectator, status and body. HTTP/1.0, as gunicorn's sync workers answer
    (the connection closes after each answer): a few lines in place of aiohttp's client, whose
    CPU, on this machine, would be taken from the servers being measured (spectators' phones
    bring their own)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"GET {path} HTTP/1.0", "Host: 127.0.0.1",
             *(f"{name.replace('_', '-')}: {value}" for name, value in headers.items())]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    answer = await reader.read()
    writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head[9:12]), body


class Spectators:
    """When each spectator first held each version: ``seen[i][version] = time``."""

    def __init__(self, count: int, version: int) -> None:
        self.shown = [version] * count
        self.seen: list[dict[int, float]] = [{} for _ in range(count)]
        self.fetches = 0
        self.nudged: dict[int, list[float]] = {}
        self.carried = 0  # nudges that brought the fragment inline
        self.carried_bytes = 0

    def got(self, i: int, body: bytes) -> None:
        found = VERSION.search(body)
        if found and int(found.group(1)) > self.shown[i]:
            self.shown[i] = int(found.group(1))
            self.seen[i][self.shown[i]] = time.monotonic()

    def latencies(self, taps: dict[int, float]) -> list[float]:
        """For each spectator and tapped version, when it first held it or a later one."""
        out = []
        for seen in self.seen:
            arrivals = sorted(seen.items())
            for version, tapped in taps.items():
                later = [at for shown, at in arrivals if shown >= version]
                if later:
                    out.append(min(later) - tapped)
        return out

    def missing(self, taps: dict[int, float]) -> int:
        last = max(taps)
        return sum(1 for seen in self.seen if not any(v >= last for v in seen))


async def pushed(session, args, site, push_url, game, crowd: Spectators, ready, stop):
    port = int(site.rsplit(":", 1)[1])

    async def one(i: int) -> None:
        ws = await session.ws_connect(push_url, headers={"Origin": site}, heartbeat=None)
        ready.append(ws)
        wanted = None
        busy = False
        async for message in ws:
            nudge = json.loads(message.data)
            crowd.nudged.setdefault(nudge["version"], []).append(time.monotonic())
            if "html" in nudge:
                crowd.carried += 1
                crowd.carried_bytes += len(message.data)
                crowd.got(i, nudge["html"][:1000].encode())  # data-version is in its first tag
            if nudge["version"] <= crowd.shown[i]:
                continue
            wanted = nudge
            if busy:
                continue  # fetched again once the fetch going on is done
            busy = True
            while wanted is not None and wanted["version"] > crowd.shown[i]:
                ask, wanted = wanted, None
                status, body = await get(
                    port, f"/games/{game.pk}/live/?v={crowd.shown[i]}&want={ask['version']}",
                    X_Push_At=str(ask["at"]))
                crowd.fetches += 1
                if status == 200:
                    crowd.got(i, body)
            busy = False

    tasks = []
    for start_at in range(0, args.spectators, 50):  # connect in batches, as pages open
        tasks += [asyncio.create_task(one(i))
                  for i in range(start_at, min(start_at + 50, args.spectators))]
        while len(ready) < len(tasks):
            await asyncio.sleep(0.01)
    await stop.wait()
    for ws in ready:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)


async def polled(args, site, game, crowd: Spectators, stop):
    port = int(site.rsplit(":", 1)[1])

    async def one(i: int) -> None:
        await asyncio.sleep(random.random() * POLL_SECONDS)
        next_at = time.monotonic()
        while not stop.is_set():
            status, body = await get(port, f"/games/{game.pk}/live/?v={crowd.shown[i]}")
            crowd.fetches += 1
            if status == 200:
                crowd.got(i, body)
            next_at += POLL_SECONDS
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))

    await asyncio.gather(*(one(i) for i in range(args.spectators)))


async def referee(session, site, game, moves, version: int, gap: float) -> dict[int, float]:
    """Posts each move as the tablet does; the tap time of each version it makes."""
    tablet = f"{site}/games/t/{game.table_token}/"
    async with session.get(tablet) as answer:
        page = await answer.text()
        cookie = answer.cookies["csrftoken"].value
    token = json.loads(re.search(r"hx-headers='([^']+)'", page).group(1))["X-CSRFToken"]
    taps = {}
    for move in moves:
        await asyncio.sleep(gap)
        form = {"version": str(version), "seat": str(NAMES.index(move["player"])),
                "draw": str(move.get("draw", 0)), "key": f"bench-{version}"}
        if "at" in move:
            form.update(kind="place", at_c=str(move["at"][0]), at_r=str(move["at"][1]),
                        corners=",".join(map(str, move["corners"])))
        else:
            form["kind"] = "pass"
        tapped = time.monotonic()
        async with session.post(tablet + "turn/", data=form, headers={
                "X-CSRFToken": token, "HX-Request": "true", "Cookie": f"csrftoken={cookie}"},
                ) as answer:
            assert answer.status == 200, (answer.status, await answer.text())
        version += 1
        taps[version] = tapped
    return taps


def described(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (f"median {statistics.median(ms):.0f} ms, p90 {ms[int(len(ms) * 0.9)]:.0f} ms, "
            f"p99 {p99:.0f} ms, max {ms[-1]:.0f} ms ({len(ms)} samples)")


def spent(before: tuple, after: tuple, turns: int) -> str:
    names = ("gunicorn", "daphne", "this script")
    return ", ".join(f"{name} {(b - a) / turns * 1000:.0f} ms"
                     for name, a, b in zip(names, before, after, strict=True))


async def run(args, site, push_url, gunicorn_pid, daphne_pid, game, moves) -> None:
    def cpu() -> tuple:
        return cpu_seconds(gunicorn_pid), cpu_seconds(daphne_pid), time.process_time()

    import aiohttp

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        # Warm up: a turn nobody times, heard by one page (daphne's first rendering of the
        # fragment it carries), and each worker's first renders.
        async with session.ws_connect(push_url, headers={"Origin": site}) as first:
            await referee(session, site, game, moves[:1], game.version, 0)
            await first.receive(timeout=30)
        version = game.version + 1
        moves = moves[1:]
        for _ in range(4 * args.workers):
            async with session.get(f"{site}/games/{game.pk}/live/?v=0") as answer:
                await answer.read()
        half = len(moves) // 2

        # Push: connect everyone, then the referee plays half the moves.
        before = rss_kib(daphne_pid)
        crowd, ready, stop = Spectators(args.spectators, version), [], asyncio.Event()
        watching = asyncio.create_task(
            pushed(session, args, site, push_url, game, crowd, ready, stop))
        while len(ready) < args.spectators:
            await asyncio.sleep(0.05)
        await asyncio.sleep(1)
        held = rss_kib(daphne_pid)
        used = cpu()
        taps = await referee(session, site, game, moves[:half], version, args.gap)
        await asyncio.sleep(3)
        print(f"push: CPU per turn: {spent(used, cpu(), half)}")
        stop.set()
        await watching
        print(f"push: {args.spectators} spectators, {half} turns {args.gap} s apart: "
              f"tap → spectator {described(crowd.latencies(taps))}; "
              f"{crowd.fetches} fragment fetches; {crowd.carried} of "
              f"{sum(map(len, crowd.nudged.values()))} nudges carried the fragment "
              f"({crowd.carried_bytes / max(1, crowd.carried) / 1024:.1f} KiB each); "
              f"{crowd.missing(taps)} never saw the last turn")
        nudge_delays = [at - taps[v] for v, ats in crowd.nudged.items() if v in taps for at in ats]
        if nudge_delays:
            print(f"push: tap → nudge heard {described(nudge_delays)}")
        print(f"push: daphne resident memory {before / 1024:.1f} MiB before, "
              f"{held / 1024:.1f} MiB with {args.spectators} sockets open: "
              f"{(held - before) / args.spectators:.1f} KiB per open connection")

        # Polling, as before push, with the same referee.
        version += half
        crowd, stop = Spectators(args.spectators, version), asyncio.Event()
        watching = asyncio.create_task(polled(args, site, game, crowd, stop))
        await asyncio.sleep(POLL_SECONDS)
        used = cpu()
        taps = await referee(session, site, game, moves[half:], version, args.gap)
        await asyncio.sleep(POLL_SECONDS + 1)
        print(f"poll: CPU per turn: {spent(used, cpu(), len(moves) - half)}")
        stop.set()
        await watching
        print(f"poll every {POLL_SECONDS} s: {args.spectators} spectators, {len(moves) - half} "
              f"turns {args.gap} s apart: tap → spectator {described(crowd.latencies(taps))}; "
              f"{crowd.fetches} polls; {crowd.missing(taps)} never saw the last turn")


def main() -> None:
    args, url = start(spectators=500, turns=20, gap=4.0, workers=2,
                      port=(8131, "gunicorn; daphne on the next port"),
                      database=("tri_push", "PostgreSQL database to recreate"))
    game, moves = game_with_moves_to_come(2 * args.turns + 1)
    with redis_server() as redis_url:
        env = production_env(url, CACHE_URL=redis_url, PUSH_URL=redis_url,
                             PUSH_PREFIX="bench-push")
        with gunicorn(env, args.port, args.workers) as server, \
                daphne(env, args.port + 1) as pusher:
            push_url = (f"ws://127.0.0.1:{args.port + 1}/ws/push/?topics=game.{game.pk}"
                        f"&inline=game.{game.pk}&lang=en")
            print(f"machine: {machine()}")
            print(f"database: {url.split('://')[0]}; cache and push: redis-server (own); "
                  f"gunicorn {args.workers} workers, daphne 1 process, DEBUG=0; this script "
                  f"is the referee and every spectator (asyncio, aiohttp)")
            print(f"game: 4 players, {game.turn_count} turns on the table")
            asyncio.run(run(args, server.url, push_url, server.pid, pusher.pid, game, moves))


if __name__ == "__main__":
    main()
