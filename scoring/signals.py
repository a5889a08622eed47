"""What other apps may hear from recorded games. Sent after the transaction commits, with the
game's id only; receivers schedule their own (idempotent) tasks and hold no logic."""

from django.dispatch import Signal

# A game finished or was abandoned: game_id.
game_ended = Signal()
