# «3 дек. 2026», «3 мая 2026»: the abbreviated month in the genitive (config/formats/months.py);
# Django's own "j E Y г." spells the month out, too long for a table.
DATE_FORMAT = "j N Y"
DATETIME_FORMAT = "j N Y, H:i"
