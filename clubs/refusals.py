"""The one shape of an app service's refusal: a stable kebab-case ``code`` with plain
``params``, never a sentence. Each app words its own codes where it shows them, in the reader's
language: ``clubs.messages.refusal``, ``tournaments.messages.refusal`` (the pure cores have
their own, ``coded.CodedError``). tests/integrity/test_refusal_codes.py reads each app's source
for the codes it raises and checks every one is worded."""

from __future__ import annotations


class Refused(Exception):
    """A write the app's rules or the data's state do not allow; ``code`` is kebab-case and
    stable (stored, logged, tested), ``params`` plain values for the sentence."""

    def __init__(self, code: str, **params) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.params!r})"
