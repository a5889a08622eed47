"""Planning ahead (``planned_rounds``) at every field size where rounds are planned."""

import random
from itertools import combinations

import pytest

from tests.pairing.oracles import play
from tournaments.pairing import PlayerEntry, SwissOptions, pair_swiss, swiss_tables
from tournaments.pairing.roundrobin import spread_rounds


def repeated_pairs(rounds) -> int:
    pairs = [frozenset(p) for rnd in rounds for t in rnd for p in combinations(t, 2)]
    return len(pairs) - len(set(pairs))


def test_the_first_guess_for_twelve_in_threes_over_five_rounds_repeats_at_most_three():
    """No five rounds of 12 in threes avoid every repeat (that would be a nearly Kirkman
    system for 12, which does not exist): 3 repeated pairs is the best known."""
    zero = [[0] * 12 for _ in range(12)]
    schedule = spread_rounds(zero, [3, 3, 3, 3], 5)
    assert all(sorted(p for t in rnd for p in t) == list(range(12)) for rnd in schedule)
    assert 1 <= repeated_pairs(schedule) <= 3


@pytest.mark.parametrize("played", [1, 2, 3])
def test_the_guess_after_some_rounds_keeps_their_meetings(played):
    rng = random.Random(played)
    past = []
    for _ in range(played):
        ids = list(range(12))
        rng.shuffle(ids)
        past.append([ids[k:k + 3] for k in range(0, 12, 3)])
    counts = [[0] * 12 for _ in range(12)]
    for rnd in past:
        for t in rnd:
            for a, b in combinations(t, 2):
                counts[a][b] += 1
                counts[b][a] += 1
    later = spread_rounds(counts, [3, 3, 3, 3], 5 - played)
    assert len(later) == 5 - played
    # The search keeps a third meeting out while a pair has not met.
    total = [[0] * 12 for _ in range(12)]
    for rnd in past + later:
        for t in rnd:
            for a, b in combinations(t, 2):
                total[a][b] += 1
    flat = [total[a][b] for a, b in combinations(range(12), 2)]
    assert max(flat) <= 2 or min(flat) >= 1


@pytest.mark.parametrize(("n", "small"), [(12, True), (9, True), (16, False)])
def test_rounds_are_planned_at_every_field_size(monkeypatch, n, small):
    """Fields up to ``exact_limit`` (12) are planned too (they used to be left to the exact
    search alone), minimising the repeats of the rest of the event from a first guess;
    larger ones keep a repeat-free completion."""
    calls = []

    def spy(problem, draft, future, deadline, repeat_free, schedule=None):
        calls.append((len(problem.order), future, repeat_free, schedule is not None))
        return  # then the round is solved on its own

    monkeypatch.setattr(swiss_tables, "solve_planned", spy)
    rng = random.Random(n)
    points = dict.fromkeys(range(1, n + 1), 0)
    history = []
    for _ in range(2):
        players = [PlayerEntry(i, points[i], 1000 + i) for i in points]
        draft = pair_swiss(players, history, 3 if n % 3 == 0 else 4,
                           SwissOptions(planned_rounds=4, time_limit=0.5))
        history.append([t.seats for t in draft.tables])
        for pid, gained in play(draft, rng).items():
            points[pid] += gained
    assert calls == [(n, 3, not small, small), (n, 2, not small, small)]
