"""The jurisdiction record (knowledge/jurisdictions/jurisdictions.yml) is the one list of places:
rules data, norms and permits agree with it, and the pre-application's period rule is one rule."""

from __future__ import annotations

from datetime import date

from knowledge.corpus import load_corpus
from knowledge.jurisdictions import answer_language, by_prefix, jurisdiction, jurisdiction_ids, speaking
from knowledge.permits.contract import period_too_long
from knowledge.permits.documents import DOCUMENT_TYPES
from knowledge.rules.registry import DATA, registry


def test_every_rules_folder_and_norm_has_a_record_and_every_record_has_rules() -> None:
    folders = {p.name for p in DATA.iterdir() if p.is_dir() and p.name != "places"}
    assert folders == set(jurisdiction_ids())
    assert {n.jurisdiction for n in load_corpus().norms} == set(jurisdiction_ids())
    assert {n.jurisdiction for n in registry().norms.values()} == set(jurisdiction_ids())


def test_records_name_known_documents_and_unique_prefixes() -> None:
    for jid in jurisdiction_ids():
        record = jurisdiction(jid)
        assert set(record.document_types.all()) <= set(DOCUMENT_TYPES)
        assert by_prefix(record.protocol_prefix) == record
    assert jurisdiction("br-xx-nowhere") is None and by_prefix("XXX") is None


def test_language_follows_the_place_only_from_unmarked_portuguese() -> None:
    assert speaking("pt-PT") == "pt" and speaking("pt-BR") is None
    assert answer_language("pt", "pt-BR") == "pt-PT"
    assert answer_language("br-sp-bertioga", "pt-PT") == "pt-PT"
    assert answer_language("pt", "en") == "en"


def test_at_most_three_calendar_years() -> None:
    assert not period_too_long(date(2026, 3, 1), date(2029, 3, 1))
    assert period_too_long(date(2026, 3, 1), date(2029, 3, 2))
    assert not period_too_long(date(2028, 2, 29), date(2031, 2, 28))
    assert period_too_long(date(2028, 2, 29), date(2031, 3, 1))
