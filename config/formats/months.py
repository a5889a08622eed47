"""The abbreviated months of Django's ``N`` date format, as our catalogues word them.

Django translates these itself, in the nominative and capitalised («Дек.», «Май»); a date
needs the genitive, lower case, with a period where a letter is left out («3 дек. 2026»,
«3 мая 2026»). The translations in ``locale/`` are read before Django's (LOCALE_PATHS), and
this list keeps the msgids there: ``makemessages`` finds only what our sources name.
"""

from django.utils.translation import pgettext_lazy

MONTHS = (
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"),
    pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"),
    pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"),
    pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."),
    pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."),
    pgettext_lazy("abbrev. month", "Dec."),
)
