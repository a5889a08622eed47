"""The public pages and the widgets, warm and cold, beside a bare hello-world Django app, in
one run.

Three gunicorn servers (DEBUG=0, 2 workers each): the site with the Redis cache, as in
production (a redis-server of the benchmark's own: pages served warm, as every visitor after the
first gets them); the site with Django's dummy cache (every request renders the page: the cold
figure); and the bare hello-world app (bench/_bare_hello.py: no middleware, no database), the
reference. wrk on loopback loads, in turn, hello-world and each public page and widget as a
returning anonymous visitor (with a CSRF cookie; no If-None-Match), plus a first visit (no
cookie) and revalidations (304). Targets take turns within each run; medians are printed, with
the servers' CPU time per request. Query counts come from Django's test client in this process,
cold (first request after a write) and warm.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tri_pages .venv/bin/python bench/pages.py
"""

import random
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

PLAYERS_AT_THE_TOURNAMENT = 8


def without_token(html: bytes) -> bytes:
    return re.sub(rb'[A-Za-z0-9]{64}', b"", html)


def tournament_day():
    """A club's 8-player Swiss tournament: round 1 played through the scoring services (every
    turn), round 2 published and being played; the ratings those games gave."""
    from clubs.models import Club, Membership, Player
    from clubs.permissions import SITE
    from ratings.services import ratings_recompute
    from scoring.demo import Robot
    from tournaments import services

    club = Club.objects.create(name="Open Club", slug="open-club", default_preset="club")
    players = []
    for i in range(PLAYERS_AT_THE_TOURNAMENT):
        player = Player.objects.create(display_name=f"Entrant {i}", home_club=club)
        Membership.objects.create(club=club, player=player)
        players.append(player)
    from datetime import date

    tournament = services.tournament_create(
        club=club, name="Bench Open", starts_on=date(2026, 4, 18), table_size=4, rounds=3,
        rounds_per_game=1, actor=SITE)
    services.tournament_open(tournament=tournament, actor=SITE)
    for player in players:
        services.registration_add(tournament=tournament, player=player, checked_in=True, actor=SITE)
    first = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=first, actor=SITE)
    first.refresh_from_db()
    for table in first.tables.filter(bye=False).select_related("game").order_by("number"):
        Robot(table.game, random.Random(table.number)).play_game()
    services.round_complete(tournament_round=first, actor=SITE)
    second = services.round_generate(tournament=tournament, actor=SITE)
    services.round_publish(tournament_round=second, actor=SITE)
    ratings_recompute()
    finished = first.tables.filter(bye=False).order_by("number").first().game
    return club, tournament, players[0], finished


