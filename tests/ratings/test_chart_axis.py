"""The rating chart's dated axis on the server (the first paint; rating-chart.js draws the same
rules at the screen's width): the first game of each day, month or year, never a label twice."""

from datetime import UTC, datetime, timedelta

from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.charts import date_ticks, period_unit

START = datetime(2024, 12, 30, 18, 0, tzinfo=UTC)


def even(n, width=640):
    return [34 + (width - 68) * (i + 1) / n for i in range(n)]


def test_the_unit_follows_the_span():
    assert period_unit(START, START + timedelta(days=62)) == "day"
    assert period_unit(START, START + timedelta(days=63)) == "month"
    assert period_unit(START, START + timedelta(days=3 * 366)) == "month"
    assert period_unit(START, START + timedelta(days=3 * 366, seconds=1)) == "year"


def test_an_evening_is_one_label_in_each_language():
    moments = [START + timedelta(minutes=20 * i) for i in range(9)]
    for language, label in (("en", "30 Dec"), ("ru", "30 дек."), ("de", "30. Dez.")):
        with translation.override(language):
            assert date_ticks(moments, even(9)) == [(0, label)]


def test_months_over_a_new_year():
    moments = [START + timedelta(days=20 * i) for i in range(12)]
    with translation.override("en"):
        labels = [label for _, label in date_ticks(moments, even(12))]
    # Months, with their year: December and the next January cannot be confused.
    assert labels[0] == "Dec 2024" and len(labels) >= 3
    assert all(label.endswith((" 2024", " 2025")) for label in labels)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=4000 * 24), min_size=1, max_size=120),
       st.sampled_from(["en", "ru", "de"]))
def test_labels_never_repeat_and_keep_apart(hours, language):
    moments = [START + timedelta(hours=h) for h in sorted(hours)]
    xs = even(len(moments))
    with translation.override(language):
        ticks = date_ticks(moments, xs)
    labels = [label for _, label in ticks]
    assert len(labels) == len(set(labels)) >= 1
    assert ticks[0][0] == 0
    for (a, first), (b, second) in zip(ticks, ticks[1:], strict=False):
        assert xs[b] - xs[a] >= (len(first) * 7 + 12 + len(second) * 7 + 12) / 2
