"""The tablet and live partials render from their view models alone (scoring/game_shown.py):
no database, no engine state. Every variable they print must exist, so a renamed field fails
here instead of rendering as empty text."""

import copy
import re
from dataclasses import replace
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.template.loader import render_to_string
from django.test import override_settings
from django.utils.safestring import mark_safe
from django.utils.translation import override

from scoring.game_shown import GameShown, LastTurn, RoundResult, SeatLine
from scoring.spectating import LoggedRound, LoggedTurn, RatingChange, ResultRow

MISSING = "MISSING-VARIABLE"
_templates = copy.deepcopy(settings.TEMPLATES)
_templates[0]["OPTIONS"]["string_if_invalid"] = f"{MISSING}(%s)"
strict_templates = override_settings(TEMPLATES=_templates)

CELL = ('<g class="tile" data-c="0" data-r="0">'
        '<polygon class="cell last" points="0,0 1,0 0.5,0.866"/></g>')


def shown(**changes) -> GameShown:
    return replace(GameShown(
        game_id=7, version=12, url="/games/7/", status="playing", status_label="in progress",
        phase="play", state_label="in play", is_live=True, is_finished=False, is_opening=False,
        is_play=True, is_hands=False, is_over=False, names=("Anna", "Boris", "Vera"),
        rows=(SeatLine(0, "Anna", 31, 4, False, False, None),
              SeatLine(1, "Boris", 12, 6, True, False, None),
              SeatLine(2, "Vera", -5, 7, False, False, None)),
        has_pools=False, round_number=2, pool_size=23, set_size=56, target=400,
        rounds_limit=None,
        to_play="Boris", went_out=False, round_winner="", winners=(),
        last_turn=LastTurn(who="Anna", tile="2-4-5", points=51,
                           detail={"tile": 11, "hexagons": 40}),
        round_result=None, can_undo=True, view_box="-2 -2 5 4.5", cells_svg=mark_safe(CELL),
    ), **changes)


URLS = {name: f"/t/x/{name}/" for name in ("tablet", "fits", "turn", "turns", "undo", "hands",
                                          "poll", "sw")}


def tablet(table: GameShown, **extra) -> str:
    context = {"shown": table, "urls": URLS, "data": {"version": table.version, "pass": None},
               "palette": [{"tile": "0-0-0", "numbers": (0, 0, 0), "fits": True}],
               "undo_question": "Undo: Anna 2-4-5, +51?", "notice": "", "duplicate": False,
               "correcting": False, "first_holder": 1, **extra}
    with strict_templates, override("en"):
        return render_to_string("scoring/partials/tablet.html", context)


def test_the_tablet_renders_from_its_view_model_alone():
    html = tablet(shown())
    assert MISSING not in html
    assert 'data-version="12"' in html and "?v=12" in html
    assert re.search(r'<tr class="to-play" data-seat="1">.*?Boris.*?>12<.*?>6<', html, re.S)
    assert "<strong>Boris</strong> to play" in html
    assert "<strong>Anna</strong>" in html and "placed 2-4-5" in html and "+51" in html
    assert "Round 2 · pool 23" in html and "target 400" in html
    assert CELL in html  # the board as drawn, not escaped
    assert 'id="undo-button"' in html and 'id="palette"' in html


def test_the_tablet_shows_a_round_result_and_the_hands_form():
    table = shown(phase="hands", is_play=False, is_hands=True, went_out=True,
                  round_winner="Vera", to_play="",
                  round_result=RoundResult(1, False, True, "Anna", (("Anna", 12), ("Boris", -3),
                                                              ("Vera", None))))
    html = tablet(table)
    assert MISSING not in html
    assert "Vera went out!" in html
    assert "blocked; Anna wins the round" in html and "Round 1 result" in html
    assert "Anna: +12 · Boris: −3 · Vera: " in html
    assert 'name="hand-target" value="1" checked' in html
    assert 'id="turn-form"' not in html


