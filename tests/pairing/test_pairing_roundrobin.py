"""Round robin: FIDE's Berger tables exactly, then schedules for tables of 3–4."""

from itertools import combinations

import pytest

from tournaments.pairing import (
    affine_plane_rounds,
    berger_schedule,
    meeting_counts,
    resolvable_design,
    round_robin,
    table_sizes,
)
from tournaments.pairing.design_search import differences, layout, search_base
from tournaments.pairing.designs import product_rounds
from tournaments.pairing.nearly_kirkman import nearly_kirkman_rounds


def parse(text):
    """'1-4 2-3 / 4-3 1-2' -> [[(1, 4), (2, 3)], [(4, 3), (1, 2)]]"""
    return [
        [tuple(int(x) for x in game.split("-")) for game in rnd.split()]
        for rnd in text.split("/")
    ]


# FIDE Handbook C.05, Annex 1 (Berger tables), as published.
FIDE = {
    4: parse("1-4 2-3 / 4-3 1-2 / 2-4 3-1"),
    6: parse("1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1"),
    8: parse(
        "1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 /"
        " 3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1"
    ),
    10: parse(
        "1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 /"
        " 10-7 8-6 9-5 1-4 2-3 / 3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 /"
        " 4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / 5-10 6-4 7-3 8-2 9-1"
    ),
}


@pytest.mark.parametrize("n", sorted(FIDE))
def test_berger_schedule_matches_fide(n):
    assert berger_schedule(n) == FIDE[n]


@pytest.mark.parametrize("n", [3, 5, 7])
def test_odd_field_uses_the_next_table_and_the_top_number_is_the_bye(n):
    assert berger_schedule(n) == FIDE[n + 1]
    schedule = round_robin([100 + i for i in range(1, n + 1)])
    assert len(schedule.rounds) == n
    byes = [rnd.byes for rnd in schedule.rounds]
    assert sorted(b for [b] in byes) == [100 + i for i in range(1, n + 1)]
    for rnd, games in zip(schedule.rounds, FIDE[n + 1], strict=True):
        [bye_game] = [g for g in games if n + 1 in g]
        assert rnd.byes == [100 + min(bye_game)]
        assert [f.code for f in rnd.flags] == ["bye"]


def test_round_robin_maps_pairing_numbers_to_ids():
    schedule = round_robin(["x", "y", "z", "w"])
    assert [[t.seats for t in r.tables] for r in schedule.rounds] == [
        [("x", "w"), ("y", "z")],
        [("w", "z"), ("x", "y")],
        [("y", "w"), ("z", "x")],
    ]
    assert schedule.flags[0].params == {"min": 1, "max": 1, "variance": 0.0, "unmet_pairs": 0}


