"""``{{ score|number }}`` (−21) and ``{{ change|signed }}`` (+14, −5); ``:1`` for one decimal."""

from django import template

from clubs import numbers

register = template.Library()
register.filter("number", numbers.number)
register.filter("signed", numbers.signed)
