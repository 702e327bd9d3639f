"""Every sentence exists in the three languages, and every question the rules module can ask has words."""

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