@pytest.mark.parametrize("n", range(2, 17))
def test_berger_every_pair_once_and_colours_balanced(n):
    rounds = berger_schedule(n)
    m = n + n % 2
    games = [g for r in rounds for g in r]
    assert sorted(tuple(sorted(g)) for g in games) == list(combinations(range(1, m + 1), 2))
    for rnd in rounds:
        assert sorted(p for g in rnd for p in g) == list(range(1, m + 1))
    whites = {p: sum(1 for g in games if g[0] == p) for p in range(1, m + 1)}
    assert set(whites.values()) <= {m // 2 - 1, m // 2}


def test_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle_only():
    schedule = round_robin([1, 2, 3, 4], cycles=2)
    got = [[t.seats for t in r.tables] for r in schedule.rounds]
    first = [FIDE[4][0], FIDE[4][2], FIDE[4][1]]
    second = [[(b, a) for a, b in rnd] for rnd in FIDE[4]]
    assert got == first + second
    # Across the break nobody has the same colour three times running.
    for p in (1, 2, 3, 4):
        colours = [next(t.index(p) for t in rnd if p in t) for rnd in got]
        assert all(len(set(colours[i : i + 3])) > 1 for i in range(len(colours) - 2))


def test_affine_planes_are_resolvable_designs():
    for q in (3, 4):
        classes = affine_plane_rounds(q)
        assert len(classes) == q + 1
        pairs = [p for cls in classes for t in cls for p in combinations(sorted(t), 2)]
        assert sorted(pairs) == list(combinations(range(q * q), 2))
        for cls in classes:
            assert sorted(p for t in cls for p in t) == list(range(q * q))


@pytest.mark.parametrize(
    ("n", "size", "rounds", "design"),
    [(9, 3, 4, "affine-geometry"), (15, 3, 7, "difference-family"),
     (21, 3, 10, "difference-family"), (27, 3, 13, "affine-geometry"),
     (33, 3, 16, "difference-family"), (39, 3, 19, "difference-family"),
     (45, 3, 22, "product"), (51, 3, 25, "difference-family"),
     (57, 3, 28, "difference-family"), (63, 3, 31, "difference-family"),
     (69, 3, 34, "difference-family"),
     (75, 3, 37, "difference-family"), (81, 3, 40, "affine-geometry"),
     (87, 3, 43, "difference-family"), (93, 3, 46, "difference-family"),
     (99, 3, 49, "product"),
     (16, 4, 5, "affine-geometry"), (28, 4, 9, "difference-family"),
     (40, 4, 13, "difference-family"), (52, 4, 17, "difference-family"),
     (64, 4, 21, "affine-geometry"), (76, 4, 25, "difference-family"),
     (88, 4, 29, "difference-family"), (100, 4, 33, "difference-family")],
)
def test_exact_designs_meet_every_pair_exactly_once(n, size, rounds, design):
    ids = list(range(10, 10 + n))
    schedule = round_robin(ids, table_size=size)
    assert len(schedule.rounds) == rounds
    for rnd in schedule.rounds:
        assert sorted(p for t in rnd.tables for p in t.seats) == ids
        assert {len(t.seats) for t in rnd.tables} == {size}
        assert rnd.byes == []
    assert set(meeting_counts(ids, schedule.rounds).values()) == {1}
    assert [f.code for f in schedule.flags] == ["meeting-balance", "exact-design"]
    assert schedule.flags[1].params == {"design": design, "order": size, "rounds": rounds}
    assert schedule.flags[0].params["unmet_pairs"] == 0


@pytest.mark.parametrize("size", [3, 4])
def test_every_design_size_up_to_100_is_built_in(size):
    # Designs exist exactly for n ≡ 3 (mod 6) in threes and n ≡ 4 (mod 12) in fours.
    step, first = (6, 9) if size == 3 else (12, 16)
    for n in range(first, 101, step):
        design = resolvable_design(n, size)
        assert design is not None, n
        assert len(design.rounds) == (n - 1) // (size - 1)
        pairs = [p for rnd in design.rounds for t in rnd for p in combinations(sorted(t), 2)]
        assert sorted(pairs) == list(combinations(range(n), 2))  # every pair exactly once
        for rnd in design.rounds:
            assert sorted(p for t in rnd for p in t) == list(range(n))  # a partition
            assert {len(t) for t in rnd} == {size}


def test_sizes_where_no_design_exists_fall_back_to_the_local_search():
    assert resolvable_design(20, 4) is None  # none exists: 20 is not 4 mod 12
    assert resolvable_design(30, 3) is None  # 30 is not 3 mod 6


@pytest.mark.parametrize(("small", "size"), [(9, 3), (15, 3), (16, 4)])
def test_product_construction_multiplies_a_design_by_the_table_size(small, size):
    base = resolvable_design(small, size)
    rounds = product_rounds(base.rounds, size)
    n = small * size
    assert len(rounds) == (n - 1) // (size - 1)
    pairs = [p for rnd in rounds for t in rnd for p in combinations(sorted(t), 2)]
    assert sorted(pairs) == list(combinations(range(n), 2))
    for rnd in rounds:
        assert sorted(p for t in rnd for p in t) == list(range(n))


def test_exact_cover_search_finds_base_rounds():
    # The offline search behind the stored base rounds, on sizes it solves quickly.
    for n, size in ((21, 3), (33, 3), (28, 4)):
        found = search_base(n, size, seconds=60)
        assert found is not None, n
        base, short = found
        g, levels, infinity, transversals = layout(n, size)
        assert len(short) == transversals
        diffs = [d for t in (*base, *short) for d in differences(t, g)]
        assert len(diffs) == len(set(diffs))
        zero_mixed = levels * (levels - 1) if infinity else 0  # ∞'s table takes those
        assert len(diffs) == levels * levels * g - levels - zero_mixed
        seated = sorted(p for t in base for p in t)
        assert seated == sorted(
            (x, lv) for lv in range(levels) for x in range(g) if not (infinity and x == 0))


def brute_force_best(n, size, rounds):
    """Least (max count, sum of squares) over all schedules of two tables."""
    from itertools import combinations_with_replacement

    splits = [t for t in combinations(range(n), n // 2) if 0 in t]
    best = None
    for choice in combinations_with_replacement(splits, rounds):
        counts = dict.fromkeys(combinations(range(n), 2), 0)
        for t in choice:
            other = tuple(x for x in range(n) if x not in t)
            for table in (t, other):
                for pair in combinations(table, 2):
                    counts[pair] += 1
        values = list(counts.values())
        key = (max(values), sum(v * v for v in values))
        best = key if best is None or key < best else best
    return best


@pytest.mark.parametrize(("n", "size", "rounds"), [(6, 3, 5), (8, 4, 3), (6, 3, 3), (8, 4, 2)])
def test_heuristic_schedule_matches_brute_force_on_small_fields(n, size, rounds):
    schedule = round_robin(list(range(n)), table_size=size, rounds=rounds)
    values = list(meeting_counts(list(range(n)), schedule.rounds).values())
    assert (max(values), sum(v * v for v in values)) == brute_force_best(n, size, rounds)


@pytest.mark.parametrize(
    ("n", "size", "remainder"), [(12, 3, "bye"), (13, 4, "bye"), (10, 4, "smaller_tables"),
                                 (14, 3, "smaller_tables"), (20, 4, "bye")]
)
def test_table_schedules_are_valid_and_even(n, size, remainder):
    ids = list(range(1, n + 1))
    schedule = round_robin(ids, table_size=size, remainder=remainder, seed=3)
    bye_count = dict.fromkeys(ids, 0)
    opened = dict.fromkeys(ids, 0)
    for rnd in schedule.rounds:
        seated = [p for t in rnd.tables for p in t.seats]
        assert sorted(seated + rnd.byes) == ids
        assert all(len(t.seats) in (2, 3, 4) for t in rnd.tables)
        for b in rnd.byes:
            bye_count[b] += 1
        for t in rnd.tables:
            opened[t.seats[0]] += 1
    # Byes rotate: nobody sits out twice before everybody sat out once.
    assert max(bye_count.values()) - min(bye_count.values()) <= 1
    counts = list(meeting_counts(ids, schedule.rounds).values())
    flag = schedule.flags[0].params
    assert flag["max"] == max(counts) and flag["min"] == min(counts)
    # Nobody meets anybody three times in one pass through the field.
    assert max(counts) <= 2


def test_schedule_is_reproducible_with_a_seed():
    a = round_robin(list(range(12)), table_size=4, seed=5)
    b = round_robin(list(range(12)), table_size=4, seed=5)
    assert a == b


@pytest.mark.parametrize(("p", "r"), [(3, 2), (5, 2)])
def test_field_group_multiplies_as_a_field(p, r):
    # GF(p²) = {a + b·i : i² = r}: each non-zero multiplier is a permutation that
    # respects addition (so it maps differences to differences), and i·i = r.
    from tournaments.pairing.designs import _Group

    for m in range(1, p * p):
        group = _Group(("gf", p, r), m)
        assert sorted(group.times) == list(range(p * p))
        for a in range(p * p):
            for b in range(p * p):
                assert group.times[group.add[a][b]] == group.add[group.times[a]][group.times[b]]
    i = 1  # element number p·0 + 1 is i
    assert _Group(("gf", p, r), i).times[i] == r * p  # i² = r + 0·i


@pytest.mark.parametrize("n", range(18, 61, 6))
def test_nearly_kirkman_systems_meet_every_pair_once_but_a_perfect_matching(n):
    rounds = nearly_kirkman_rounds(n)
    assert len(rounds) == n // 2 - 1
    pairs = [tuple(sorted(p)) for rnd in rounds for t in rnd for p in combinations(t, 2)]
    for rnd in rounds:
        assert sorted(p for t in rnd for p in t) == list(range(n))  # a partition
        assert {len(t) for t in rnd} == {3}
    assert len(pairs) == len(set(pairs))  # no pair twice
    unmet = set(combinations(range(n), 2)) - set(pairs)
    assert len(unmet) == n // 2
    assert sorted(p for pair in unmet for p in pair) == list(range(n))  # disjoint pairs


@pytest.mark.parametrize("n", range(18, 61, 6))
def test_round_robin_in_threes_for_6t_players_leaves_n_over_6_pairs_unmet(n):
    ids = list(range(100, 100 + n))
    schedule = round_robin(ids, table_size=3)
    assert len(schedule.rounds) == n // 2
    counts = meeting_counts(ids, schedule.rounds)
    assert sum(1 for c in counts.values() if c == 0) == n // 6
    assert max(counts.values()) == 2
    flag = schedule.flags[0].params
    assert (flag["unmet_pairs"], flag["max"]) == (n // 6, 2)
    assert not [f for f in schedule.flags if f.code == "exact-design"]


@pytest.mark.parametrize(("size", "first", "last"), [(3, 7, 41), (4, 8, 41)])
def test_no_third_meeting_while_a_pair_has_not_met(size, first, last):
    """Default rounds and two more: a pair meets a third time only once every pair met.

    Fields where every round seats everybody (with byes, the rotation of byes decides who
    sits together; 6 in threes has only ten possible rounds, see docs/pairing.md)."""
    for n in range(first, last):
        if table_sizes(n, size, "bye")[1]:
            continue
        default = -(-(n - 1) // (size - 1))
        for rounds in (default, default + 2):
            schedule = round_robin(list(range(n)), table_size=size, rounds=rounds)
            counts = meeting_counts(list(range(n)), schedule.rounds).values()
            assert max(counts) <= 2 or min(counts) >= 1, (n, rounds, max(counts), min(counts))
