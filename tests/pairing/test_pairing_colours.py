"""Tables of 2 follow FIDE's Dutch colour rules: checked on our own output with a plain
re-statement of the rules (tests/pairing/oracles.py), against exhaustive search."""

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pairing.oracles import (
    colour_preference,
    colour_report,
    colours_so_far,
    perfect_matchings,
)
from tournaments.pairing import Meetings, PlayerEntry, SwissOptions, pair_swiss, swiss_pairs

PROPERTY = settings(max_examples=60, deadline=None, derandomize=True, database=None)


def events(n, rounds, seed, forbid=0):
    """Yield (players, history, options, draft) round by round; games won, lost or drawn."""
    rng = random.Random(seed)
    ids = list(range(1, n + 1))
    forbidden = frozenset(frozenset(rng.sample(ids, 2)) for _ in range(forbid)) if n > 1 else ()
    options = SwissOptions(forbidden_pairs=frozenset(forbidden))
    points = dict.fromkeys(ids, Fraction(0))
    byes = dict.fromkeys(ids, 0)
    history = []
    for _ in range(rounds):
        players = [PlayerEntry(i, points[i], 2000 - i, byes=byes[i]) for i in ids]
        draft = pair_swiss(players, history, 2, options)
        yield players, list(history), options, draft
        history.append([t.seats for t in draft.tables])
        for white, black in history[-1]:
            got = rng.choice([Fraction(1), Fraction(1, 2), Fraction(0)])
            points[white] += got
            points[black] += 1 - got
        for pid in draft.byes:
            byes[pid] += 1
            points[pid] += 1


def best_tiers(players, history, forbidden):
    """Least (hard, repeat, absolute clash, score, unmet, unmet strong) over every pairing.

    A pair of equal preferences leaves one unmet (a strong one when the weaker of the
    two is strong or absolute; an absolute break when both are absolute); otherwise
    both can have theirs. Hard counts forbidden pairs and second byes.
    """
    meetings = Meetings(history)
    colours = colours_so_far(history)
    points = {p.id: Fraction(p.points) for p in players}
    low = min(points.values())
    byes = {p.id: p.byes for p in players}
    rank = {"absolute": 3, "strong": 2, "mild": 1}
    ids = [p.id for p in players] + ([None] if len(players) % 2 else [])
    best = None
    for matching in perfect_matchings(ids):
        tiers = [0, 0, 0, 0, 0, 0]
        for a, b in matching:
            if None in (a, b):
                bye = a if b is None else b
                tiers[0] += byes[bye]
                tiers[3] += (points[bye] - low) ** 2
                continue
            tiers[0] += frozenset((a, b)) in forbidden
            tiers[1] += meetings.repeat_cost(a, b)
            tiers[3] += (points[a] - points[b]) ** 2
            (want_a, str_a), (want_b, str_b) = (colour_preference(colours.get(p, []))
                                                for p in (a, b))
            if want_a is not None and want_a == want_b:
                weaker = min(rank[str_a], rank[str_b])
                tiers[2] += weaker == 3
                tiers[4] += 1
                tiers[5] += weaker >= 2
        if best is None or tiers < best:
            best = tiers
    return best


def our_tiers(draft, players, history, forbidden):
    meetings = Meetings(history)
    points = {p.id: Fraction(p.points) for p in players}
    low = min(points.values())
    byes = {p.id: p.byes for p in players}
    pairs = [t.seats for t in draft.tables]
    report = colour_report(pairs, history)
    return [
        sum(frozenset(p) in forbidden for p in pairs) + sum(byes[b] for b in draft.byes),
        sum(meetings.repeat_cost(a, b) for a, b in pairs),
        report["absolute"],
        sum((points[a] - points[b]) ** 2 for a, b in pairs)
        + sum((points[b] - low) ** 2 for b in draft.byes),
        report["unmet"],
        report["unmet_strong"],
    ]


@PROPERTY
@given(n=st.integers(2, 10), rounds=st.integers(1, 8), seed=st.integers(0, 10**6),
       forbid=st.integers(0, 1))
def test_pairing_and_colours_are_optimal_against_exhaustive_search(n, rounds, seed, forbid):
    """Repeats, absolute colour rules, score mixing, then colour preferences, in that order:
    no pairing of the field, with the colours given well, does better."""
    for players, history, options, draft in events(n, rounds, seed, forbid):
        forbidden = options.forbidden_pairs
        assert our_tiers(draft, players, history, forbidden) == best_tiers(
            players, history, forbidden
        )


@PROPERTY
@given(n=st.integers(4, 70), rounds=st.integers(2, 11), seed=st.integers(0, 10**6))
def test_colours_are_given_by_the_dutch_allocation_rules(n, rounds, seed):
    """E.1 both preferences when they differ; E.2 the stronger one when they do not; an
    absolute rule broken only where both players' absolute preferences are the same."""
    rank = {None: 0, "mild": 1, "strong": 2, "absolute": 3}
    breaks = 0
    for _, history, _, draft in events(n, rounds, seed):
        colours = colours_so_far(history)
        for white, black in (t.seats for t in draft.tables):
            (want_w, str_w), (want_b, str_b) = (colour_preference(colours.get(p, []))
                                                for p in (white, black))
            if want_w != want_b or want_w is None:
                assert want_w in ("W", None) and want_b in ("B", None), (white, black)
                continue
            # Both want the same colour: the stronger preference wins it.
            if rank[str_w] != rank[str_b]:
                winner_wants = want_w if rank[str_w] > rank[str_b] else want_b
                assert (winner_wants == "W") == (rank[str_w] > rank[str_b])
            if str_w == str_b == "absolute":
                breaks += 1
        assert colour_report([t.seats for t in draft.tables], history)["absolute"] <= breaks


def test_three_equal_colours_in_a_row_are_avoided():
    """Players 1-4 have had White twice, 5-8 Black twice: every table is White v Black."""
    history = [[(1, 5), (2, 6), (3, 7), (4, 8)], [(1, 6), (2, 5), (3, 8), (4, 7)]]
    players = [PlayerEntry(i, 1 if i <= 4 else 0, 2000 - i) for i in range(1, 9)]
    draft = pair_swiss(players, history, 2)
    # Without colours the score groups would pair 1-2, 3-4, 5-6, 7-8.
    assert sorted(t.seats for t in draft.tables) == [(5, 1), (6, 2), (7, 3), (8, 4)] or all(
        t.seats[0] > 4 and t.seats[1] <= 4 for t in draft.tables
    )
    report = colour_report([t.seats for t in draft.tables], history)
    assert report == dict.fromkeys(report, 0)


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(n=st.integers(12, 40), rounds=st.integers(2, 9), seed=st.integers(0, 10**6))
def test_the_banded_matching_keeps_every_conflict_tier_of_the_whole_graph(n, rounds, seed):
    """Above ``FULL`` players the first matching keeps edges up to ``BAND`` ranks apart and
    falls back to every edge when it leaves a conflict: those tiers stay exactly minimal.
    Shrunk here so small fields take that path."""
    states = list(events(n, rounds, seed))
    saved = swiss_pairs.FULL, swiss_pairs.BAND
    try:
        swiss_pairs.FULL, swiss_pairs.BAND = 4, 3
        banded = [pair_swiss(p, h, 2, o) for p, h, o, _ in states]
    finally:
        swiss_pairs.FULL, swiss_pairs.BAND = saved
    for (players, history, options, whole), band in zip(states, banded, strict=True):
        ours = our_tiers(band, players, history, options.forbidden_pairs)
        full = our_tiers(whole, players, history, options.forbidden_pairs)
        assert ours[:3] == full[:3]
