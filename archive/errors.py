"""The one refusal of the club archive: a sentence for the organiser, nothing written."""


class ArchiveError(Exception):
    """The file cannot be imported as it is; ``str(error)`` says why, translated."""
