"""Shared set-up for the Django benchmarks: a database of their own, created fresh.

Uses DATABASE_URL's server when it is PostgreSQL (a database named triominos_bench), otherwise
a SQLite file under bench/out/. Never touches the site's own database.
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from _machine import machine  # noqa: F401  (re-exported for the Django benchmarks)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")
# Its own name on a shared server, so two people benchmarking at once do not collide.
BENCH_DATABASE = os.environ.get("BENCH_DATABASE", "triominos_bench")


def bench_database_url(name: str = BENCH_DATABASE) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        base = url.rsplit("/", 1)[0]
        return f"{base}/{name}"
    (ROOT / "bench" / "out").mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{ROOT / 'bench' / 'out' / 'bench.sqlite3'}"


def setup(fresh: bool = True, name: str = BENCH_DATABASE) -> str:
    """Point Django at the bench database (PostgreSQL: ``name``), (re)create it, migrate;
    returns its URL."""
    url = bench_database_url(name)
    os.environ["DATABASE_URL"] = url
    if fresh:
        if url.startswith("postgres"):
            import psycopg

            admin = url.rsplit("/", 1)[0] + "/postgres"
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                conn.execute(f'CREATE DATABASE "{name}"')
        else:
            path = Path(url.removeprefix("sqlite:///"))
            for suffix in ("", "-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


def start(**options) -> tuple[argparse.Namespace, str]:
    """Read the command line, then set up the bench database; returns both (args, its URL).

    Each keyword is an option ``--name`` taking a value of its default's type (int or str); a
    ``(default, help)`` pair gives it help text. A benchmark with a ``database`` option sets up
    the PostgreSQL database it names. ``--help`` answers before any database is touched.
    """
    parser = argparse.ArgumentParser()
    for name, given in options.items():
        default, text = given if isinstance(given, tuple) else (given, None)
        parser.add_argument(f"--{name}", type=type(default), default=default, help=text)
    args = parser.parse_args()
    return args, setup(name=getattr(args, "database", BENCH_DATABASE))


def rated_players(count: int, clubs: int = 20, seed: int = 5) -> list:
    """``count`` players in ``clubs`` clubs with cached ratings, written in bulk (the rankings
    read only the cached columns); returns the clubs."""
    from datetime import timedelta

    from django.utils import timezone

    from clubs.models import Club, Membership, Player
    from ratings.models import PlayerRating

    rng = random.Random(seed)
    made = [Club.objects.create(name=f"Club {i}", slug=f"club-{i}") for i in range(clubs)]
    players = Player.objects.bulk_create(
        Player(display_name=f"Player {i:05d}", home_club=made[i % clubs]) for i in range(count))
    Membership.objects.bulk_create(Membership(club=p.home_club, player=p) for p in players)
    now = timezone.now()
    PlayerRating.objects.bulk_create(
        PlayerRating(player=p, mu=25 + rng.gauss(0, 4), sigma=rng.uniform(2.5, 8.3),
                     value=rng.randint(600, 1900), uncertainty=rng.randint(80, 250),
                     provisional=rng.random() < 0.2, games=rng.randint(1, 300),
                     wins=rng.randint(0, 50), points=rng.randint(100, 60000),
                     last_played=now - timedelta(days=rng.randint(0, 400)),
                     trend=rng.randint(-80, 80))
        for p in players)
    return made


def live_game(turns: int = 30):
    """A 4-player Pressman game in progress: one round played, ``turns`` more on the table."""
    from clubs.models import Club, Player
    from scoring.demo import robot_record
    from scoring.records import game_import
    from scoring.services import Actor

    club = Club.objects.create(name="Bench", slug="bench", default_preset="pressman")
    names = [Player.objects.create(display_name=f"P{i}", home_club=club).display_name
             for i in range(4)]
    record = robot_record(names, "pressman", random.Random(3), rounds=1, extra_turns=turns)
    return game_import(club=club, record=record, actor=Actor())


def median_ms(samples) -> float:
    return statistics.median(samples) * 1000


def timed(fn, repeat: int, clock=time.perf_counter):
    """Seconds per call by ``clock`` (wall time; time.process_time for this process's CPU)."""
    out = []
    for _ in range(repeat):
        start = clock()
        fn()
        out.append(clock() - start)
    return out