def test_a_round_from_paper_names_no_winner():
    # A round known only from the score sheet has no "went out" nor "blocked" to tell.
    table = shown(phase="hands", is_play=False, is_hands=True, to_play="",
                  round_result=RoundResult(1, False, False, "", (("Anna", 120), ("Boris", 80))))
    html = tablet(table)
    assert MISSING not in html
    assert "Round 1 result" in html and "Anna: +120 · Boris: +80" in html
    assert "wins the round" not in html and "went out" not in html


def test_the_tablet_shows_the_end_of_the_game():
    rows = (SeatLine(0, "Anna", 410, 0, False, True, None),
            SeatLine(1, "Boris", 410, 0, False, True, None))
    html = tablet(shown(phase="over", is_play=False, is_over=True, is_live=False,
                        is_finished=True, rows=rows, names=("Anna", "Boris"),
                        winners=("Anna", "Boris")))
    assert MISSING not in html
    assert "<strong>Anna</strong> <strong>Boris</strong>" in html and "share the win." in html
    assert 'href="/games/7/"' in html


def test_remembered_parts_are_what_a_fresh_rendering_gives():
    # The fixed parts of the tablet are remembered per language and the values they name
    # ({% memo %}, clubs/templatetags/memo.py): after any other game's tablet they must still
    # read exactly as this one's would, rendered with nothing remembered.
    from types import SimpleNamespace

    from clubs.templatetags.memo import memo_clear

    two = (SeatLine(0, "Dasha", 0, 7, False, False, 9), SeatLine(1, "Egor", 0, 7, False, False, 9))
    tables = {
        "play": shown(),
        "other players": shown(names=("Dasha", "Egor"), rows=two, has_pools=True),
        "opening": shown(phase="opening", is_play=False, is_opening=True, to_play="",
                         last_turn=None, can_undo=False),
        "hands": shown(phase="hands", is_play=False, is_hands=True, went_out=True,
                       round_winner="Vera", to_play=""),
        "over": shown(phase="over", is_play=False, is_over=True, is_live=False, to_play=""),
    }
    cases = [(name, language, correcting) for name in tables for language in ("en", "ru", "de")
             for correcting in (False, True)]

    def render(name, language, correcting):
        context = {"shown": tables[name], "urls": URLS, "data": {"version": 12},
                   "palette": [], "undo_question": "?", "correcting": correcting,
                   "turn": SimpleNamespace(seat=1), "first_holder": 0}
        with override(language):
            return render_to_string("scoring/partials/tablet.html", context)

    with strict_templates:  # one template engine throughout, so one memory
        fresh = {}
        for case in cases:
            memo_clear()
            fresh[case] = render(*case)
        memo_clear()
        for case in cases + cases[::-1]:  # filled along the way, then all from memory
            assert render(*case) == fresh[case], case
    assert fresh[("play", "ru", False)] != fresh[("play", "en", False)]
    assert MISSING not in "".join(fresh.values())


# The scoreboard's lines as its template wrote them in a loop, before scoreboard_rows.
SCOREBOARD_LOOP = """{% load i18n numbers %}{% for row in shown.rows %}
    <tr class="{% if row.to_play %}to-play{% endif %}{% if row.winner %} winner{% endif %}" \
data-seat="{{ row.seat }}">
      <td>{% if row.to_play %}<span class="turn-mark" \
aria-label="{% translate 'to play' %}">▶</span> {% endif %}{{ row.name }}{% if row.winner %} \
<span class="badge">{% translate "winner" %}</span>{% endif %}</td>
      <td class="num score">{{ row.score|number }}</td>
      <td class="num hand">{{ row.hand }}</td>{% if row.pool is not None %}\
<td class="num own-pool">{{ row.pool }}</td>{% endif %}
    </tr>
  {% endfor %}"""


