"""A Spanish question is read with Portuguese words by the actions' word-based readers (issue 15);
a Portuguese or English question is never read differently."""

from types import SimpleNamespace

import pytest
from rasa_sdk.executor import CollectingDispatcher

from actions.common.conversation import Turn
from actions.common.spanish import gloss
from knowledge.facts import asked_kinds


@pytest.mark.parametrize(
    ("spanish", "portuguese"),
    [
        # phrases, longest first: a price, not a sale; a fine asked, not a price
        ("¿Cuánto sale la licencia?", "Quanto custa a licença?"),
        ("¿Cuánto sale la multa en Bertioga?", "Qual é a multa em Bertioga?"),
        ("¿Quién otorga el permiso?", "Quem concede a licença?"),
        ("¿Quién emite la licencia?", "Quem emite a licença?"),
        ("¿Cuál es el plazo?", "Qual é o prazo?"),
        ("¿Puedo alquilar una tabla de SUP?", "Posso alugar uma prancha de SUP?"),
        ("quiero alquilar una moto de agua", "quero alugar uma jet ski"),
        ("soy vendedor ambulante en la playa", "sou ambulante na praia"),
        ("¿Cuál es el horario?", "Qual é o horario?"),  # the same word, kept
        ("vos podés vender acá?", "você pode vender aqui?"),
        ("¿Se puede vender helados?", "Pode vender sorvetes?"),
        ("¿Y en Lajes?", "E em Lajes?"),
        # the law's own objects: Bertioga art. 5's "bandeiras"
        ("¿Y las banderas?", "E as bandeiras?"),
        # an auction (Lajes art. 388 § 3º: "leilão")
        ("antes de que la rematen", "antes de que a leiloem"),
        # numbers, units and names kept as written
        ("¿Puedo poner 4 mesas de 1,20 m en la Praia da Enseada?", "Posso colocar 4 mesas de 1,20 m na Praia da Enseada?"),
        # fillers dropped
        ("Che, ¿cuánto cuesta?", "quanto custa?"),
    ],
)
def test_phrases_and_words(spanish, portuguese):
    assert gloss(spanish) == portuguese


@pytest.mark.parametrize(
    ("written", "portuguese"),
    [
        # no accents, any case
        ("CUANTO SALE la licencia", "quanto custa a licença"),
        ("cuantos dias tengo", "quantos dias tenho"),
        # one slip in a long word
        ("cuanto timpo tengo pa presentar la defenza", "quanto tempo tenho pra apresentar a defesa"),
        ("¿Qué departamento da la autorizasión?", "qual departamento da a autorização?"),
    ],
)
def test_accents_case_and_slips(written, portuguese):
    assert gloss(written).lower() == portuguese


def test_words_of_the_law_and_names_are_no_slips():
    # "vender" is the law's own word (not a slip of "vendés"); "lancha" is no "ancha";
    # a capitalised name inside the sentence is left alone
    assert gloss("puedo vender en una lancha") == "posso vender em uma lancha"
    assert gloss("soy de Rosario") == "sou de Rosario"


def test_a_question_that_opens_with_es_is_no_follow_up():
    # "é obrigatório…" would fold to "e obrigatorio", which opens a Portuguese follow-up ("e no calçadão?")
    assert gloss("¿Es obligatorio tener seguro?").startswith("eh ")
    assert gloss("¿Y es obligatorio?").startswith("E ")


def test_the_readers_see_the_kind_asked():
    assert asked_kinds(gloss("¿Cuál es el plazo para presentar la defensa?"))[:1] == ["deadline"]
    assert "office" in asked_kinds(gloss("¿Quién otorga la licencia en Lajes?"))
    assert "lead_time" in asked_kinds(gloss("¿Con cuánta anticipación hay que pedir la licencia?"))
    assert "hours" in asked_kinds(gloss("¿Hasta qué hora puedo vender?"))


def _turn(text: str, language: str | None) -> Turn:
    tracker = SimpleNamespace(latest_message={"text": text, "intent": {"name": "ask_fee"}, "entities": []},
                              get_slot=lambda name: language if name == "language" else None)
    return Turn(CollectingDispatcher(), tracker)


@pytest.mark.parametrize(
    "text",
    [
        "Quanto custa a licença de ambulante em Pontal?",
        "posso vender milho na praia de leste",
        "Quero alugar uma mota de água no Algarve",
        "How much is the SUP licence in Bertioga?",
        "Can I sell ice cream on the beach?",
    ],
)
def test_portuguese_and_english_are_never_glossed(text):
    turn = _turn(text, None)
    assert turn.language != "es"
    assert turn.asked == text


def test_a_spanish_turn_is_read_in_portuguese_but_keeps_its_own_words():
    turn = _turn("¿Cuánto sale la licencia para alquilar kayaks en Bertioga?", None)
    assert turn.language == "es"
    assert turn.asked == "Quanto custa a licença para alugar caiaques em Bertioga?"
    assert turn.message["text"] == "¿Cuánto sale la licencia para alquilar kayaks en Bertioga?"
