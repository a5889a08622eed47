"""scoring's pages, by purpose: games (lists, a game's page, starting, importing, the table
link), tablet (recording turn by turn), sheets (results from paper), corrections (a recorded
turn entered again), queue (turns that waited on the tablet offline). What they answer alike
is in http.py."""
