# "3 Dec 2026": day first, as the site's British English writes it; never 12/03/2026.
DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
# The rating chart's axis (ratings/charts.py): "3 Dec" for a day, "Dec 2026" for a month.
MONTH_DAY_FORMAT = "j M"
YEAR_MONTH_FORMAT = "M Y"
