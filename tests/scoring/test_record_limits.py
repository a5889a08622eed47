"""The site's limits on an uploaded record: each refusal names the place and the limit, in the
plural the limit needs, in English and in Russian; a record inside every limit passes."""

import pytest
from django.test import override_settings
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from scoring.limits import NAME_MAX, RecordRefused, record_limits_check


def _record(**changes):
    record = {"format": "triominos-record/1", "rules": {"preset": "pressman"},
              "players": ["Anna", "Boris"], "rounds": [{"dealt": 9, "moves": []}]}
    return record | changes


def _refusal(record, language):
    with translation.override(language), pytest.raises(RecordRefused) as refused:
        record_limits_check(record)
    return str(refused.value)


@override_settings(RECORD_MAX_ROUNDS=2, RECORD_MAX_TURNS=1)
@pytest.mark.parametrize(("record", "english", "russian"), [
    (_record(players=["P"] * 7), "players: a game has at most 6 players.",
     "players: в партии не больше 6 игроков."),
    (_record(rounds=[{}, {}, {}]), "rounds: a record may hold at most 2 rounds, not 3.",
     "rounds: в записи может быть не больше 2 раундов, а не 3."),
    (_record(rounds=[{"moves": [{}, {}]}]), "rounds: a record may hold at most 1 turn, not 2.",
     "rounds: в записи может быть не больше 1 хода, а не 2."),
    (_record(rounds=[{}, {"dealt": 81}]), "rounds[1].dealt: at most 80 tiles.",
     "rounds[1].dealt: не больше 80 костяшек."),
    (_record(rounds=[{"moves": [{"draw": -81}]}]), "rounds[0].moves[0].draw: at most 80 tiles.",
     "rounds[0].moves[0].draw: не больше 80 костяшек."),
    (_record(players=["Anna", "B" * (NAME_MAX + 1)]),
     f"players[1]: at most {NAME_MAX} characters, not {NAME_MAX + 1}.",
     f"players[1]: не больше {NAME_MAX} символов, а не {NAME_MAX + 1}."),
])
def test_each_limit_says_where_and_how_much_in_both_languages(record, english, russian):
    assert _refusal(record, "en") == english
    assert _refusal(record, "ru") == russian


@given(name=st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"),
                    max_size=NAME_MAX + 5))
def test_a_name_is_refused_exactly_when_it_is_longer_than_its_column(name):
    record = _record(players=["Anna", name])
    if len(name) > NAME_MAX:
        assert _refusal(record, "en").startswith(f"players[1]: at most {NAME_MAX} characters")
    else:
        record_limits_check(record)
