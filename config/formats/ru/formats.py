# «3 дек. 2026», «3 мая 2026»: the abbreviated month in the genitive (config/formats/months.py);
# Django's own "j E Y г." spells the month out, too long for a table.
DATE_FORMAT = "j N Y"
DATETIME_FORMAT = "j N Y, H:i"
# The rating chart's axis (ratings/charts.py): «3 дек.» for a day, «Декабрь 2026» for a month
# (a day takes the genitive, «3 дек.», a month alone the nominative).
MONTH_DAY_FORMAT = "j N"
YEAR_MONTH_FORMAT = "F Y"
