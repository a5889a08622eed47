"""Every code the ratings core refuses with is listed and is what the core raises.

No page shows them: the ratings task gets its input from stored games, so a refusal is a defect,
logged in English with its code."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from ratings import core as ratings
from ratings.errors import CODES, RatingsError

CORE = Path(ratings.__file__)


def test_the_core_lists_every_code_it_raises():
    raised = set(re.findall(r'RatingsError\(\s*"([a-z0-9-]+)"', CORE.read_text()))
    assert raised == CODES


def _refused(call) -> RatingsError:
    with pytest.raises(RatingsError) as caught:
        call()
    return caught.value


def real_errors() -> list[RatingsError]:
    """One refusal of each code, raised by the core itself."""
    d = ratings.DEFAULT
    return [
        _refused(lambda: ratings.placings([1, math.nan])),
        _refused(lambda: ratings.rate_game([d, d], [1])),
        _refused(lambda: ratings.rate_game([d] * 7, [1] * 7)),
        _refused(lambda: ratings.rate_places([d, d], [1, 0])),
        _refused(lambda: ratings.GameResult(5, (1, 1), (3, 2))),
        _refused(lambda: ratings.recompute([ratings.GameResult(5, (1, 2), (3, 2))] * 2)),
        _refused(lambda: ratings.GameChanges((1, 2), (0.0,))),
    ]


def test_each_code_is_raised_by_the_core_with_its_params():
    errors = real_errors()
    assert {e.code for e in errors} == CODES
    assert all(isinstance(e, ValueError) for e in errors)
    count = next(e for e in errors if e.code == "player-count")
    assert count.params == {"count": 7, "min": 2, "max": 6}
