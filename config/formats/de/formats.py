# "3. Dez. 2026", "3. Mai 2026": the day with its period, the abbreviated month (Django's own
# "j. F Y" spells the month out, too long for a table).
DATE_FORMAT = "j. N Y"
DATETIME_FORMAT = "j. N Y, H:i"
# The rating chart's axis (ratings/charts.py): "3. Dez." for a day, "Dez. 2026" for a month.
MONTH_DAY_FORMAT = "j. N"
YEAR_MONTH_FORMAT = "N Y"
