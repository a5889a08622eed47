"""The one JSON reader: the depth is measured before Python's parser sees the text, so no input
reaches the parser's recursion limit; strings holding brackets are text, not nesting."""

import json

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from clubs.json_input import JsonRefused, json_read

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from('[]{}"\\ab\u00b2\U0001f3b2')),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                  max_size=3),
    max_leaves=20)


def depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


@given(value=values, ascii_only=st.booleans())
def test_a_value_is_read_back_exactly_at_its_depth_and_refused_one_level_below(value,
                                                                                ascii_only):
    raw = json.dumps(value, ensure_ascii=ascii_only).encode()
    assert json_read(raw, max_bytes=None, max_depth=depth(value)) == value
    if depth(value) > 0:
        with pytest.raises(JsonRefused) as refused:
            json_read(raw, max_bytes=None, max_depth=depth(value) - 1)
        assert refused.value.reason == "depth"


@pytest.mark.parametrize("raw,reason", [
    (b"[" * 100_000 + b"]" * 100_000, "depth"),  # far beyond Python's recursion limit
    (b'{"a": ' * 5000 + b"1" + b"}" * 5000, "depth"),
    (b"[" * 100_000, "depth"),  # unclosed
    (b"[NaN]", "syntax"),
    (b"[Infinity]", "syntax"),
    (b"9" * 5000, "syntax"),  # more digits than Python converts
    (b"\xff\xfe", "syntax"),
    (b'"\\ud800"x', "syntax"),
    (b"", "syntax"),
    (b"x" * 101, "size"),
])
def test_what_is_refused_and_why(raw, reason):
    with pytest.raises(JsonRefused) as refused:
        json_read(raw, max_bytes=100 if reason == "size" else None, max_depth=8)
    assert refused.value.reason == reason


def test_brackets_inside_strings_are_text():
    raw = json.dumps(["[[[[{{{{", {"k]]]": "\\\"[[["}]).encode()
    assert json_read(raw, max_bytes=None, max_depth=2) == ["[[[[{{{{", {"k]]]": "\\\"[[["}]


def test_text_is_read_as_its_utf8_bytes():
    assert json_read('["Борис"]', max_bytes=14, max_depth=1) == ["Борис"]
    with pytest.raises(JsonRefused):
        json_read('["Борис"]', max_bytes=13, max_depth=1)  # 9 characters, 14 bytes


@pytest.mark.parametrize(("language", "size", "deep", "syntax"), [
    ("en", "The data is larger than 100\u00a0bytes.", "The data is nested deeper than 2 levels.",
     "The data is not valid JSON."),
    ("ru", "Данные больше 100\u00a0байт.", "Вложенность данных глубже 2 уровней.",
     "Данные не в формате JSON."),
])
def test_each_refusal_is_a_sentence_in_the_readers_language(language, size, deep, syntax):
    said = {}
    with translation.override(language):
        for name, raw in (("size", b" " * 101), ("depth", b"[[[1]]]"), ("syntax", b"{")):
            with pytest.raises(JsonRefused) as refused:
                json_read(raw, max_bytes=100, max_depth=2)
            said[name] = str(refused.value)
    assert said == {"size": size, "depth": deep, "syntax": syntax}
