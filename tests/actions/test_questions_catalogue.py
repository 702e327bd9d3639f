"""The questions the chat asks for a missing fact, and the buttons for a fact's choices.

When the rules need a fact the citizen has not given, the bot asks `question.<key>` and, for a fact
with choices, shows one button per choice labelled `choice.<fact>.<value>`. A key missing in one
language would be a crash mid-conversation, and a label over 20 characters is cut by WhatsApp.
"""

from pathlib import Path

import pytest
import yaml

from actions.common.i18n import LANGUAGES, keys, render
from knowledge.corpus import load_corpus
from knowledge.rules.registry import registry

FACTS = registry().facts
WITH_CHOICES = {name: spec for name, spec in FACTS.items() if spec.choices}
NAMES = {"municipality": "Bertioga (SP)", "activity": "stand up paddle"}
WHATSAPP_BUTTON_LIMIT = 20
CATALOGUES = Path(__file__).parents[2] / "actions" / "common" / "i18n"


def test_the_rules_ask_about_facts_with_choices():
    # Guards the parametrised tests below against silently testing nothing.
    assert len(FACTS) > 10 and WITH_CHOICES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("fact", sorted(FACTS))
def test_every_fact_has_a_question_in_every_language(language, fact):
    key = f"question.{FACTS[fact].question}"
    assert key in keys(language), f"{language} has no words for {key}"
    text = render(language, key, **NAMES)
    assert "?" in text, text
    assert "{{" not in text and "}}" not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seat_question_names_the_municipality(language):
    text = render(language, f"question.{FACTS['based_in_municipality'].question}", **NAMES)
    assert "Bertioga (SP)" in text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("fact", sorted(WITH_CHOICES))
def test_every_choice_has_a_short_button_label(language, fact):
    labels = []
    for value in WITH_CHOICES[fact].choices:
        key = f"choice.{fact}.{value}"
        assert key in keys(language), f"{language} has no label for {key}"
        label = render(language, key, **NAMES)
        assert 0 < len(label) <= WHATSAPP_BUTTON_LIMIT, f"{key} ({language}): {label!r}"
        labels.append(label)
    # Two buttons with the same words would leave the citizen guessing.
    assert len(set(labels)) == len(labels), labels


@pytest.mark.parametrize("language", LANGUAGES)
def test_numeric_questions_say_the_unit(language):
    units = {"pt-BR": ("metros",), "pt-PT": ("metros",), "en": ("metres",), "es": ("metros",)}[language]
    for fact, spec in FACTS.items():
        if fact.endswith("_m") or fact.endswith("_m2"):
            text = render(language, f"question.{spec.question}", **NAMES)
            assert any(u in text for u in units), f"{fact} ({language}): {text}"
            if fact.endswith("_m2"):
                assert "m²" in text, f"{fact} ({language}): {text}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_words_for_questions_or_choices_that_no_fact_uses(language):
    # A renamed fact would otherwise leave its old question behind and its new one unwritten.
    with open(CATALOGUES / f"questions.{language}.yml", encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    assert set(data["question"]) <= {spec.question for spec in FACTS.values()}
    for fact, labels in (data.get("choice") or {}).items():
        assert fact in WITH_CHOICES, fact
        assert set(labels) == set(WITH_CHOICES[fact].choices), fact


def test_pontal_summer_season_dates_in_the_question_are_the_laws():
    corpus = load_corpus()
    par1 = corpus.unit("br-pr-pontal-do-parana/lei-1902-2018/art-9/par-1").text
    assert "1º de dezembro a 31 de março" in par1
    key = f"question.{FACTS['licence_period'].question}"
    expected = {"pt-BR": "1º de dezembro a 31 de março", "pt-PT": "1 de Dezembro a 31 de Março",
                "en": "1 December to 31 March"}
    for language, dates in expected.items():
        assert dates in render(language, key, **NAMES), language


def test_lajes_street_goods_question_lists_every_good_the_code_forbids():
    # LC 489/2009, art. 59, I to X: (a word of the inciso, the word the pt-BR question uses for it).
    corpus = load_corpus()
    incisos = {
        "I": ("medicamentos", "remédios"),
        "II": ("tóxicos", "tóxicos"),
        "III": ("inflamáveis", "inflamáveis"),
        "IV": ("fogos de artifícios e munições", "fogos ou munições"),
        "V": ("animais", "animais (sem autorização)"),
        "VI": ("armamentos", "armas"),
        "VII": ("bebidas alcoólicas", "bebida alcoólica (fora das festas municipais)"),
        "VIII": ("caseiros", "alimentos caseiros"),
        "IX": ("hortifrutigranjeiros", "hortifrutigranjeiros fora das feiras"),
        "X": ("puffs", "puffs"),
    }
    question = render("pt-BR", f"question.{FACTS['goods_prohibited_in_street'].question}", **NAMES)
    for inciso, (in_law, in_question) in incisos.items():
        assert in_law in corpus.unit(f"br-rn-lajes/lc-489-2009/art-59/inc-{inciso}").text, inciso
        assert in_question in question, inciso
