"""What other apps may hear from recorded games. Apps above scoring subscribe in their
AppConfig.ready(); receivers schedule their own idempotent task by id and hold no logic."""

from django.dispatch import Signal


class ResultChange:
    """How a game's result changed (the ``change`` of game_result_changed)."""

    FINISHED = "finished"  # it has a result now
    CORRECTED = "corrected"  # finished before and after, its scores or places may differ
    REOPENED = "reopened"  # finished before, played again now: the result is withdrawn
    ABANDONED = "abandoned"  # stopped without a result
    DELETED = "deleted"  # the game row is gone


# A game's result changed. Sent once per change, after the transaction commits, from one place
# (scoring.services.result_announce), with game_id and change. A deleted game's row is gone, so
# its announcement also carries what it was: ``finished_at`` (its place in the finish order,
# None if it had not finished) and ``players`` (their ids).
game_result_changed = Signal()

