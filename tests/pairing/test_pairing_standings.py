"""Standings: hand-computed tie-break values, ordering, lots."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    TIEBREAKS,
    PlayerEntry,
    PointsScheme,
    RoundResult,
    TableResult,
    by_placing,
    compute_standings,
    tournament_points,
    win_tie_loss,
)
from tournaments.pairing.flags import DirectEncounterNotApplied, Tiebreak


def rr(*tables, byes=()):
    return RoundResult(tuple(TableResult(tuple(s), tuple(sc)) for s, sc in tables), tuple(byes))


PLAYERS = [PlayerEntry(i, rating=1500 + 10 * i) for i in (1, 2, 3, 4)]
ROUNDS = [
    rr(((1, 2), (10, 5)), ((3, 4), (7, 7))),
    rr(((1, 3), (4, 9)), ((2, 4), (6, 2))),
    rr(((1, 4), (8, 8)), ((2, 3), (3, 5))),
]


def test_every_tiebreak_value_by_hand():
    standings = compute_standings(PLAYERS, ROUNDS, win_tie_loss(), tiebreaks=TIEBREAKS)
    assert [r.player for r in standings.rows] == [3, 1, 2, 4]
    expected = {
        # points, game, spread, buchholz, cut1, median, SB, DE, progressive, WIN, WON, rating
        # (no byes here, so WIN = WON)
        3: (7, 21, 7, 9, 7, 3, 8, 0, 12, 2, 2, 1530),
        1: (4, 22, 0, 12, 10, 3, 4, 0, 10, 1, 1, 1510),
        2: (3, 14, -3, 13, 11, 4, 2, 0, 6, 1, 1, 1520),
        4: (2, 17, -4, 14, 11, 4, 5.5, 0, 4, 0, 0, 1540),
    }
    for row in standings.rows:
        assert tuple(row.value(c) for c in TIEBREAKS) == expected[row.player]
    assert [r.rank for r in standings.rows] == [1, 2, 3, 4]


def test_direct_encounter_separates_players_who_met():
    rounds = [
        rr(((1, 2), (1, 2)), ((3, 4), (2, 1))),
        rr(((1, 3), (2, 1)), ((2, 4), (1, 2))),
        rr(((1, 4), (2, 1)), ((2, 3), (2, 1))),
    ]
    standings = compute_standings(
        PLAYERS, rounds, win_tie_loss(), tiebreaks=("points", "buchholz", "direct-encounter")
    )
    assert [r.player for r in standings.rows] == [2, 1, 3, 4]
    rows = {r.player: r for r in standings.rows}
    assert rows[1].value("buchholz") == rows[2].value("buchholz") == 12
    assert (rows[2].value("direct-encounter"), rows[1].value("direct-encounter")) == (1, 0)
    assert rows[1].flags == (Tiebreak(above=2, decided_by="direct-encounter"),)
    assert rows[3].flags == ()


def test_direct_encounter_not_applied_when_not_everybody_met():
    rounds = [rr(((1, 2), (1, 2)), ((3, 4), (2, 1))), rr(((1, 3), (2, 1)), ((2, 4), (1, 2)))]
    standings = compute_standings(PLAYERS, rounds, tiebreaks=("points", "direct-encounter"))
    assert all(r.value("points") == 3 for r in standings.rows)
    # Mini-scores 1 each and every player has one unplayed encounter, which
    # could lift anybody level with anybody: nobody is separated.
    assert all(r.value("direct-encounter") == 0 for r in standings.rows)
    assert standings.flags == [
        DirectEncounterNotApplied(players=(1, 2, 3, 4))
    ]


# Every placing worth 0: the whole field stays tied on points, so direct
# encounter sees all four players as one tied group.
LEVEL = PointsScheme({2: (0, 0)})


def test_direct_encounter_partial_separation_puts_an_uncatchable_leader_first():
    # 1 beat 2, 3 and 4; 2 beat 4; 2-3 and 3-4 never met. Mini-scores 3, 1, 0, 0;
    # the most the others could reach with their missing games: 2: 1 + 1,
    # 3: 0 + 2, 4: 0 + 1. Nobody reaches 3, so 1 goes first; among 2, 3 and 4
    # the missing games could still change everything.
    rounds = [rr(((1, 2), (5, 1))), rr(((1, 3), (5, 1))), rr(((1, 4), (5, 1))),
              rr(((2, 4), (5, 1)))]
    standings = compute_standings(PLAYERS, rounds, LEVEL, tiebreaks=("points", "direct-encounter"))
    values = {r.player: r.value("direct-encounter") for r in standings.rows}
    assert values == {1: 4, 2: 0, 3: 0, 4: 0}
    assert standings.rows[0].player == 1
    assert standings.flags == [DirectEncounterNotApplied(players=(1, 2, 3, 4))]


def test_direct_encounter_partial_separation_puts_a_hopeless_last_last():
    # 4 lost to 1, 2 and 3 (mini-score 0, nothing unplayed); 1 beat 2, 2 beat 3,
    # 1-3 never met. Mini-scores 2, 2, 1, 0: 4 cannot reach anybody and goes
    # last; 1 could still be caught by 2 (2 > 2 fails), 3 could reach 2.
    rounds = [rr(((1, 4), (5, 1)), ((2, 3), (5, 1))), rr(((2, 4), (5, 1))),
              rr(((3, 4), (5, 1))), rr(((1, 2), (5, 1)))]
    standings = compute_standings(PLAYERS, rounds, LEVEL, tiebreaks=("points", "direct-encounter"))
    values = {r.player: r.value("direct-encounter") for r in standings.rows}
    assert values == {1: 0, 2: 0, 3: 0, 4: -4}
    assert standings.rows[-1].player == 4


def test_sonneborn_berger_win_and_won_with_a_bye_and_mixed_tables():
    # By placing (a bye is worth 3 = first place at a table of 4, i.e. a win).
    # Round 1: 1 > 2 > 3 at a table of 3 (2/1/0), 4 > 5 at a table of 2 (1/0).
    # Round 2: 2 > 4 > 5 > 1 at a table of 4 (3/2/1/0); 3 has the bye (3).
    # Points: 1: 2, 2: 4, 3: 3, 4: 3, 5: 1.
    players = [PlayerEntry(i) for i in (1, 2, 3, 4, 5)]
    rounds = [
        RoundResult((TableResult((1, 2, 3), (30, 20, 10)), TableResult((4, 5), (9, 1)))),
        RoundResult((TableResult((2, 4, 5, 1), (40, 30, 20, 10)),), byes=(3,)),
    ]
    codes = ("points", "sonneborn-berger", "buchholz", "win", "won")
    standings = compute_standings(players, rounds, by_placing(), tiebreaks=codes)
    got = {r.player: tuple(r.value(c) for c in codes) for r in standings.rows}
    expected = {
        # SB per round = average over table-mates of (their points x my result):
        # 1: (4 + 3) / 2 + 0 = 3.5;  2: (0 + 3) / 2 + (3 + 1 + 2) / 3 = 3.5;
        # 3: 0 + bye (own 3 points x result 1) = 3;  4: 1 + (0 + 1 + 2) / 3 = 2;
        # 5: 0 + 2 / 3.  Buchholz of 3: (2 + 4) / 2 + own 3 for the bye = 6.
        # WIN counts 3's bye (worth a win); WON only first places at a table.
        1: (2, 3.5, (4 + 3) / 2 + (4 + 3 + 1) / 3, 1, 1),
        2: (4, 3.5, (2 + 3) / 2 + (3 + 1 + 2) / 3, 1, 1),
        3: (3, 3, 6, 1, 0),
        4: (3, 2, 1 + (4 + 1 + 2) / 3, 1, 1),
        5: (1, 2 / 3, 3 + (4 + 3 + 2) / 3, 0, 0),
    }
    assert set(got) == set(expected)
    for player, values in expected.items():
        assert got[player] == pytest.approx(values)


def test_sonneborn_berger_does_not_depend_on_table_size():
    # Beating one opponent with 3 points at a table of 2 is worth the same as
    # beating three opponents with 3 points each at a table of 4.
    two = [RoundResult((TableResult((1, 2), (9, 1)),)), RoundResult((TableResult((2, 9), (9, 1)),)),
           RoundResult((TableResult((2, 8), (9, 1)),))]
    four = [RoundResult((TableResult((1, 2, 3, 4), (9, 3, 2, 1)),))] + [
        RoundResult((TableResult((p, 9), (9, 1)), TableResult((q, 8), (9, 1))))
        for p, q in ((2, 3), (4, 2), (3, 4))
    ]
    pts = {"points", "sonneborn-berger", "buchholz"}
    a = compute_standings([PlayerEntry(1)], two, win_tie_loss(), tiebreaks=tuple(pts))
    b = compute_standings([PlayerEntry(1)], four, win_tie_loss(), tiebreaks=tuple(pts))
    assert a.rows[0].value("sonneborn-berger") == 6  # 2 had 6 points
    assert b.rows[0].value("sonneborn-berger") == 6  # 2, 3 and 4 had 6 each


def test_stored_wins_code_reads_as_won():
    standings = compute_standings(PLAYERS, ROUNDS, win_tie_loss(), tiebreaks=("points", "wins"))
    assert standings.tiebreaks == ("points", "won")
    assert {r.player: r.value("won") for r in standings.rows} == {3: 2, 1: 1, 2: 1, 4: 0}


def test_lots_always_separate_and_are_reproducible():
    players = [PlayerEntry(i) for i in range(1, 9)]
    orders = {
        seed: tuple(r.player for r in compute_standings(players, [], lots_seed=seed).rows)
        for seed in range(5)
    }
    assert len(set(orders.values())) > 1  # the seed matters
    again = compute_standings(players, [], lots_seed=3)
    assert tuple(r.player for r in again.rows) == orders[3]
    assert [r.rank for r in again.rows] == list(range(1, 9))
    assert all(r.flags[0].code == "lots" for r in again.rows[1:])


def test_placing_points_at_a_table_of_four_with_shared_place():
    rounds = [RoundResult((TableResult((1, 2, 3, 4), (50, 30, 30, 10)),))]
    standings = compute_standings(PLAYERS, rounds, by_placing(), tiebreaks=("points", "spread"))
    rows = {r.player: r for r in standings.rows}
    assert [rows[p].value("points") for p in (1, 2, 3, 4)] == [3, 1.5, 1.5, 0]
    assert rows[1].value("spread") == pytest.approx(50 - 70 / 3)
    assert rows[4].value("spread") == pytest.approx(10 - 110 / 3)


def test_given_placings_override_scores():
    table = TableResult((1, 2, 3), (10, 20, 30), placings=(1, 2, 3))
    assert tournament_points([RoundResult((table,))], by_placing()) == {1: 2, 2: 1, 3: 0}


def test_shared_first_place_is_a_tie_under_win_tie_loss():
    table = TableResult((1, 2, 3), (20, 20, 5))
    assert tournament_points([RoundResult((table,))], win_tie_loss()) == {1: 1, 2: 1, 3: 0}


def test_best_share_and_custom_scheme():
    scheme = PointsScheme({3: (5, 3, 1)}, ties="best")
    table = TableResult((1, 2, 3), (9, 4, 4))
    assert tournament_points([RoundResult((table,))], scheme) == {1: 5, 2: 3, 3: 3}


def test_bye_points_and_buchholz_for_a_bye():
    rounds = [rr(((1, 2), (5, 1)), byes=(3,)), rr(((1, 3), (5, 1)), byes=(2,))]
    players = [PlayerEntry(i) for i in (1, 2, 3)]
    standings = compute_standings(players, rounds, win_tie_loss(bye=3),
                                  tiebreaks=("points", "buchholz"))
    rows = {r.player: r for r in standings.rows}
    assert [rows[p].value("points") for p in (1, 2, 3)] == [6, 3, 3]
    # 3: met 1 (6 points) and had a bye, counted as its own 3 points.
    assert rows[3].value("buchholz") == 9
    assert rows[2].value("buchholz") == 9


def test_withdrawn_players_count_as_table_mates_only():
    standings = compute_standings([PlayerEntry(1)], ROUNDS[:1], tiebreaks=("points", "buchholz"))
    assert [r.player for r in standings.rows] == [1]
    assert standings.rows[0].value("buchholz") == 0


def test_withdrawn_players_unplayed_rounds_meet_a_dummy_with_their_own_points():
    """FIDE C.07 (2023): an unplayed round counts as a game against a dummy opponent
    with the player's own final points, the result as scored (absent: a loss)."""
    rounds = [
        rr(((1, 2), (1, 0)), ((4, 3), (1, 0))),
        rr(((3, 1), (1, 0)), ((2, 4), (1, 0))),
        # Player 4 withdrew after round 2; player 1 has the bye.
        RoundResult((TableResult((2, 3), (0, 0)),), byes=(1,), absent=(4,)),
    ]
    players = [PlayerEntry(i) for i in (1, 2, 3, 4)]
    standings = compute_standings(
        players, rounds, win_tie_loss(win=1, tie=0.5, loss=0, bye=1),
        tiebreaks=("points", "buchholz", "buchholz-cut1", "sonneborn-berger"),
    )
    rows = {r.player: r for r in standings.rows}
    assert {p: rows[p].value("points") for p in rows} == {1: 2, 2: 1.5, 3: 1.5, 4: 1}
    # 4 met 3 (1.5) and 2 (1.5), then a dummy with 4's own 1 point: 4, not 3.
    assert rows[4].value("buchholz") == 4
    assert rows[4].value("buchholz-cut1") == 3  # the dummy's 1 is the lowest round
    # Beat 3 (1.5 x 1), lost to 2 and to the dummy (x 0).
    assert rows[4].value("sonneborn-berger") == 1.5
    # Opponents of the withdrawn player count 4's real points (1) for the round they met.
    assert rows[2].value("buchholz") == 2 + 1 + 1.5
    assert rows[3].value("buchholz") == 1 + 2 + 1.5
    assert rows[1].value("buchholz") == 1.5 + 1.5 + 2  # the bye: 1's own 2 points


