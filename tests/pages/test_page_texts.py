"""Every word a citizen page shows exists in every page language: the pages' own words, the home
page's examples for every town, and every editorial note of the corpus (knowledge/corpus/note_texts.yml)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from api.site import PAGE_LANGUAGES, format_day, format_number, home_examples, page_texts
from knowledge.corpus import load_corpus
from knowledge.corpus.note_texts import MissingNoteText, has_note_text, note_text
from knowledge.jurisdictions import jurisdictions


def _corpus_notes() -> set[str]:
    corpus = load_corpus()
    notes: set[str] = set()
    for norm in corpus.norms:
        notes.add(norm.source)
        notes.update(a.note for a in norm.annotations)
    for unit in corpus.units:
        notes.update(a.note for a in unit.annotations)
        notes.update(v.note for v in unit.versions if v.note)
    return notes


@pytest.mark.parametrize("language", PAGE_LANGUAGES)
def test_every_note_of_the_corpus_has_a_text_in_every_page_language(language):
    missing = sorted(note for note in _corpus_notes() if not has_note_text(note, language))
    assert missing == [], f"{len(missing)} notes without a {language} text in knowledge/corpus/note_texts.yml"


def test_a_note_without_a_text_is_refused_not_shown_in_english():
    with pytest.raises(MissingNoteText):
        note_text("A note nobody translated.", "pt-BR")


def test_the_notes_citizens_reported_read_in_portuguese():
    assert note_text("Numeral printed as 'Il', read as III (the next in sequence).", "pt-BR") == \
        "Número impresso como “Il”, lido como III (o seguinte na sequência)."
    coordinates = next(n for n in _corpus_notes() if n.startswith("Coordinates are SIRGAS 2000"))
    assert note_text(coordinates, "pt-BR").startswith("As coordenadas estão em SIRGAS 2000")
    bertioga_source = next(n for n in _corpus_notes() if "no publisher named in the text" in n and "Bertioga" in n)
    assert "publisher" not in note_text(bertioga_source, "pt-BR")
    # Version notes are written in Portuguese: the English page gets them in English.
    assert note_text("(Redação dada pela Lei nº 1992/2019)", "en") == "(Wording given by Lei nº 1992/2019)"


def test_every_page_word_exists_in_every_language():
    keys = {language: set(page_texts(language)) for language in PAGE_LANGUAGES}
    assert keys["pt-PT"] == keys["pt-BR"] == keys["en"] == keys["es"]


@pytest.mark.parametrize("language", PAGE_LANGUAGES)
def test_every_town_has_example_questions_in_every_language(language):
    towns = home_examples(language)
    assert [key for key, _, _ in towns] == list(jurisdictions())
    for key, name, questions in towns:
        assert len(questions) >= 2, f"{key} has no {language} examples (api/site/examples.yml)"
        assert name == jurisdictions()[key].name


def test_numbers_and_dates_in_the_page_locale():
    assert format_number(Decimal("3.00"), "pt-BR") == "3,00"
    assert format_number(Decimal("1500"), "pt-PT").replace("\u00a0", " ") == "1 500"
    assert format_number(Decimal("3.00"), "en") == "3.00"
    assert format_day(dt.date(2026, 12, 4), "pt-BR") == "04/12/2026"
    assert format_day(dt.date(2026, 12, 4), "pt-PT") == "04/12/2026"
    assert format_day(dt.date(2026, 12, 4), "en") == "4 Dec 2026"
