"""Every sentence exists in every language (pt-BR, pt-PT, en, es), every question the rules module can ask
has words, and every hand-written fact record has its Spanish wording."""

from actions.common.i18n import LANGUAGES, keys, render
from knowledge.rules.registry import registry


def test_catalogues_have_the_same_keys():
    reference = keys("pt-BR")
    for language in LANGUAGES:
        assert keys(language) == reference, language


def test_every_missing_fact_question_has_words_in_every_language():
    facts = registry().facts
    assert facts
    for language in LANGUAGES:
        for fact in facts.values():
            assert render(language, f"question.{fact.question}", municipality="Bertioga (SP)")


def test_greeting_names_the_covered_places_in_each_language():
    for language in LANGUAGES:
        text = render(language, "greet")
        for place in ("Bertioga", "Pontal do Paraná", "Igarapava", "Lajes", "Portugal"):
            assert place in text


# Spanish (issue 15): every key of every catalogue file has its Spanish text, per file, and the answers
# say that the law is quoted in Portuguese.
def test_every_catalogue_file_has_its_spanish_twin_with_the_same_keys():
    from pathlib import Path

    import yaml

    from actions.common.i18n import _flatten

    folder = Path(__file__).parents[2] / "actions" / "common" / "i18n"
    english = sorted(folder.glob("*en.yml"))
    assert english
    for path in english:
        twin = path.with_name(path.name[: -len("en.yml")] + "es.yml")
        assert twin.exists(), f"{twin.name} is missing"
        flat_en: dict[str, str] = {}
        flat_es: dict[str, str] = {}
        _flatten("", yaml.safe_load(path.read_text(encoding="utf-8")) or {}, flat_en)
        _flatten("", yaml.safe_load(twin.read_text(encoding="utf-8")) or {}, flat_es)
        assert set(flat_es) == set(flat_en), (twin.name, sorted(set(flat_en) ^ set(flat_es)))
        assert all(value.strip() for value in flat_es.values()), twin.name


def test_spanish_is_a_language_of_the_catalogues():
    assert "es" in LANGUAGES
    assert render("es", "language_set").startswith("Claro")


def test_spanish_answers_say_the_law_is_quoted_in_portuguese():
    link = {"label": "art. 5", "url": "https://example.org/a5"}
    sources = render("es", "answer.sources", groups=[{"norm": "Lei 1.902/2018", "links": [link]}])
    assert "en portugués" in sources
    cite = render("es", "fact.cite", norm="Lei 1.902/2018", links=[link])
    assert "en portugués" in cite
    assert "en portugués" in render("es", "search.passages", glosses=[], passages=[])


def test_every_activity_has_a_spanish_name():
    from actions.qa.subject import activity_name
    from knowledge.rules import catalogue as activities

    for activity in activities():
        assert activity.names.get("es"), activity.id
        assert activity_name(activity.id, "es") == activity.names["es"][0]


def test_every_hand_written_fact_has_its_spanish_text_with_the_laws_figures():
    """A fact answer to a Spanish question says the record's es wording (FactRecord.words); a record
    without one would answer in Portuguese, one that dropped a figure would misquote the law."""
    import re

    from knowledge.facts.written import WRITTEN_LANGUAGES, written_facts

    assert "es" in WRITTEN_LANGUAGES
    records = [record for record, _quote in written_facts()]
    assert len(records) > 100
    for record in records:
        spanish = record.text.get("es", "")
        assert spanish.strip() and spanish != record.text["pt-BR"], record.id
        assert record.words("es") == spanish, record.id
        figures = set(re.findall(r"\d+(?:,\d+)?", record.text["pt-BR"]))
        assert figures <= set(re.findall(r"\d+(?:,\d+)?", spanish)), record.id


def test_a_record_s_unit_word_is_said_in_the_reader_s_language(run):
    # Lajes LC 489/2009 art. 64 V: "ser maior de 18 anos" — the record's unit is the law's "anos": a Spanish
    # reply says "años", an English one "years" ("one language per reply")
    from actions.qa.answer import ActionAnswer
    for language, word in (("es", "18 años"), ("en", "18 years"), ("pt-BR", "18 anos")):
        text = run(ActionAnswer(), "Quiero vender anteojos caminando por la calle en Lajes. ¿Hay edad mínima?" if language == "es"
                   else "Is there a minimum age to be a street vendor in Lajes?" if language == "en"
                   else "Tem idade mínima pra ser ambulante em Lajes?", "ask_law", [],
                   {"language": language, "municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes"}).text
        assert text.split(":")[0].endswith(word), text


def test_every_fact_record_has_words_in_every_language():
    """Projected records too (the rules' fees, fines, periods, the aggravating share): a Spanish reply says the
    record's es wording, never its Portuguese."""
    from knowledge.facts import all_facts

    missing = [r.id for r in all_facts() if not all(r.text.get(lang, "").strip() for lang in ("pt-BR", "pt-PT", "en", "es"))]
    assert missing == []
