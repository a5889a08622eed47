"""CSV cells a spreadsheet would run are written as text; everything else is written as is."""

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from ratings.csv_export import FORMULA_STARTS, csv_lines, neutralise

cells = st.one_of(
    st.text(max_size=30),
    st.builds(lambda start, rest: start + rest, st.sampled_from(FORMULA_STARTS),
              st.text(max_size=20)),
    st.integers(min_value=-10**6, max_value=10**6),
)


def _read(lines) -> list[list[str]]:
    return list(csv.reader(io.StringIO("".join(lines), newline="")))


@given(st.lists(st.lists(cells, min_size=1, max_size=6), min_size=1, max_size=8))
def test_no_written_text_cell_starts_a_formula_and_nothing_is_lost(rows):
    header = ["Name"] * len(rows[0])
    read = _read(csv_lines(header, rows))
    assert len(read) == len(rows) + 1
    for written, original in zip(read[1:], rows, strict=True):
        assert len(written) == len(original)
        for cell, value in zip(written, original, strict=True):
            if isinstance(value, int):
                assert cell == str(value)  # numbers stay numbers, negative ones included
            elif value.startswith(FORMULA_STARTS):
                assert cell == "'" + value
            else:
                assert cell == value


@given(st.text(max_size=40))
def test_neutralised_text_never_starts_a_formula(text):
    out = neutralise(text)
    assert not out.startswith(FORMULA_STARTS)
    assert out in (text, "'" + text)


def test_examples():
    assert neutralise('=HYPERLINK("http://x","y")') == '\'=HYPERLINK("http://x","y")'
    assert neutralise("+7 495") == "'+7 495"
    assert neutralise("-1") == "'-1"
    assert neutralise("@me") == "'@me"
    assert neutralise("\tx") == "'\tx"
    assert neutralise("\rx") == "'\rx"
    assert neutralise("Anna") == "Anna"
    assert neutralise(-5) == -5
