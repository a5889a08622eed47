"""The read API against the pages it mirrors, beside a bare hello-world Django app, in one run.

gunicorn (DEBUG=0) serves the site with the Redis cache as in production (a redis-server of the
benchmark's own); a second gunicorn with as many workers serves the bare hello-world app
(bench/_bare_hello.py: no middleware, no database), the reference. wrk on loopback loads, in
turn, hello-world, the rankings page and the rankings endpoint (10,000 rated players, the first
50 and a filtered list), the API's other public lists (clubs, players, games, tournaments, a
tournament's standings and round), and a live game's poll as the page makes it and as the API
answers it (new version: 200 from the cache; unchanged: 204 for the page, 304 for the API). The
targets take turns within each run, so a change in the machine's load touches all of them
alike; the median of the runs is printed, with its share of hello-world's. The API's throttle
is raised out of the way but still runs (a cache read and write per request).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tri_api .venv/bin/python bench/api.py
"""

import json
import re
import statistics

from _setup import ROOT, live_game, machine, rated_players, start
from _wrk import (
    bare_hello,
    fetch,
    gunicorn,
    in_turns,
    load_options,
    production_env,
    redis_server,
    summary,
)
from pages import tournament_day


def main() -> None:
    args, url = start(**load_options(seconds=5), port=(8106, "the site; bare hello-world: +1"),
                      players=10_000,
                      database=("tri_api", "PostgreSQL database to recreate"))

    from ratings.selectors import rankings

    clubs = rated_players(args.players)
    _club, tournament, _entrant, _finished = tournament_day()
    game = live_game()
    scores = [seat.score for seat in game.seats.order_by("position")]
    ranked = rankings().count()
    with redis_server() as redis_url:
        env = production_env(url, DJANGO_SETTINGS_MODULE="_hello_settings",
                             PYTHONPATH=str(ROOT / "bench"), API_THROTTLE_RATE="1000000000/s",
                             CACHE_URL=redis_url)
        measure(args, url, env, clubs, tournament, game, scores, ranked)


def measure(args, url, env, clubs, tournament, game, scores, ranked) -> None:
    with gunicorn(env, args.port, args.workers) as server, \
            bare_hello(args.port + 1, args.workers) as bare:
        site = server.url
        # Correct answers first: the same players and the same scores, whichever way asked.
        assert fetch(f"{bare.url}/hello/")[2] == b"Hello, world"
        status, _, body = fetch(f"{site}/api/v1/rankings/")
        listed = json.loads(body)
        assert status == 200 and listed["count"] == ranked and len(listed["results"]) == 50
        page = fetch(f"{site}/rankings/")[2].decode()
        # The same 50 ratings (players tied on a rating may stand in another order on the page).
        shown = [int(x) for x in re.findall(r'<td class="num rating">(\d+)', page)]
        assert shown == [row["rating"] for row in listed["results"]], shown
        status, headers, body = fetch(f"{site}/api/v1/games/{game.pk}/live/")
        assert [s["score"] for s in json.loads(body)["seats"]] == scores
        etag = headers["ETag"]
        assert fetch(f"{site}/api/v1/games/{game.pk}/live/", **{"If-None-Match": etag})[0] == 304
        assert fetch(f"{site}/games/{game.pk}/live/?v={game.version}")[0] == 204

        lists = {name: f"/api/v1/{path}" for name, path in (
            ("clubs", "clubs/"), ("players", "players/"), ("games", "games/"),
            ("tournaments", "tournaments/"),
            ("a tournament's standings", f"tournaments/{tournament.slug}/standings/"),
            ("a tournament round", f"tournaments/{tournament.slug}/rounds/2/"))}
        etags = {}
        for name, path in lists.items():
            status, headers, _ = fetch(site + path)
            assert status == 200, (name, status)
            etags[name] = headers["ETag"]
            assert fetch(site + path, **{"If-None-Match": etags[name]})[0] == 304, name
        filtered = f"club={clubs[3].pk}&period=90&min_games=20"
        targets = [
            ("hello-world, bare Django app", "/hello/", {}),
            ("hello-world view through the site's middleware", "/hello/", {}),
            ("rankings page, first 50 (HTML)", "/rankings/", {}),
            ("rankings API, first 50 (JSON)", "/api/v1/rankings/", {}),
            ("rankings page, one club, 90 days, >= 20 games", f"/rankings/?{filtered}", {}),
            ("rankings API, the same filter", f"/api/v1/rankings/?{filtered}", {}),
            ("live page poll, new version (200, cached fragment)",
             f"/games/{game.pk}/live/", {}),
            ("live API, new version (200, cached JSON)", f"/api/v1/games/{game.pk}/live/", {}),
            ("live page poll, unchanged (204)", f"/games/{game.pk}/live/?v={game.version}", {}),
            ("live API, unchanged (304, If-None-Match)", f"/api/v1/games/{game.pk}/live/",
             {"If-None-Match": etag}),
            *((f"API: {name}", path, {}) for name, path in lists.items()),
            ("API: tournaments, unchanged (304, If-None-Match)", lists["tournaments"],
             {"If-None-Match": etags["tournaments"]}),
        ]
        print(f"machine: {machine()}")
        print(f"database: {url.split('://')[0]}; cache: Redis (own redis-server); "
              f"gunicorn {args.workers} workers (bare hello-world too); wrk 2 threads, "
              f"{args.connections} connections, {args.seconds} s x {args.runs} runs, "
              f"targets interleaved")
        print(f"data: {args.players} rated players ({ranked} active) in 20 clubs; a live "
              f"4-player game with {game.turn_count} turns")
        results = in_turns([(name, bare if name.endswith("bare Django app") else server, path,
                             headers) for name, path, headers in targets],
                           args.runs, args.seconds, args.connections)
        hello = summary(results["hello-world, bare Django app"]).rate
        for name, runs in results.items():
            said = summary(runs)
            print(f"{name}: median {said.rate:.0f} requests/s, {said.rate / hello:.0%} of "
                  f"hello-world "
                  f"(runs: {said.rates}; non-2xx/3xx: {said.bad}); "
                  f"server CPU median {statistics.median(r.cpu_us for r in runs):.0f} µs/request "
                  f"(runs: {', '.join(f'{r.cpu_us:.0f}' for r in runs)})")


if __name__ == "__main__":
    main()
