"""Load from a second process: the site under gunicorn (DEBUG=0), wrk on loopback."""

import contextlib
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from _setup import ROOT


@dataclass
class Load:
    rate: float  # requests per second
    requests: int
    bad: int  # answers that were not 2xx or 3xx
    cpu_us: float | None = None  # the server's CPU time per request, when measured


def load(url: str, seconds: int, connections: int, headers: dict | None = None,
         server: "Server | None" = None) -> Load:
    """One wrk run; with ``server``, also the CPU time its processes spent per request, which
    other jobs on a shared machine disturb far less than requests per second."""
    extra = [arg for name, value in (headers or {}).items() for arg in ("-H", f"{name}: {value}")]
    before = server.cpu_seconds() if server else 0.0
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", *extra, url],
        capture_output=True, text=True, check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    cpu = (server.cpu_seconds() - before) / requests * 1e6 if server and requests else None
    return Load(rate, requests, int(bad.group(1)) if bad else 0, cpu)


def load_options(*, seconds: int = 10, workers: int = 2) -> dict[str, int]:
    """The options every wrk benchmark takes, with their defaults (for _setup.start): how long
    and how often to load, how hard, and how many gunicorn workers answer."""
    return {"seconds": seconds, "runs": 3, "connections": 16, "workers": workers}


def in_turns(targets: list[tuple[str, "Server", str, dict]], runs: int, seconds: int,
             connections: int) -> dict[str, list[Load]]:
    """Every target loaded once a run, the targets taking turns within each run, so a change in
    the machine's load touches all of them alike; each target's runs, by its name."""
    results: dict[str, list[Load]] = {name: [] for name, _, _, _ in targets}
    for _run in range(runs):
        for name, server, path, headers in targets:
            results[name].append(load(server.url + path, seconds, connections, headers, server))
    return results


@dataclass
class Summary:
    """A target's runs as printed: the median requests per second, every run's, and how many
    answers were not 2xx or 3xx in all."""

    rate: float
    rates: str
    bad: int


def summary(runs: list[Load]) -> Summary:
    return Summary(statistics.median(run.rate for run in runs),
                   ", ".join(f"{run.rate:.0f}" for run in runs), sum(run.bad for run in runs))


def wrk(url: str, seconds: int, connections: int, headers: dict | None = None
        ) -> tuple[float, int]:
    """Requests per second, and how many answers were not 2xx or 3xx."""
    run = load(url, seconds, connections, headers)
    return run.rate, run.bad


def fetch(url: str, **headers) -> tuple[int, dict, bytes]:
    """One request: status, headers, body."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as answer:  # 304 arrives as an "error"
        return answer.code, dict(answer.headers), b""


def production_env(database_url: str, **extra: str) -> dict:
    return {**os.environ, "DEBUG": "0", "SECRET_KEY": "bench-" + "k" * 60,
            "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url, "LOG_LEVEL": "ERROR", **extra}


_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Server:
    url: str
    pid: int

    def cpu_seconds(self) -> float:
        """User and system time of the gunicorn master and its workers so far."""
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # a process that ended meanwhile
            pid, ppid = int(stat.parent.name), int(fields[1])
            if self.pid in (pid, ppid):
                total += int(fields[11]) + int(fields[12])
        return total / _TICKS


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port: int) -> None:
    """Wait (at most 20 s) until something accepts connections on 127.0.0.1:port."""
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.2)


@contextlib.contextmanager
def redis_server():
    """A redis-server of the benchmark's own on a free port, keeping nothing on disk, stopped
    at the end (the shared Redis is left alone); yields its URL."""
    port, folder = free_port(), tempfile.mkdtemp(prefix="bench-redis-")
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                               "--save", "", "--appendonly", "no", "--dir", folder],
                              stdout=subprocess.DEVNULL)
    try:
        listening(port)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def bare_hello(port: int, workers: int):
    """The bare hello-world app (bench/_bare_hello.py) under its own gunicorn, on the same
    terms as the site's: the reference of issue 25."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "_bare_hello",
           "PYTHONPATH": str(ROOT / "bench")}
    return gunicorn(env, port, workers, app="django.core.wsgi:get_wsgi_application()",
                    ready="/hello/")


def _stop(server: subprocess.Popen) -> None:
    """gunicorn's quick shutdown (SIGINT), then a kill: a worker still answering the last load
    must not hold the benchmark's results back."""
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)


@contextlib.contextmanager
def gunicorn(env: dict, port: int, workers: int, *extra: str, app: str = "config.wsgi",
             ready: str = "/"):
    """The site (or ``app``) served on 127.0.0.1:port until the block ends, once it answers
    ``ready``; yields the Server."""
    if app == "config.wsgi":
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                       cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), app, "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning", *extra],
        cwd=ROOT, env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + ready, timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        yield Server(base, server.pid)
    finally:
        _stop(server)
