"""What other apps may hear from recorded games. Sent after the transaction commits, with the
game's id only; receivers schedule their own (idempotent) tasks and hold no logic."""

from django.dispatch import Signal

# A game finished or was abandoned: game_id.
game_ended = Signal()

# A finished game was reopened by an organiser: game_id. Sent after commit.
game_reopened = Signal()

# Asked inside the reopening transaction, before anything changes: game_id. A receiver that
# must keep the game finished returns the reason in words (a tournament whose next round is
# already paired does); any other answer lets the reopening go on.
game_reopening = Signal()
