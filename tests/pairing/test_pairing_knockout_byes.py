"""Knockout byes and table sizes for every field of 2–200 players and every table shape."""

import pytest

from tournaments.pairing import single_elimination
from tournaments.pairing.knockout_plan import knockout_plan, rounds_needed

SHAPES = [(2, 1), (3, 1), (4, 1), (4, 2), (5, 1), (6, 1), (6, 2), (6, 3)]


def first_round_of(bracket):
    """Seed -> the round in which that seed plays its first table."""
    entered = {}
    for m in bracket.matches:
        for s in m.slots:
            if s.kind == "seed":
                entered.setdefault(s.seed, m.round)
    return entered


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}-top{s[1]}")
def test_byes_go_to_the_top_seeds_and_tables_are_playable(shape):
    size, k = shape
    for n in range(2, 201):
        bracket = single_elimination(list(range(1, n + 1)), table_size=size, advance=k)
        entered = first_round_of(bracket)
        assert sorted(entered) == list(range(1, n + 1)), n
        # Whoever waits for round 2 is better seeded than everybody who plays round 1.
        waiting = sorted(s for s, r in entered.items() if r > 1)
        assert waiting == list(range(1, len(waiting) + 1)), (n, waiting)
        assert all(r <= 2 for r in entered.values()), n
        flagged = {f.params["seed"] for f in bracket.flags if f.code == "knockout-bye"}
        assert flagged == set(waiting)
        # Every table is played: more players than go on, never more than the table holds.
        rounds = max(m.round for m in bracket.matches)
        assert rounds == rounds_needed(n, size, k)
        for m in bracket.matches:
            low = 2 if m.round == rounds else k + 1
            assert low <= len(m.slots) <= size, (n, m)
        twos = [m.id for m in bracket.matches if len(m.slots) == 2]
        said = [f.params["match"] for f in bracket.flags if f.code == "two-player-table"]
        if size == 2:
            assert said == []
            continue
        assert said == twos
        if n == 2:
            assert len(twos) == 1
        elif shape == (3, 1) and n % 2 == 0:
            # Every table of three knocks out two players; n - 1 is odd, so one
            # table must knock out one: a single two-player game is the minimum.
            assert len(twos) == 1, n
        else:
            assert twos == [], n


def test_seventeen_at_tables_of_four_top_one():
    # The report's case: seeds 8, 9 and 17 played while 10-16 waited.
    bracket = single_elimination(list(range(1, 18)), table_size=4, advance=1)
    first = [[s.seed for s in m.slots] for m in bracket.matches if m.round == 1]
    assert first == [[15, 16, 17]]
    second = [len(m.slots) for m in bracket.matches if m.round == 2]
    assert sorted(second) == [3, 4, 4, 4]


def test_thirty_two_at_tables_of_four_open_without_two_player_games():
    bracket = single_elimination(list(range(1, 33)), table_size=4, advance=1)
    first = sorted(len(m.slots) for m in bracket.matches if m.round == 1)
    assert first == [3, 3, 4, 4, 4, 4]  # 22 players, 6 go on, seeds 1-10 wait
    assert not [f for f in bracket.flags if f.code == "two-player-table"]


def test_plan_prefers_byes_filling_the_next_round():
    # 27 at tables of four: 15 play four tables, 12 wait, 16 play round 2, 4 the final.
    plan = knockout_plan(27, 4, 1)
    assert [(r.entrants, r.byes, r.sizes) for r in plan] == [
        (27, 12, (3, 4, 4, 4)), (16, 0, (4, 4, 4, 4)), (4, 0, (4,))
    ]


def test_two_players_at_a_table_knockout_are_flagged():
    bracket = single_elimination([7, 8], table_size=4, advance=1)
    assert [f.code for f in bracket.flags] == ["two-player-table"]
    assert bracket.flags[0].params == {"match": "M1", "round": 1, "table_size": 4}
