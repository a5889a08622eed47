"""The pairing core refuses with coded PairingErrors: every code is listed, is raised by the
core with its params, and reads as a finished sentence in English and Russian
(tournaments/messages.py). A round whose pairing failed shows the reason in the reader's
language, whichever language the site spoke when it failed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from clubs.permissions import SITE
from tests.sentences import assert_sentence
from tournaments import pairing, services
from tournaments.messages import pairing_refusal, refusal, round_failure
from tournaments.models import Tournament, TournamentRound
from tournaments.pairing.designs import affine_geometry_rounds
from tournaments.pairing.knockout import bracket_order
from tournaments.services import Refused

from .play import field, organised_club, tournament_with

CORE = Path(pairing.__file__).parent


def test_the_core_lists_every_code_it_raises():
    raised = {code for path in CORE.glob("*.py")
              for code in re.findall(r'PairingError\(\s*"([a-z0-9-]+)"', path.read_text())}
    assert raised == pairing.ERROR_CODES


def _refused(call) -> pairing.PairingError:
    with pytest.raises(pairing.PairingError) as caught:
        call()
    return caught.value


def _standings():
    return pairing.compute_standings([pairing.PlayerEntry(1), pairing.PlayerEntry(2)], [])


def real_errors() -> list[pairing.PairingError]:
    """Refusals raised by the core itself (each code at least once where a call reaches it)."""
    four = pairing.single_elimination([1, 2, 3, 4])
    scheme = pairing.by_placing()
    return [
        _refused(lambda: pairing.table_sizes(9, 5, "bye")),
        _refused(lambda: pairing.round_robin([1, 2, 3, 4, 5], 5)),
        _refused(lambda: pairing.single_elimination([1, 2, 3, 4], table_size=4, advance=3)),
        _refused(lambda: bracket_order(6, 2)),
        _refused(lambda: pairing.single_elimination([1])),
        _refused(lambda: pairing.berger_schedule(1)),
        _refused(lambda: pairing.round_robin([1, 1, 2], 2)),
        _refused(lambda: pairing.single_elimination([1, 1, 2])),
        _refused(lambda: pairing.qualifiers(_standings(), 0)),
        _refused(lambda: pairing.compute_standings([pairing.PlayerEntry(1)], [],
                                                   tiebreaks=("points", "coin"))),
        _refused(lambda: scheme.table_points([1, 2, 3, 4, 5, 6, 7])),
        _refused(lambda: pairing.advance(four, {"Z9": 1})),
        _refused(lambda: pairing.advance(four, {four.matches[-1].id: 1})),
        _refused(lambda: pairing.advance(four, {four.matches[0].id: 99})),
        _refused(lambda: pairing.advance(four, {four.matches[0].id: (1, 99)})),
        _refused(lambda: affine_geometry_rounds(5, 2)),
    ]


# Refusals no short call reaches (none at present).
SAMPLES: list[pairing.PairingError] = []


def test_each_code_is_raised_with_plain_params():
    errors = real_errors() + SAMPLES
    assert {e.code for e in errors} == pairing.ERROR_CODES
    assert all(isinstance(e, ValueError) for e in errors)
    sizes = next(e for e in errors if e.code == "bad-table-size")
    assert sizes.params == {"table_size": 5}
    tiebreaks = next(e for e in errors if e.code == "unknown-tiebreaks")
    assert tiebreaks.params == {"tiebreaks": ["coin"]}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_code_reads_as_a_sentence_in_each_language(lang):
    for error in real_errors() + SAMPLES:
        with translation.override(lang):
            text = pairing_refusal(error.code, error.params)
        quoted = {k: v for k, v in error.params.items() if k != "what"}
        assert_sentence(text, lang, quoted)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_refusals_quoting_a_core_or_engine_refusal_read_in_each_language(lang):
    knockout = Refused("bad-knockout", reason="too-few-players",
                       reason_params={"count": 1, "min": 2})
    rules = Refused("bad-rules", reason="bad-rules",
                    reason_params={"name": "target", "value": "-5"})
    with translation.override(lang):
        texts = [refusal(knockout), refusal(rules)]
    for text in texts:
        assert_sentence(text, lang, {"values": ["1", "2", "-5"]})


def test_a_failed_pairing_is_shown_in_the_readers_language():
    error = real_errors()[0]
    rnd = TournamentRound(failure={"kind": "pairing", "code": error.code, "params": error.params})
    with translation.override("ru"):
        assert round_failure(rnd) == "За столом сидят 2, 3 или 4 игрока, а не 5."
    with translation.override("en"):
        assert round_failure(rnd) == "Tables seat 2, 3 or 4 players, not 5."
    refused = TournamentRound(failure={"kind": "refused", "code": "too-few-players",
                             "params": {"count": 1}})
    with translation.override("ru"):
        assert_sentence(round_failure(refused), "ru", {"count": 1})


def test_a_round_whose_pairing_did_not_fail_says_nothing():
    assert round_failure(TournamentRound()) == ""


def test_the_unexpected_failure_has_its_own_sentence():
    with translation.override("ru"):
        assert_sentence(pairing_refusal("unexpected", {}), "ru")


@pytest.mark.django_db
def test_a_pairing_refused_by_the_core_is_stored_by_code_and_shown_in_each_language(client):
    club, organiser = organised_club()
    tournament = tournament_with(club, field(club, 6), table_size=3)
    # A table size the form never offers, as a row edited by hand could hold.
    Tournament.objects.filter(pk=tournament.pk).update(table_size=5)
    rnd = services.round_generate(tournament=Tournament.objects.get(pk=tournament.pk), actor=SITE)
    rnd.refresh_from_db()
    assert rnd.status == TournamentRound.Status.PAIRING
    assert rnd.failure == {"kind": "pairing", "code": "bad-table-size",
                           "params": {"table_size": 5}}
    client.force_login(organiser)
    url = reverse("tournaments:manage-round", args=[tournament.slug, rnd.number])
    ru = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "За столом сидят 2, 3 или 4 игрока, а не 5." in ru
    assert "table_size" not in ru
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tables seat 2, 3 or 4 players, not 5." in en


@pytest.mark.django_db(transaction=True)
def test_the_migration_words_an_old_english_only_failure(migrate_to):
    """Rounds that failed before failures were stored by code kept only an English message
    (TournamentRound.error, gone since tournaments 0011): they say something went wrong, in the
    reader's language."""
    club, _organiser = organised_club()
    tournament = tournament_with(club, field(club, 4), rounds=2)
    failed = services.round_generate(tournament=tournament, actor=SITE)
    TournamentRound.objects.filter(pk=failed.pk).update(failure=None)
    old = migrate_to([("tournaments", "0010_closed_results_creation_key")])
    old.get_model("tournaments", "TournamentRound").objects.filter(pk=failed.pk).update(
        error="No pairing without repeats.")
    migrate_to([("tournaments", "0011_round_failure_only")])
    failed = TournamentRound.objects.get(pk=failed.pk)
    assert failed.failure == {"kind": "pairing", "code": "unexpected", "params": {}}
    with translation.override("ru"):
        assert_sentence(round_failure(failed), "ru")
