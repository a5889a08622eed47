"""The referee's tablet in a browser, timed as the referee feels it (issues 10 and 23): tap on a
tile → its cells lit, and Place → the new board drawn, over a whole game; the tablet's own engine
(Pyodide in a Web Worker): its first start, its start again from the browser's copies, and Place
→ the engine's board (before the server's answer); the engine under Node beside CPython over the
same game; and 20 turns queued offline → all recorded after the connection returns.

Chromium (Playwright) drives the tablet served by gunicorn (DEBUG=0) on PostgreSQL. The game is
played by the robot at a simulated table (real deals, draws and hands; random legal choices) and
every turn is entered by tapping, the way a referee would. Times are taken inside the page, from
the tap to the next painted frame after the change.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tri_tablet .venv/bin/python bench/tablet.py

The database named in DATABASE_URL is migrated and written to (it must be PostgreSQL and yours).
"""

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from _machine import machine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Playwright runs an event loop in this thread; the ORM calls made here are plain, synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# From the tap to the next frame painted after the change (the change made synchronously for a
# tile; for Place, when the board of the next version is in the page).
TAP_TILE = """(tile) => new Promise((done) => {
  const t0 = performance.now();
  document.querySelector(`.ptile[data-tile="${tile}"]`).click();
  requestAnimationFrame(() => setTimeout(() => done([performance.now() - t0,
    document.querySelectorAll('#hints .hint').length]), 0));
})"""
# Place with the tablet's engine ready: [until the engine's board is drawn (the placed tile,
# dashed until the server has it), until the server's board is in] (the first is the second
# when the server answers before the engine).
TAP_AND_LOCAL = """([selector, version]) => new Promise((done) => {
  const before = document.querySelectorAll('#cells .tile.queued').length;
  const t0 = performance.now();
  let local = null;
  document.querySelector(selector).click();
  const check = () => {
    const root = document.getElementById('tablet-root');
    const served = root && root.dataset.version === String(version);
    if (local === null && (served
        || document.querySelectorAll('#cells .tile.queued').length > before)) {
      local = performance.now() - t0;
    }
    const end = () => done([local, performance.now() - t0]);
    if (served) requestAnimationFrame(() => setTimeout(end, 0));
    else requestAnimationFrame(check);
  };
  check();
})"""
TAP_AND_WAIT = """([selector, version]) => new Promise((done) => {
  const t0 = performance.now();
  document.querySelector(selector).click();
  const check = () => {
    const root = document.getElementById('tablet-root');
    if (root && root.dataset.version === String(version)) {
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
    } else requestAnimationFrame(check);
  };
  check();
})"""


def percentile(samples, p):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(name, samples):
    print(f"{name}: {len(samples)} taps, median {statistics.median(samples):.1f} ms, "
          f"p95 {percentile(samples, 95):.1f} ms, max {max(samples):.1f} ms")


def tablet_robot(page, version):
    """A robot at the table whose every turn is tapped into the tablet in the browser."""
    from scoring.demo import TableRobot
    from scoring.engine import tile_from_corners

    class BrowserRobot(TableRobot):
        def __init__(self, *args):
            super().__init__(*args)
            self.version = version
            self.taps, self.places, self.local = [], [], []

        def turn(self, seat, draw, at=None, corners=None):
            expected = super().turn(seat, draw, at, corners)
            if self.engine.round_turns == 1:  # the opening: the referee says who opens
                page.check(f'.who-opens input[value="{seat}"]')
            self.version += 1
            if at is None:  # the one pass control, then its question
                page.click("#pass-button")
                page.evaluate(TAP_AND_WAIT, ["#pass-yes", self.version])
                return expected
            for _ in range(draw):
                page.click("#draw-plus")
            tile = str(tile_from_corners(corners))
            took, lit = page.evaluate(TAP_TILE, tile)
            assert lit, f"{tile} lit no cell"
            self.taps.append(took)
            cell = f'#hints .hint[data-cell="{at[0]},{at[1]}"]'
            if page.get_attribute(cell, "aria-pressed") != "true":
                page.click(cell)
            want = [str(n) for n in corners]
            while page.locator("#ghost text").all_text_contents() != want:
                page.click(cell)  # again: the tile turns
            local, served = page.evaluate(TAP_AND_LOCAL, ["#place-button", self.version])
            self.local.append(local)
            self.places.append(served)
            return expected

        def hands(self, hands):
            end = super().hands(hands)
            for seat, tiles in hands.items():
                page.fill(f'input[name="tiles-{seat}"]', " ".join(tiles))
            self.version += 1
            page.evaluate(TAP_AND_WAIT, ["#hands-form button[type=submit]", self.version])
            return end

    return BrowserRobot


def engine_started(page) -> float:
    """Waits for the tablet's engine; the worker's own time to load Pyodide and the bundle."""
    page.wait_for_selector('html[data-engine="ready"]', timeout=300_000)
    return float(page.get_attribute("html", "data-engine-ms"))


