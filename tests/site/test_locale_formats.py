"""Dates, numbers and signs as each language writes them: «3 дек. 2026» and "3. Dez. 2026"
(config/formats, the month words from our catalogues), one minus sign everywhere a number is
shown with a sign, and the pages that show them."""

from datetime import date

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from hypothesis import given
from hypothesis import strategies as st

from clubs.numbers import MINUS, number, signed
from scoring.models import Game, Seat
from tournaments.tables import ValueColumn


@pytest.mark.parametrize(("lang", "may", "sep", "dec"), [
    ("en", "3 May 2026", "3 Sep 2026", "3 Dec 2026"),
    ("ru", "3 мая 2026", "3 сент. 2026", "3 дек. 2026"),
    ("de", "3. Mai 2026", "3. Sept. 2026", "3. Dez. 2026"),
])
def test_a_date_is_written_as_the_readers_language_writes_it(lang, may, sep, dec):
    with translation.override(lang):
        assert [date_format(date(2026, m, 3)) for m in (5, 9, 12)] == [may, sep, dec]


def test_russian_months_are_lower_case_and_abbreviated_with_a_period():
    with translation.override("ru"):
        months = [date_format(date(2026, m, 1), "N") for m in range(1, 13)]
    assert months == ["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.",
                      "окт.", "нояб.", "дек."]


@pytest.mark.parametrize(("lang", "half"), [("en", "+12.5"), ("ru", "+12,5"), ("de", "+12,5")])
def test_numbers_carry_one_minus_sign_and_the_readers_decimal_separator(lang, half):
    with translation.override(lang):
        assert (number(-21), number(14), signed(-5), signed(14), signed(0)) == (
            "−21", "14", "−5", "+14", "0")
        assert signed(12.5, 1) == half and signed(-0.25, 1).startswith(MINUS)
        assert number(None) == "" and signed("x") == ""


@given(st.integers(min_value=-10**6, max_value=10**6))
def test_a_signed_number_reads_back_as_itself(value):
    shown = signed(value)
    assert "-" not in shown
    assert int(shown.replace(MINUS, "-").replace("+", "")) == value
    assert shown[0] == ("+" if value > 0 else MINUS if value < 0 else "0")


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "day"), [("en", "20 Nov 2026"), ("ru", "20 нояб. 2026"),
                                           ("de", "20. Nov. 2026")])
def test_the_game_list_shows_negative_scores_and_dates_in_the_readers_way(
        client, game, lang, day):
    Seat.objects.filter(game=game, position=0).update(score=-21)
    Game.objects.filter(pk=game.pk).update(
        title_parts={"kind": "club-evening", "date": "2026-11-20", "table": 2})
    body = client.get(reverse("scoring:game-list"), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert "−21" in body and " -21" not in body
    assert day in body and "11/20/2026" not in body


@pytest.mark.parametrize(("lang", "shown"), [("en", ["15.67", "11.5", "11", "−3"]),
                                             ("ru", ["15,67", "11,5", "11", "−3"]),
                                             ("de", ["15,67", "11,5", "11", "−3"])])
def test_tie_break_values_in_the_standings_use_the_readers_numbers(lang, shown):
    column = ValueColumn(verbose_name="Buchholz")
    with translation.override(lang):
        assert [column.render(v) for v in (15.6667, 11.5, 11.0, -3)] == shown