def query_counts(paths: dict[str, str]) -> dict[str, tuple[int, int]]:
    """Queries per page in this process: cold (nothing cached) and warm (another visitor)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment

    from clubs.data_version import forget

    setup_test_environment()
    counts = {}
    for name, path in paths.items():
        forget()
        with CaptureQueriesContext(connection) as cold:
            assert Client().get(path).status_code == 200, path
        with CaptureQueriesContext(connection) as warm:
            assert Client().get(path).status_code == 200, path
        counts[name] = (len(cold), len(warm))
    return counts


def cpu(runs) -> str:
    measured = [r.cpu_us for r in runs if r.cpu_us is not None]
    return f"{statistics.median(measured):.0f} µs" if measured else "n/a"


def main() -> None:
    args, url = start(**load_options(seconds=5),
                      only=("", "load only the targets whose name holds this (and hello-world)"),
                      port=(8125, "the warm server; cold: +1, bare hello-world: +2"),
                      players=10_000,
                      database=("tri_pages", "PostgreSQL database to recreate"))

    from django.urls import reverse

    clubs = rated_players(args.players)
    club, tournament, entrant, finished = tournament_day()
    live = live_game()
    paths = {
        "home": reverse("home"),
        "rankings (10,000 players, first 50)": reverse("ratings:rankings"),
        "club": reverse("clubs:club-detail", args=[club.slug]),
        "club (500 members)": reverse("clubs:club-detail", args=[clubs[0].slug]),
        "player": reverse("ratings:player-detail", args=[entrant.pk]),
        "game, live": reverse("scoring:game-detail", args=[live.pk]),
        "game, finished": reverse("scoring:game-detail", args=[finished.pk]),
        "games list": reverse("scoring:game-list"),
        "tournament": reverse("tournaments:detail", args=[tournament.slug]),
        "tournament round (pairings)": reverse("tournaments:round", args=[tournament.slug, 2]),
        "tournament standings": reverse("tournaments:standings", args=[tournament.slug]),
        "widget: club top": reverse("embed:club-top", args=[club.slug]),
        "widget: live game": reverse("embed:game", args=[live.pk]),
        "widget: standings": reverse("embed:standings", args=[tournament.slug]),
        "widget: pairings": reverse("embed:pairings", args=[tournament.slug]),
    }
    counts = query_counts(paths)

    with redis_server() as redis_url:
        env = production_env(url, DJANGO_SETTINGS_MODULE="_hello_settings",
                             PYTHONPATH=str(ROOT / "bench"), CACHE_URL=redis_url)
        measure(args, url, paths, counts, env, live)


def measure(args, url, paths, counts, env, live) -> None:
    cold_env = {**env, "CACHE_URL": "dummycache://"}
    with gunicorn(env, args.port, args.workers) as warm, \
            gunicorn(cold_env, args.port + 1, args.workers) as cold, \
            bare_hello(args.port + 2, args.workers) as bare:
        assert fetch(f"{bare.url}/hello/")[2] == b"Hello, world"
        assert fetch(f"{warm.url}/hello/")[2] == b"Hello, world"
        # Correct answers first: the cached page is the page (bar the visitor's CSRF token).
        visitor = {}
        for name, path in paths.items():
            status, headers, body = fetch(warm.url + path)
            assert status == 200, (name, status)
            # (Widgets link to the site by its full address, which differs by the port.)
            assert (without_token(fetch(cold.url + path)[2]).replace(cold.url.encode(), b"")
                    == without_token(body).replace(warm.url.encode(), b"")), name
            # Widgets set no cookie: framed on other sites, they keep none.
            cookie = headers["Set-Cookie"].split(";", 1)[0] if "Set-Cookie" in headers else ""
            visitor[name] = {"Cookie": cookie} if cookie else {}
            again = fetch(warm.url + path, Cookie=cookie)
            assert again[1]["ETag"] == fetch(warm.url + path, Cookie=cookie)[1]["ETag"], name
            visitor[name + " 304"] = {**visitor[name], "If-None-Match": again[1]["ETag"]}
            assert fetch(warm.url + path, **visitor[name + " 304"])[0] == 304, name

        targets = [("hello-world, bare Django app", bare, "/hello/", {}),
                   ("hello-world view through the site's middleware", warm, "/hello/", {})]
        for name, path in paths.items():
            targets.append((f"{name}: warm", warm, path, visitor[name]))
            targets.append((f"{name}: cold (no cache)", cold, path, visitor[name]))
        targets += [
            ("home: warm, first visit (no cookie)", warm, paths["home"], {}),
            ("home: 304 (If-None-Match)", warm, paths["home"], visitor["home 304"]),
            ("game, finished: 304 (If-None-Match)", warm, paths["game, finished"],
             visitor["game, finished 304"]),
            ("widget: standings: 304 (If-None-Match)", warm, paths["widget: standings"],
             visitor["widget: standings 304"]),
        ]
        targets = [target for target in targets
                   if args.only in target[0] or target[0].startswith("hello-world")]
        print(f"machine: {machine()}")
        print(f"database: {url.split('://')[0]}; warm: Redis cache, cold: dummy cache; "
              f"gunicorn {args.workers} workers each (bare hello-world too), DEBUG=0; "
              f"wrk 2 threads, "
              f"{args.connections} connections, {args.seconds} s x {args.runs} runs, "
              f"targets interleaved")
        print(f"data: {args.players} rated players in 20 clubs; an {PLAYERS_AT_THE_TOURNAMENT}-"
              f"player tournament (round 1 played, round 2 live); a live 4-player game with "
              f"{live.turn_count} turns")
        results = in_turns(targets, args.runs, args.seconds, args.connections)
    report(results, counts)


def report(results, counts) -> None:
    hello = summary(results["hello-world, bare Django app"]).rate
    print("\n| target | median requests/s | of bare hello-world | runs | server CPU per request "
          "| queries |")
    print("|---|---|---|---|---|---|")
    for name, runs in results.items():
        said = summary(runs)
        page, _, kind = name.rpartition(": ")
        queries = ""
        if page in counts and kind.startswith(("warm", "cold")):
            queries = str(counts[page][0 if kind.startswith("cold") else 1])
        print(f"| {name} | {said.rate:.0f} | {said.rate / hello:.0%} | {said.rates}"
              f"{f' ({said.bad} non-2xx/3xx)' if said.bad else ''} | "
              f"{cpu(runs)} | {queries} |")


if __name__ == "__main__":
    main()
