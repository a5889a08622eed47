"""Score sheets and final scores: the pure checks of scoring.engine.sheet."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import EngineError, final_check, final_places, sheet_check

FAST = settings(max_examples=200, deadline=None, database=None)


def code_of(call, *args, **kwargs):
    with pytest.raises(EngineError) as caught:
        call(*args, **kwargs)
    return caught.value


@st.composite
def target_sheets(draw):
    """A sheet played to a target: rounds of points until someone reaches it."""
    players = draw(st.integers(2, 6))
    target = draw(st.integers(50, 400))
    totals, rounds = [0] * players, []
    while max(totals) < target:
        row = draw(st.lists(st.integers(-60, 120), min_size=players, max_size=players))
        rounds.append(row)
        totals = [t + p for t, p in zip(totals, row, strict=True)]
        if len(rounds) > 40:  # a sheet of nothing but losses: force the end
            row[0] = target
            totals[0] += target
    return {"preset": "pressman", "target": target}, players, rounds, totals


@FAST
@given(target_sheets())
def test_a_sheet_to_the_target_adds_up_and_ends_where_the_target_was_reached(sheet):
    rules, players, rounds, totals = sheet
    result = sheet_check({**rules, "game_winner": "highest"}, players, rounds)
    assert result.final == totals
    running = [0] * players
    for row, after in zip(rounds, result.totals, strict=True):
        running = [t + p for t, p in zip(running, row, strict=True)]
        assert after == running
    best = max(totals)
    assert result.winners == [s for s, t in enumerate(totals) if t == best]
    assert all(result.places[s] == 1 for s in result.winners)
    # Higher totals never finish behind lower ones when the highest score wins.
    for a in range(players):
        for b in range(players):
            if totals[a] > totals[b]:
                assert result.places[a] < result.places[b]


@FAST
@given(target_sheets(), st.data())
def test_a_sheet_cut_short_or_running_past_the_end_is_refused(sheet, data):
    rules, players, rounds, _totals = sheet
    if len(rounds) > 1:
        cut = data.draw(st.integers(1, len(rounds) - 1))
        error = code_of(sheet_check, rules, players, rounds[:cut])
        assert error.code == "sheet-not-over"
    extra = data.draw(st.lists(st.integers(-50, 50), min_size=players, max_size=players))
    error = code_of(sheet_check, rules, players, [*rounds, extra])
    assert (error.code, error.params["round"]) == ("sheet-after-end", len(rounds))


@FAST
@given(st.integers(2, 6), st.integers(1, 6), st.data())
def test_a_fixed_number_of_rounds_ends_after_exactly_that_many(players, limit, data):
    rules = {"preset": "club", "target": None, "rounds_limit": limit}
    row = st.lists(st.integers(-100, 300), min_size=players, max_size=players)
    rounds = data.draw(st.lists(row, min_size=limit, max_size=limit))
    assert len(sheet_check(rules, players, rounds).totals) == limit
    if limit > 1:
        assert code_of(sheet_check, rules, players, rounds[:-1]).code == "sheet-not-over"
    before = data.draw(st.integers(0, limit - 1))
    assert len(sheet_check(rules, players, rounds[before:], rounds_before=before,
                           start=[5] * players).totals) == limit - before


@FAST
@given(st.one_of(st.text(max_size=3), st.floats(allow_nan=True), st.booleans(), st.none(),
                 st.integers(min_value=2066), st.integers(max_value=-1536)))
def test_anything_but_a_whole_number_a_round_can_give_is_refused(junk):
    error = code_of(sheet_check, "club", 2, [[10, junk]])
    assert error.code in ("sheet-number", "sheet-round-high", "sheet-round-low")
    assert (error.params["round"], error.params["seat"]) == (0, 1)
    if not isinstance(junk, int) or isinstance(junk, bool) or junk > 199 + 2065:
        # (a final score may be higher than a round: the target - 1 before the last round)
        assert code_of(final_check, "club", [junk, 250]).code in (
            "sheet-number", "final-high", "final-rounds-needed")


def test_rows_of_the_wrong_size_and_player_counts_are_refused():
    assert code_of(sheet_check, "club", 3, [[10, 20]]).code == "sheet-row"
    assert code_of(sheet_check, "club", 3, []).code == "sheet-empty"
    assert code_of(sheet_check, "club", 1, [[250]]).code == "player-count"
    assert code_of(sheet_check, "club", 7, [[250] * 7]).code == "player-count"
    assert code_of(final_check, "club", [250]).code == "player-count"


def test_written_running_totals_must_add_up():
    rounds = [[120, 40], [90, 10]]
    assert sheet_check("club", 2, rounds, written=[[120, 40], [210, 50]]).final == [210, 50]
    error = code_of(sheet_check, "club", 2, rounds, written=[[120, None], [200, 50]])
    assert (error.code, error.params) == (
        "sheet-total", {"round": 1, "seat": 0, "written": 200, "sum": 210})


def test_round_winner_first_needs_the_last_rounds_winner_only_when_it_decides():
    rounds = [[150, 120], [60, 90]]  # both reach 200 in round 2: 210 and 210
    error = code_of(sheet_check, "club", 2, rounds)
    assert error.code == "sheet-round-winner"
    assert sheet_check("club", 2, rounds, round_winner=1).winners == [1]
    # The round's winner did not reach the target: the highest wins (here a shared win).
    assert sheet_check("club", 3, [[150, 120, 0], [60, 90, 10]], round_winner=2).winners \
        == [0, 1]
    # Goliath: the highest score, whoever won the round.
    result = sheet_check("goliath", 2, [[300, 200], [110, 220]])
    assert (result.winners, result.places) == ([1], [2, 1])


def test_reaching_the_target_during_the_last_round_ends_the_game():
    rounds = [[150, 80], [45, 20]]  # 195: below the target after the round
    assert code_of(sheet_check, "club", 2, rounds).code == "sheet-not-over"
    result = sheet_check("club", 2, rounds, reached=[0])
    assert (result.final, result.winners, result.places) == ([195, 100], [0], [1, 2])
    assert code_of(sheet_check, "club", 2, rounds, reached=[5]).code == "unknown-player"


def test_final_scores():
    result = final_check("club", [212, 150, 150, 90])
    assert (result.winners, result.places) == ([0], [1, 2, 2, 4])
    assert code_of(final_check, "club", [150, 120]).code == "final-not-over"
    assert final_check("club", [195, 120], reached=[0]).winners == [0]
    assert code_of(final_check, "club", [205, 230]).code == "sheet-round-winner"
    assert final_check("club", [205, 230], round_winner=0).winners == [0]
    fixed = {"preset": "club", "target": None, "rounds_limit": 2}
    assert final_check(fixed, [40, 70, 70]).winners == [1, 2]


@FAST
@given(st.lists(st.integers(-500, 500), min_size=2, max_size=6), st.data())
def test_places_put_winners_first_and_share_equal_scores(totals, data):
    # As game_winners gives them: one seat (the round's winner), or every seat at the top.
    best = [s for s, t in enumerate(totals) if t == max(totals)]
    winners = data.draw(st.one_of(st.just(best), st.integers(0, len(totals) - 1).map(
        lambda seat: [seat])))
    places = final_places(totals, winners)
    for seat in winners:
        assert places[seat] == 1
    for a in range(len(totals)):
        for b in range(len(totals)):
            if a not in winners and b not in winners and totals[a] == totals[b]:
                assert places[a] == places[b]
    assert min(places) == 1