@pytest.mark.parametrize("language", ["en", "ru", "de"])
def test_the_scoreboards_lines_are_what_its_loop_wrote(language):
    from django.template import Context, Template

    rows = (SeatLine(0, "<Anna & 'Co'>", -1234, 0, True, True, 12),
            SeatLine(1, "Борис", 12345, 84, False, True, 0),
            SeatLine(2, "Vera", 7, 5, False, False, None))
    with override(language):
        loop = Template(SCOREBOARD_LOOP).render(Context({"shown": shown(rows=rows)}))
        tag = Template("{% load scoring_tags %}{% scoreboard_rows shown.rows %}").render(
            Context({"shown": shown(rows=rows)}))
    assert tag == loop and "&lt;Anna &amp; &#x27;Co&#x27;&gt;" in tag


def live(table: GameShown, **extra) -> str:
    context = {"shown": table, "log": [], "polled": True, "awaiting_ratings": False,
               "rated": False, "result": [], "oob": False, **extra}
    with strict_templates, override("en"):
        return render_to_string("scoring/partials/live.html", context)


def test_the_live_page_renders_from_its_view_model_alone():
    log = [LoggedRound(number=2, turns=[LoggedTurn(1, "Anna", "2-4-5", 51, {"tile": 11}, 2,
                                                   False)]),
           LoggedRound(number=1, reason="out", winner="Vera",
                       end_points=[("Anna", -10), ("Vera", 35)])]
    html = live(shown(), log=log)
    assert MISSING not in html
    assert 'data-push="game.7" data-push-version="12" data-push-url="/games/7/live/?v=12"' in html
    assert 'data-poll="3"' in html and 'class="live-game status-playing"' in html
    assert '<p class="muted small game-state">In play</p>' in html
    assert "Round over: Vera went out" in html and "2 tiles drawn" in html
    assert 'id="live-badge" class="badge live"' in html


def test_the_live_page_shows_the_final_result():
    result = [ResultRow(1, 0, "Anna", "/players/1/", 412, RatingChange(1500, 1524, 24)),
              ResultRow(2, 1, "Boris", "/players/2/", 180, None)]
    html = live(shown(is_live=False, is_finished=True, status="finished",
                      status_label="finished", phase="over", is_over=True, is_play=False),
                result=result, rated=True)
    assert MISSING not in html
    assert "data-poll" not in html and "data-push=" not in html and "last-turn" not in html
    assert '<tr class="winner" data-seat="0">' in html
    assert '<a href="/players/1/">Anna</a> <span class="badge">winner</span>' in html
    assert "1500 → 1524" in html and "+24" in html


# -- no template compares a literal status ----------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
COMPARED = re.compile(r"""(?:==|!=)\s*(["'])(.*?)\1|(["'])(.*?)\3\s*(?:==|!=)""")


def choice_codes() -> set[str]:
    """Every stored code of every field with choices: statuses, phases, kinds, roles …"""
    return {str(value) for model in apps.get_models() for field in model._meta.get_fields()
            if getattr(field, "choices", None) for value, _label in field.flatchoices}


def literal_comparisons(text: str, codes: set[str]) -> list[str]:
    return [m.group(0) for m in COMPARED.finditer(text)
            if (m.group(2) if m.group(1) else m.group(4)) in codes]


@pytest.mark.parametrize("text, found", [
    ('{% if game.status == "playing" %}', True),
    ("{% if r.status != 'published' %}", True),
    ('{% if "finished" == t.status %}', True),
    ('{% if game.is_playing %}', False),
    ('{% if widget.input_type == "checkbox" %}', False),
])
def test_the_check_sees_a_literal_status(text, found):
    assert bool(literal_comparisons(text, choice_codes())) is found


def test_no_template_compares_a_literal_status():
    codes = choice_codes()
    assert {"playing", "finished", "published", "knockout", "member"} <= codes
    found = []
    for path in sorted(ROOT.glob("**/templates/**/*.html")):
        if ".venv" in path.parts:
            continue
        for comparison in literal_comparisons(path.read_text(), codes):
            found.append(f"{path.relative_to(ROOT)}: {comparison}")
    assert found == []