def test_unknown_tiebreak_is_refused():
    with pytest.raises(ValueError):
        compute_standings(PLAYERS, ROUNDS, tiebreaks=("points", "coin"))


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(
    n=st.integers(2, 30),
    rounds=st.integers(0, 6),
    seed=st.integers(0, 10**6),
    codes=st.lists(st.sampled_from(TIEBREAKS), min_size=1, max_size=6, unique=True),
    placing=st.booleans(),
)
def test_rows_are_sorted_by_the_declared_tiebreaks(n, rounds, seed, codes, placing):
    rng = random.Random(seed)
    players = [PlayerEntry(i, rating=rng.randint(1400, 1410)) for i in range(n)]
    results = []
    for _ in range(rounds):
        ids = [p.id for p in players]
        rng.shuffle(ids)
        tables = []
        while len(ids) >= 2:
            size = min(len(ids), rng.choice([2, 3, 4]))
            seats, ids = ids[:size], ids[size:]
            tables.append(TableResult(tuple(seats), tuple(rng.randint(0, 3) for _ in seats)))
        results.append(RoundResult(tuple(tables), tuple(ids)))
    scheme = by_placing() if placing else win_tie_loss()
    standings = compute_standings(players, results, scheme, tiebreaks=codes, lots_seed=seed)
    keys = [tuple(v for _, v in row.values) for row in standings.rows]
    assert [c for c, _ in standings.rows[0].values] == [*codes, "lots"]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)  # lots always separate
    assert [r.rank for r in standings.rows] == list(range(1, n + 1))
    assert sorted(r.player for r in standings.rows) == list(range(n))
