"""{% memo %}: a part rendered once per language and per value of what it names."""

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils.translation import override

from clubs.templatetags.memo import memo_clear


def test_a_part_is_rendered_once_per_language_and_value():
    seen = []

    class Counted:
        def __str__(self):
            seen.append(1)
            return "drawn"

    page = Template("{% load i18n memo %}{% memo who %}{{ counted }} {% translate 'Cancel' %}"
                    " {{ who }}{% endmemo %}")
    memo_clear()
    with override("en"):
        assert page.render(Context({"counted": Counted(), "who": "Anna"})) == "drawn Cancel Anna"
        assert page.render(Context({"counted": Counted(), "who": "Anna"})) == "drawn Cancel Anna"
        assert page.render(Context({"counted": Counted(), "who": "Boris"})) == "drawn Cancel Boris"
    with override("ru"):
        assert page.render(Context({"counted": Counted(), "who": "Anna"})) == "drawn Отмена Anna"
    assert len(seen) == 3
    memo_clear()
    with override("en"):
        page.render(Context({"counted": Counted(), "who": "Anna"}))
    assert len(seen) == 4


def test_a_visitors_csrf_token_is_never_remembered():
    with pytest.raises(TemplateSyntaxError, match="CSRF"):
        Template("{% load memo %}{% memo %}<form>{% csrf_token %}</form>{% endmemo %}")


def test_a_key_that_cannot_be_remembered_is_an_error():
    page = Template("{% load memo %}{% memo names %}x{% endmemo %}")
    with pytest.raises(TypeError, match="hashable"):
        page.render(Context({"names": ["Anna"]}))


def test_what_a_part_sets_stays_in_it_remembered_or_not():
    page = Template("{% load i18n memo %}{% memo %}{% translate 'Cancel' as word %}{{ word }}"
                    "{% endmemo %}[{{ word }}]")
    memo_clear()
    with override("en"):
        assert page.render(Context()) == "Cancel[]"
        assert page.render(Context()) == "Cancel[]"
