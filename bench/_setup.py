"""Shared set-up for the Django benchmarks: a database of their own, created fresh.

Uses DATABASE_URL's server when it is PostgreSQL (a database named triominos_bench), otherwise
a SQLite file under bench/out/. Never touches the site's own database.
"""

import os
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


def bench_database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        base = url.rsplit("/", 1)[0]
        return f"{base}/{BENCH_DATABASE}"
    (ROOT / "bench" / "out").mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{ROOT / 'bench' / 'out' / 'bench.sqlite3'}"


def setup(fresh: bool = True) -> str:
    """Point Django at the bench database, (re)create it, migrate; returns its URL."""
    url = bench_database_url()
    os.environ["DATABASE_URL"] = url
    if fresh:
        if url.startswith("postgres"):
            import psycopg

            admin = url.rsplit("/", 1)[0] + "/postgres"
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)")
                conn.execute(f"CREATE DATABASE {BENCH_DATABASE}")
        else:
            path = Path(url.removeprefix("sqlite:///"))
            for suffix in ("", "-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


def median_ms(samples) -> float:
    return statistics.median(samples) * 1000


def timed(fn, repeat: int):
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out
