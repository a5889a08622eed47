"""The catalogues and the sources they are made from: one msgid, one meaning (a word with
two meanings carries a context); every count goes through ngettext; nothing left to translate;
the game's words as the glossary in docs/translations.md has them.

The catalogue checks read every language's locale/<code>/LC_MESSAGES/django.po as committed
(regenerated with ``make messages``); the source checks read the templates and Python directly,
so a new string fails here even before the catalogues are regenerated.
"""

import importlib
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
# Every language the site offers but English, the source.
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
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


def _po(lang: str) -> Path:
    return ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"


@pytest.fixture(scope="module", params=LANGUAGES)
def catalogue(request):
    return [e for e in polib.pofile(str(_po(request.param))) if not e.obsolete]


def _sources(*suffixes):
    for app in APPS:
        for path in (ROOT / app).rglob("*"):
            if path.suffix in suffixes and "migrations" not in path.parts:
                yield path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_is_complete_and_compiled(lang):
    catalogue = [e for e in polib.pofile(str(_po(lang))) if not e.obsolete]
    untranslated = [e.msgid for e in catalogue if not e.translated()]
    fuzzy = [e.msgid for e in catalogue if "fuzzy" in e.flags]
    assert untranslated == [] and fuzzy == []
    compiled = {(e.msgctxt, e.msgid) for e in polib.mofile(str(_po(lang).with_suffix(".mo")))}
    assert {(e.msgctxt, e.msgid) for e in catalogue} <= compiled, "run make messages"


def test_every_language_offered_has_its_catalogue_formats_and_make_target():
    """A language in the switch has a catalogue, its dates (config/formats) and its place in
    the Makefile's `make messages`; English needs no catalogue but has its formats too."""
    makefile = (ROOT / "Makefile").read_text()
    locales = re.search(r"^LOCALES := (.*)$", makefile, re.M).group(1).split()
    assert sorted(locales) == sorted(LANGUAGES)
    assert {p.parent.parent.name for p in (ROOT / "locale").glob("*/LC_MESSAGES/django.po")} == \
        set(LANGUAGES)
    for code, _name in settings.LANGUAGES:
        formats = importlib.import_module(f"config.formats.{code}.formats")
        assert formats.DATE_FORMAT and formats.DATETIME_FORMAT, code


def _glossary() -> dict[str, list[tuple[str, str | None]]]:
    """The "never" forms of docs/translations.md's glossary, per language: (form, context)."""
    doc = (ROOT / "docs" / "translations.md").read_text()
    table = doc.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in table.splitlines() if line.startswith("|")]
    header, body = rows[0], rows[2:]
    columns = {"ru": header.index("never in Russian"), "de": header.index("never in German")}
    never = {}
    for lang, column in columns.items():
        never[lang] = [(form, context or None) for row in body
                       for form, context in re.findall(r'«([^»]+)»(?: \(in "([^"]+)"\))?',
                                                       row[column])]
    return never


GLOSSARY = _glossary()


def test_the_glossary_lists_wrong_forms_for_every_language():
    assert set(GLOSSARY) == set(LANGUAGES)
    assert ("шестигранник", None) in GLOSSARY["ru"] and ("Ziegel", None) in GLOSSARY["de"]
    assert ("раунд", "tournament round") in GLOSSARY["ru"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_translation_uses_a_word_the_glossary_rules_out(lang):
    found = []
    for entry in polib.pofile(str(_po(lang))):
        texts = [PLACEHOLDER.sub(" ", t) for t in (entry.msgstr, *entry.msgstr_plural.values())]
        for form, context in GLOSSARY[lang]:
            if context and context not in (entry.msgctxt or ""):
                continue
            word = re.compile(rf"(?<!\w){re.escape(form)}(?!\w)", re.I)
            found += [f"{form}: {text}" for text in texts if word.search(text)]
    assert found == []


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
    "one" for 21. Every form, in every language, carries every placeholder of the English
    plural."""
    missing = []
    for e in catalogue:
        if not e.msgid_plural:
            continue
        wanted = set(PLACEHOLDER.findall(e.msgid_plural))
        for form, text in e.msgstr_plural.items():
            if not wanted <= set(PLACEHOLDER.findall(text)):
                missing.append((e.msgid, form))
    assert missing == []


def test_no_russian_past_tense_verb_next_to_a_players_name():
    """«Дарья вышел»: Russian past tense has a gender; a name's is unknown, so the wording
    around a name uses a noun or the present tense."""
    catalogue = [e for e in polib.pofile(str(_po("ru"))) if not e.obsolete]
    name = r"(?:%\((?:who|player|name|players)\)s|\{who\})"
    verb = r"[а-яё]+(?:ил|ал|ял|ел|ёл|ыл|ул)(?:ся)?"
    pattern = re.compile(rf"{name}\s+{verb}(?![а-яё])|(?<![а-яё]){verb}\s+{name}", re.I)
    found = [e.msgstr for e in catalogue if e.msgstr and pattern.search(e.msgstr)]
    found += [text for e in catalogue for text in e.msgstr_plural.values()
              if pattern.search(text)]
    assert found == []
