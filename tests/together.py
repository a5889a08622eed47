"""Calls released at the same instant from their own threads and database connections, to see
what the row locks make of them (PostgreSQL only: SQLite has no row locks)."""

import threading

from django.db import connections


def run_together(calls, *, expected=(Exception,)) -> list:
    """Each call's result, or the exception (of the ``expected`` kinds) it raised."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except expected as refused:
            outcomes[index] = refused
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes
