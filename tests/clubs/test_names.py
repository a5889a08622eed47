"""The duplicate-person guard's pure name comparison (clubs/names.py)."""

from hypothesis import given
from hypothesis import strategies as st

from clubs.names import name_key, names_alike, same_name

names = st.text(alphabet=st.characters(categories=["L", "Zs", "Nd", "Mn"]), max_size=30)


@given(names)
def test_a_key_is_stable_and_case_free(name):
    assert name_key(name_key(name)) == name_key(name)
    assert name_key(name.upper()) == name_key(name.lower()) or not name.isascii()


@given(names, names)
def test_alike_is_symmetric(a, b):
    assert names_alike(a, b) == names_alike(b, a)


@given(names)
def test_a_name_is_alike_itself_and_its_shouting(name):
    if name_key(name):
        assert names_alike(name, name) and same_name(name, f"  {name}  ")


def test_examples():
    assert same_name("Алёна Ким", "алена  ким") and same_name("Zoë Martin", "martin zoe")
    assert names_alike("Anna Volkova", "Ana Volkova") and names_alike("Anna Volkova", "Anna Volkov")
    assert not names_alike("Anna Volkova", "Anna Sokolova")
    assert not names_alike("Anna Volkova", "Olga Volkova")
    assert not names_alike("Guest 1", "Guest 2") and not names_alike("P01", "P11")
    assert not names_alike("", "") and not same_name(" ", " ")
