"""The Russian catalogue and the sources it is made from: one msgid, one meaning (a word with
two meanings carries a context); every count goes through ngettext; nothing left to translate.

The catalogue checks read locale/ru/LC_MESSAGES/django.po as committed (regenerated with
``makemessages``); the source checks read the templates and Python directly, so a new string
fails here even before the catalogue is regenerated.
"""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PO = ROOT / "locale" / "ru" / "LC_MESSAGES" / "django.po"
APPS = ("api", "archive", "clubs", "config", "scoring", "tournaments", "templates")

# Words the site uses with more than one meaning: each use needs a context (pgettext, or
# ``context "..."`` in a template). "Place" is the tablet's verb and a standings column;
# "Round(s)" a round of a game (раунд) and of a tournament (тур); "finished"/"abandoned" the
# status of a game (feminine in Russian) or a tournament (masculine), or an audit action.
AMBIGUOUS = {
    "Place", "place", "Pass", "Draw", "draw", "Table", "table",
    "Round", "Rounds", "round", "rounds", "Round %(n)s", "%(n)s round",
    "Finished", "finished", "abandoned", "started", "Played in",
}

# A count placeholder right before an English plural noun ("%(n)s tiles", "{n} places"),
# allowing one word between ("%(n)s more tiles"). Placeholders that hold a name or a tile
# ("%(who)s wins") are not counts.
_NOUNS = (r"tiles|rounds|players|games|turns|points|places|ways|members|tournaments|characters"
          r"|times|openings|tables|seats|registrations|hands|matches|days|entries|rows|pairs"
          r"|meetings|files")
_NAMES = r"(?!(?:who|player|name|tile|t|club|tournament|where|game)\b)"
COUNTED = re.compile(r"(%\(" + _NAMES + r"\w+\)[sd]|\{\{?\s*" + _NAMES + r"\w+\s*\}?\}|%[sd])"
                     r"\s+(?:[a-z]+\s+)?(" + _NOUNS + r")\b")
# Counted on purpose without ngettext, and why.
NOT_PLURAL = {
    # Shown only for 2 or more (one place has its own text); the Russian says «мест: {n}».
    "{t}: fits in {n} places — tap one",
}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")


@pytest.fixture(scope="module")
def catalogue():
    return [e for e in polib.pofile(str(PO)) if not e.obsolete]


def _sources(*suffixes):
    for app in APPS:
        for path in (ROOT / app).rglob("*"):
            if path.suffix in suffixes and "migrations" not in path.parts:
                yield path


def test_the_catalogue_is_complete_and_compiled(catalogue):
    untranslated = [e.msgid for e in catalogue if not e.translated()]
    fuzzy = [e.msgid for e in catalogue if "fuzzy" in e.flags]
    assert untranslated == [] and fuzzy == []
    compiled = {(e.msgctxt, e.msgid) for e in polib.mofile(str(PO.with_suffix(".mo")))}
    assert {(e.msgctxt, e.msgid) for e in catalogue} <= compiled, "run compilemessages"


def test_an_ambiguous_word_always_has_a_context(catalogue):
    bare = sorted(e.msgid for e in catalogue if e.msgid in AMBIGUOUS and not e.msgctxt)
    assert bare == []


def test_no_msgid_is_used_both_with_and_without_a_context(catalogue):
    with_context = {e.msgid for e in catalogue if e.msgctxt}
    bare = sorted(e.msgid for e in catalogue if not e.msgctxt and e.msgid in with_context)
    assert bare == []


def test_no_template_translates_an_ambiguous_word_without_a_context():
    tag = re.compile(r"""\{%\s*(?:translate|trans)\s+(["'])(.*?)\1(.*?)%\}""")
    block = re.compile(r"\{%\s*blocktrans(?:late)?\b([^%]*)%\}(.*?)\{%\s*(?:plural|endblocktrans)",
                       re.S)
    found = []
    for path in _sources(".html"):
        text = path.read_text()
        for _quote, msgid, rest in tag.findall(text):
            if msgid in AMBIGUOUS and "context" not in rest:
                found.append(f"{path.relative_to(ROOT)}: {msgid}")
        for options, body in block.findall(text):
            msgid = re.sub(r"\{\{\s*(\w+)\s*\}\}", r"%(\1)s", body)
            if msgid in AMBIGUOUS and "context" not in options:
                found.append(f"{path.relative_to(ROOT)}: {msgid}")
    assert found == []


def test_no_python_translates_an_ambiguous_word_without_a_context():
    call = re.compile(r"""\b(?:_|gettext|gettext_lazy|gettext_noop)\(\s*(["'])(.*?)\1\s*\)""")
    found = [f"{path.relative_to(ROOT)}: {msgid}" for path in _sources(".py")
             for _quote, msgid in call.findall(path.read_text()) if msgid in AMBIGUOUS]
    assert found == []


def test_every_count_before_a_noun_is_a_plural_form(catalogue):
    counted = sorted(e.msgid for e in catalogue
                     if not e.msgid_plural and COUNTED.search(e.msgid)
                     and e.msgid not in NOT_PLURAL)
    assert counted == []


def test_no_template_counts_without_blocktranslate_count():
    block = re.compile(r"\{%\s*blocktrans(?:late)?\b([^%]*)%\}(.*?)\{%\s*endblocktrans", re.S)
    found = []
    for path in _sources(".html"):
        for options, body in block.findall(path.read_text()):
            if " count " not in f" {options} " and COUNTED.search(body):
                found.append(f"{path.relative_to(ROOT)}: {body.strip()}")
    assert found == []


def test_every_plural_form_shows_its_number(catalogue):
    """Russian msgstr[0] serves 1 but also 21, 31…: a form without the number would say
    "one" for 21. Every form carries every placeholder of the English plural."""
    missing = []
    for e in catalogue:
        if not e.msgid_plural:
            continue
        wanted = set(PLACEHOLDER.findall(e.msgid_plural))
        for form, text in e.msgstr_plural.items():
            if not wanted <= set(PLACEHOLDER.findall(text)):
                missing.append((e.msgid, form))
    assert missing == []


def test_no_russian_past_tense_verb_next_to_a_players_name(catalogue):
    """«Дарья вышел»: Russian past tense has a gender; a name's is unknown, so the wording
    around a name uses a noun or the present tense."""
    name = r"(?:%\((?:who|player|name|players)\)s|\{who\})"
    verb = r"[а-яё]+(?:ил|ал|ял|ел|ёл|ыл|ул)(?:ся)?"
    pattern = re.compile(rf"{name}\s+{verb}(?![а-яё])|(?<![а-яё]){verb}\s+{name}", re.I)
    found = [e.msgstr for e in catalogue if e.msgstr and pattern.search(e.msgstr)]
    found += [text for e in catalogue for text in e.msgstr_plural.values()
              if pattern.search(text)]
    assert found == []
