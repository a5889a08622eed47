"""How the player page writes averages."""

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def signed_average(value) -> str:
    """+12.5, −3.0: an average difference with its sign and one decimal, in the reader's
    number format."""
    if value is None:
        return ""
    sign = "−" if value < 0 else "+"
    return sign + number_format(abs(value), 1)