def engine_in_node() -> tuple[dict, float, float]:
    """One generated game traced by the tablet's engine under Node, and the same by CPython."""
    import base64
    import json

    from scoring.demo import TableRobot
    from scoring.engine import GameState, record_write, rules_resolve
    from scoring.engine_bundle import bundle_zip
    from tests.scoring.engine_trace import trace

    state = TableRobot(GameState(["a", "b", "c", "d"], rules_resolve("pressman")),
                       random.Random(7)).play_game()
    record = record_write(state)
    started = time.perf_counter()
    trace(record)
    cpython = (time.perf_counter() - started) * 1000
    job = {"bundle": base64.b64encode(bundle_zip()[0]).decode(),
           "files": {"engine_trace.py": Path(ROOT, "tests/scoring/engine_trace.py").read_text()},
           "args": record, "code": "import json\nfrom engine_trace import trace\n"
                                   "json.dumps(len(trace(ARGS)))"}
    answer = json.loads(subprocess.run(["node", os.path.join(ROOT, "tests/js/pyodide_runner.mjs")],
                                       input=json.dumps(job), capture_output=True, text=True,
                                       check=True).stdout)
    turns = sum(len(r["moves"]) for r in record["rounds"])
    return answer, cpython, turns


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8102)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--queued", type=int, default=20)
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit("DATABASE_URL must name your own PostgreSQL database")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from clubs.models import Club, Player
    from scoring.engine import GameState, rules_resolve
    from scoring.models import Game, Turn
    from scoring.services import Actor, game_start

    club, _ = Club.objects.get_or_create(slug="bench-tablet",
                                         defaults={"name": "Bench tablet"})
    people = [Player.objects.create(display_name=f"Bench {i}", home_club=club)
              for i in range(6)]
    game = game_start(club=club, players=people[:args.players], preset="pressman",
                      actor=Actor())
    # Six players drawing one tile a turn: twenty turns, each a draw and a pass.
    queued = game_start(club=club, players=people, preset="pressman",
                        overrides={"max_draws": 1}, actor=Actor())

    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "bench-" + "k" * 60,
           "ALLOWED_HOSTS": "127.0.0.1,localhost", "SECURE_SSL_REDIRECT": "0",
           "SESSION_COOKIE_SECURE": "0", "CSRF_COOKIE_SECURE": "0", "LOG_LEVEL": "ERROR"}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                   cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [os.path.join(ROOT, ".venv/bin/gunicorn"), "config.wsgi", "--bind",
         f"127.0.0.1:{args.port}", "--workers", "2", "--log-level", "warning"],
        cwd=ROOT, env=env)
    base = f"http://localhost:{args.port}"
    from playwright.sync_api import sync_playwright

    try:
        for _ in range(60):
            try:
                urllib.request.urlopen(f"{base}/games/", timeout=2)
                break
            except OSError:
                time.sleep(0.25)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(viewport={"width": 1024, "height": 768},
                                          has_touch=True)
            page = context.new_page()
            page.goto(f"{base}/games/t/{game.table_token}/")
            first_start = engine_started(page)
            page.reload()
            warm_start = engine_started(page)
            robot = tablet_robot(page, game.version)(
                GameState([str(p.pk) for p in people[:args.players]],
                          rules_resolve("pressman")), random.Random(args.seed))
            started = time.perf_counter()
            robot.play_game()
            played = time.perf_counter() - started
            game.refresh_from_db()
            seats = [s.score for s in game.seats.order_by("position")]
            assert game.status == Game.Status.FINISHED, game.status
            assert seats == robot.engine.totals, (seats, robot.engine.totals)

            page.goto(f"{base}/games/t/{queued.table_token}/")
            page.check('.who-opens input[value="0"]')
            page.click('.ptile[data-tile="4-4-4"]')
            page.click("#place-button")
            page.wait_for_selector('#tablet-root[data-version="1"]')
            context.set_offline(True)
            for _ in range(args.queued):
                page.click("#pass-button")
                page.click("#pass-yes")
            page.wait_for_selector("#queue:not([hidden])")
            assert Turn.objects.filter(round__game=queued).count() == 1
            sent = time.perf_counter()
            context.set_offline(False)
            page.wait_for_selector(f'#tablet-root[data-version="{args.queued + 1}"]',
                                   timeout=30_000)
            page.wait_for_selector("#queue", state="hidden")
            drained = time.perf_counter() - sent
            assert Turn.objects.filter(round__game=queued).count() == args.queued + 1
            browser.close()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)

    print(f"machine: {machine()}")
    print("server: gunicorn, 2 workers, DEBUG=0, PostgreSQL; browser: Chromium headless, "
          "1024x768 touch")
    print(f"game: Pressman, {args.players} players, seed {args.seed}: "
          f"{game.rounds.count()} rounds, {game.turn_count} turns, final scores {seats} "
          f"(the engine's), {played:.0f} s to enter")
    report("tap on a tile -> its cells lit", robot.taps)
    report("Place -> the engine's board drawn (tablet's engine)", robot.local)
    report("Place -> the server's board drawn", robot.places)
    print(f"tablet's engine start in the worker (Pyodide + bundle): first {first_start:.0f} ms, "
          f"again from the browser's copies {warm_start:.0f} ms")
    node, cpython, turns = engine_in_node()
    print(f"engine under Node (Pyodide {node['python']}): start {node['ms']['load']:.0f} ms, "
          f"bundle {node['ms']['bundle']:.0f} ms; one game of {turns} turns traced "
          f"{node['ms']['run']:.0f} ms (CPython, same run: {cpython:.0f} ms)")
    print(f"{args.queued} turns queued offline -> all recorded after reconnect: "
          f"{drained * 1000:.0f} ms")


if __name__ == "__main__":
    main()
