"""The pairing core's newer flags reach the organiser as translated warnings."""

from django.utils import translation

from tournaments import flags
from tournaments.draw import flags_json
from tournaments.pairing import single_elimination


def test_unavoidable_two_player_knockout_game_is_a_warning_in_both_languages():
    bracket = single_elimination([7, 8, 9, 10], table_size=3, advance=1)
    said = [flags.describe(f, {}) for f in flags_json(bracket.flags)
            if f["code"] == "two-player-table"]
    assert len(said) == 1 and said[0].warning
    assert said[0].text == ("Knockout round 1 has a two-player game at M1: with this number "
                            "of players it cannot be avoided at tables of 3.")
    with translation.override("ru"):
        ru = flags.describe(flags_json(bracket.flags)[-1], {})
    assert ru.text.startswith("В туре 1 плей-офф за столом M1 играют двое")
