# "3 Dec 2026": day first, as the site's British English writes it; never 12/03/2026.
DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
