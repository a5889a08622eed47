"""The rankings page with 10,000 rated players (issue: ≤ 100 ms median server time, ≤ 8 queries).

Players and their cached ratings are written in bulk (the page reads only the cached columns);
the page is requested through Django's full request handling, first page and a sorted, filtered
page, timed from the outside; queries counted for each. The page cache is off (Django's dummy
cache), so every request renders the page: that is the budget's case, a visitor after a change.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/triominos .venv/bin/python bench/rankings.py
"""

import os

from _setup import machine, median_ms, rated_players, start, timed

# The anonymous page is otherwise served from the cache after the first request: 0 queries and
# no rendering, which would measure the cache, not the page.
os.environ["CACHE_URL"] = "dummycache://"


def main() -> None:
    args, url = start(players=10_000, repeat=25)

    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    clubs = rated_players(args.players)
    client = Client(HTTP_HOST="127.0.0.1")
    pages = {
        "first page": "/rankings/",
        "page 40, sorted by games": "/rankings/?sort=-games&page=40",
        "one club, last 90 days, >= 20 games": f"/rankings/?club={clubs[3].pk}&period=90"
                                              "&min_games=20",
    }
    print(f"machine: {machine()}")
    print(f"database: {url.split('://')[0]}; players: {args.players} rated, 20 clubs; "
          f"{args.repeat} requests each, page cache off")
    for name, path in pages.items():
        assert client.get(path).status_code == 200  # warm
        reset_queries()  # the log holds at most 9,000 entries; set-up filled it
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path)
            content = response.content
        assert response.status_code == 200 and content.count(b"<tr") >= 2
        samples = timed(lambda p=path: client.get(p), args.repeat)
        print(f"{name}: median {median_ms(samples):.1f} ms, {len(queries)} queries")


if __name__ == "__main__":
    main()
