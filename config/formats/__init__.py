"""Dates as each language's readers write them (settings.FORMAT_MODULE_PATH).

Every date a person reads goes through ``DATE_FORMAT`` (``{{ day|date }}``, or
``date_format(day)``), every date with its time through ``DATETIME_FORMAT``: "3 Dec 2026",
«3 дек. 2026», "3. Dez. 2026". The Russian and German month is Django's ``N`` (the abbreviated
month), whose words Django's own catalogues give in the nominative and capitalised («Дек.»,
«Май»); ours, read before Django's, give the forms a date takes («дек.», «мая»). ``months.py``
lists those words so that ``makemessages`` keeps them in our catalogues.
"""
