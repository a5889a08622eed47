"""``{% memo a b %}…{% endmemo %}``: a part of a page rendered once per process for each
language and each value of what it names, then repeated from memory.

For the parts of a page drawn on every tap that hardly change: the tablet's words, its fixed
controls and the form it keeps for entering hands offline (issue 25: a turn's answer renders
the whole tablet, and its ~80 translated words cost more than the rest of it). The part must
depend on nothing but the active language and the values named, which must be hashable
(names, flags, numbers, tuples). ``{% csrf_token %}`` in it is refused when the template is
read: a token belongs to one visitor. What an ``{% include %}`` inside brings is the author's
to check. Nothing the part sets in the context (``{% translate … as x %}``) is seen after it,
remembered or not.

Each part keeps at most ``LIMIT`` renderings and starts again when it has that many.
``memo_clear`` forgets every one (tests compare a remembered rendering with a fresh one).
"""

from __future__ import annotations

import weakref

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.translation import get_language

register = template.Library()

LIMIT = 1000
_nodes: weakref.WeakSet = weakref.WeakSet()


class MemoNode(template.Node):
    def __init__(self, nodelist, keys):
        self.nodelist = nodelist
        self.keys = keys
        self.memory: dict[tuple, str] = {}
        _nodes.add(self)

    def render(self, context):
        key = (get_language(), *(k.resolve(context) for k in self.keys))
        try:
            return self.memory[key]
        except KeyError:
            pass
        except TypeError as error:
            raise TypeError(f"{{% memo %}} keys must be hashable: {key!r}") from error
        with context.push():  # what the part sets stays in it, remembered or not
            html = self.nodelist.render(context)
        if len(self.memory) >= LIMIT:
            self.memory.clear()
        self.memory[key] = html
        return html


@register.tag
def memo(parser, token):
    keys = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    if nodelist.get_nodes_by_type(CsrfTokenNode):
        raise template.TemplateSyntaxError("{% memo %} would keep one visitor's CSRF token")
    return MemoNode(nodelist, keys)


def memo_clear() -> None:
    """Forget every remembered part."""
    for node in list(_nodes):
        node.memory.clear()
