"""How alike two players' names are, so an organiser is asked before a second "Anna Volkova"
is created. Pure: no Django (the clubs selectors feed it the members' names)."""

from __future__ import annotations

import difflib
import unicodedata

# Close enough to ask: "Anna Volkova" against "Ana Volkova" is 0.95, against "Anna Volkov"
# 0.96; two different people such as "Anna Volkova" and "Anna Sokolova" score about 0.8.
SIMILAR_RATIO = 0.85


def name_key(name: str) -> str:
    """The name as compared: no case, no accents (ё is е, é is e), single spaces."""
    # Compatibility forms first (a mathematical 𝒜 is an A), then case, then the accents that
    # case folding may have brought.
    decomposed = unicodedata.normalize(
        "NFKD", unicodedata.normalize("NFKD", name).casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.split())


def _ordered(key: str) -> str:
    # "Volkova Anna" is the same person as "Anna Volkova".
    return " ".join(sorted(key.split()))


def _digits(key: str) -> str:
    return "".join(c for c in key if c.isdigit())


def names_alike(first: str, second: str) -> bool:
    a, b = name_key(first), name_key(second)
    if not a or not b:
        return False
    if a == b or _ordered(a) == _ordered(b):
        return True
    if _digits(a) != _digits(b):
        return False  # "Table 1" and "Table 2", "Guest 3" and "Guest 4" are labels apart
    return difflib.SequenceMatcher(None, _ordered(a), _ordered(b)).ratio() >= SIMILAR_RATIO


def same_name(first: str, second: str) -> bool:
    """The same name apart from case, accents, spacing and word order."""
    a, b = name_key(first), name_key(second)
    return bool(a) and _ordered(a) == _ordered(b)
