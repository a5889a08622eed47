"""The adapter tells the core who was not paired in a round (C.07's dummy opponent)."""

from scoring.models import Game
from tournaments.pairing_rows import PlayedTable, round_results

FINISHED = Game.Status.FINISHED


def table(rnd, number, seats, results=(), status=FINISHED, bye=False):
    return PlayedTable(rnd, 1, number, "", bye, seats, None if bye else number,
                       "" if bye else status, list(results))


def test_a_withdrawn_player_is_absent_from_the_rounds_after_and_a_live_table_is_not():
    tables = [
        table(1, 1, (1, 2), [(1, 5, 1), (2, 3, 2)]),
        table(1, 2, (3, 4), [(3, 4, 2), (4, 6, 1)]),
        table(1, 3, (5,), bye=True),
        # Round 2: player 4 has withdrawn; 1 v 3 is still being played.
        table(2, 1, (1, 3), status=Game.Status.PLAYING),
        table(2, 2, (2, 5), [(2, 1, 2), (5, 7, 1)]),
    ]
    first, second = round_results(tables)
    assert first.absent == ()
    assert first.byes == (5,)
    assert second.absent == (4,)
    assert [t.seats for t in second.tables] == [(2, 5)]
