"""Load from a second process: the site under gunicorn (DEBUG=0), wrk on loopback."""

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

from _setup import ROOT


def wrk(url: str, seconds: int, connections: int, headers: dict | None = None
        ) -> tuple[float, int]:
    """Requests per second, and how many answers were not 2xx or 3xx."""
    extra = [arg for name, value in (headers or {}).items() for arg in ("-H", f"{name}: {value}")]
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", *extra, url],
        capture_output=True, text=True, check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rate, int(bad.group(1)) if bad else 0


def production_env(database_url: str, **extra: str) -> dict:
    return {**os.environ, "DEBUG": "0", "SECRET_KEY": "bench-" + "k" * 60,
            "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url, "LOG_LEVEL": "ERROR", **extra}


@contextlib.contextmanager
def gunicorn(env: dict, port: int, workers: int, *extra: str):
    """The site served on 127.0.0.1:port until the block ends; yields its base URL."""
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                   cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning", *extra],
        cwd=ROOT, env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        yield base
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
