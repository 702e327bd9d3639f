"""Form readers that refuse what they cannot read (issue 14), by class, through the whole form.

Each class of answer a citizen really typed: number words ("um salário e meio"), "não sei / ainda não
tenho", an amount of something that is not the unit asked ("6 pranchas" for an area, "2000 reais" for
an income in minimum wages), and anything that is not a clear yes/no at a yes/no question (a name at
the consent prompt). The conversation runs as Rasa runs it (tests/support/permit_conversation.py)
against the real permits API; nothing a reader refused may be stored or sent.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from actions.permits.quantities import read_quantities
from tests.actions.test_permit_form import VALID_CNPJ, _personal, api, body, chat, seed  # noqa: F401 - fixtures

D = Decimal


# ------------------------------------------------------------------ amounts in digits and words

@pytest.mark.parametrize(("text", "value", "unit"), [
    ("uns 1 salario e meio", D("1.5"), "salario"),
    ("um salário e meio", D("1.5"), "salario"),
    ("1 e meio", D("1.5"), None),
    ("meio salário", D("0.5"), "salario"),
    ("dois mil", D("2000"), None),
    ("mil e quinhentos", D("1500"), None),
    ("vinte e dois", D("22"), None),
    ("sessenta e cinco anos", D("65"), "anos"),
    ("one and a half minimum wages", D("1.5"), "minimum"),
    ("12,5 m²", D("12.5"), "m2"),
    ("1.250,50", D("1250.50"), None),
    ("R$ 2.000", D("2000"), "reais"),
    ("uns 2 mil reais", D("2000"), "reais"),
])
def test_one_amount_with_what_it_counts(text, value, unit):
    (quantity,) = read_quantities(text)
    assert quantity.value == value
    assert (quantity.unit[0] if quantity.unit else None) == unit


@pytest.mark.parametrize("text", ["60 e poucos", "mais de 60 anos", "more than 60", "até 2 salários"])
def test_a_bound_or_a_round_off_is_not_a_value(text):
    (quantity,) = read_quantities(text)
    assert quantity.vague


def test_sides_multiply_and_counts_of_things_stay_counts():
    tent, side = read_quantities("uma tenda de 3 por 3")
    assert (tent.value, tent.unit, side.value, side.dimensions) == (1, ("tenda",), 9, (3, 3))
    (area,) = read_quantities("3 x 4 metros")
    assert area.value == 12 and area.dimensions == (3, 4)
    boards, tents = read_quantities("umas 6 pranchas e 2 tendas")
    assert (boards.value, boards.unit, tents.value, tents.unit) == (6, ("pranchas",), 2, ("tendas",))
    assert read_quantities("nao tenho ainda") == []


# ------------------------------------------------------------------ the whole form

def _pontal_vendor_to_the_exemption(chat):
    """Pontal's summer-season food vendor, up to "do you want the exemption?"."""
    r = chat.say("Quero pedir autorização para vender sorvete na praia em Pontal", "request_permit",
                 [{"entity": "activity", "value": "ice_cream"}, {"entity": "municipality", "value": "br-pr-pontal-do-parana"}])
    r = chat.say(r.payload("Temporada"))
    chat.say(r.payload("física"))
    _personal(chat, email="maria@example.com")
    chat.say("sorvete de palito")
    chat.say("Praia de Leste, em frente ao posto")
    r = chat.say('/inform{"choice": "whole_season"}')
    assert "isenção" in r.text
    return chat.say(r.payload("renda"))


def test_one_minimum_wage_and_a_half_is_one_and_a_half(chat, api):
    r = _pontal_vendor_to_the_exemption(chat)
    # Money is not the law's unit (art. 9 § 3 counts minimum wages) and is never converted here.
    r = chat.say("uns 2 mil reais")
    assert "Li 2.000 reais" in r.text and "salários mínimos" in r.text
    assert "monthly_income_minimum_wages" not in chat.state["answers"]
    r = chat.say("não sei")
    assert "Uma estimativa serve" in r.text and "salários mínimos" in r.text
    r = chat.say("uns 1 salario e meio")
    assert chat.state["answers"]["monthly_income_minimum_wages"] == "1.5"
    assert "A isenção se aplica" in r.text  # up to 2 minimum wages (art. 9 § 3)
    assert ("Será concedida isenção da taxa de licença, quando o interessado comprovar possuir renda familiar média "
            "igual ou inferior a 2 (dois) salários mínimos") in seed("003")


def _bertioga_surf_school_to_the_alvara(chat):
    r = chat.say("quero licença para minha escola de surf em Bertioga", "request_permit",
                 [{"entity": "activity", "value": "surf_school"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    r = chat.say(r.payload("jurídica"))
    chat.say("sim", "affirm")
    chat.say("/affirm")
    chat.say("Ana Lima")
    chat.say("Surf Bertioga Ltda")
    chat.say(VALID_CNPJ)
    chat.say("13 99999-0000")
    return chat.say("contato@surfbertioga.com.br")


def test_no_alvara_yet_is_left_blank_with_how_to_get_one(chat, api):
    sent = api[2]
    r = _bertioga_surf_school_to_the_alvara(chat)
    assert "Alvará" in r.text
    r = chat.say("vou pedir semana que vem")  # no number at all: not an alvará number
    assert "Não reconheci um número de Alvará de Funcionamento" in r.text
    assert "alvara_number" not in chat.state["answers"]
    r = chat.say("nao tenho ainda")
    assert "deixo o campo “Alvará de Funcionamento” em branco" in r.text
    # Which document the office will ask for, with its article (Decreto 4.510/2024, art. 8, IV), and whom to ask.
    assert "Alvará de Funcionamento do Profissional Liberal" in r.text and "art. 8" in r.text
    assert "Secretaria Municipal de Turismo e Cultura" in r.text
    assert "Alvará de Funcionamento do Profissional Liberal" in seed("000")
    assert chat.state["answers"]["alvara_number"] is None
    assert "CREF" in r.text  # the form goes on

    # An area that counts things is refused and nothing is kept; then an area in m².
    chat.say("CREF 012345-G/SP")
    r = chat.say("umas 6 pranchas e 2 tendas", "inform")
    assert "Li 6 pranchas e 2 tendas" in r.text and "metros quadrados (m²)" in r.text
    assert "occupied_area_m2" not in chat.state["answers"]
    r = chat.say("4 metros")
    assert "metros quadrados (m²)" in r.text and "occupied_area_m2" not in chat.state["answers"]
    r = chat.say("entre 10 e 12 m2")
    assert "Li mais de um valor (10, 12)" in r.text
    r = chat.say("3 x 4 m")
    assert chat.state["answers"]["occupied_area_m2"] == "12"
    assert "ponto licenciado" in r.text

    r = chat.say(r.payload("Enseada"))
    r = chat.say("o 3")
    r = chat.say("15/12/2026")
    r = chat.say("31/03/2027")
    assert "Confira" in r.text
    chat.say(r.payload("Confirmar"))
    submitted = body(sent[0])
    description = submitted["activity"]["description"]
    assert "nao tenho" not in description.lower() and "Alvará" not in description
    assert "Área ocupada: 12" in description


def test_no_alvara_yet_in_english(chat, api):
    chat.say("I want a surf school licence in Bertioga", "request_permit",
             [{"entity": "activity", "value": "surf_school"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    chat.slots["language"] = "en"
    chat.say('/inform{"choice": "legal_person"}')
    chat.say("yes", "affirm")
    chat.say("/affirm")
    chat.say("Ana Lima")
    chat.say("Surf Bertioga Ltda")
    chat.say(VALID_CNPJ)
    chat.say("13 99999-0000")
    chat.say("contact@surfbertioga.com.br")
    r = chat.say("I don't have one yet")
    assert "I'll leave" in r.text and "blank" in r.text
    assert "self-employed professional's operating licence" in r.text
    assert "deixo" not in r.text and chat.state["answers"]["alvara_number"] is None


@pytest.mark.parametrize("intent", ["deny", "affirm", "inform"])
def test_a_name_at_the_consent_prompt_asks_again_and_keeps_the_form(chat, api, intent):
    r = chat.say("quero licença de ambulante em Lajes", "request_permit",
                 [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    r = chat.say(r.payload("física"))
    assert "Você concorda?" in r.text
    for typed in ("Maria Aparecida Souza", "Ana S", "talvez"):
        r = chat.say(typed, intent, confidence=0.93)  # whatever NLU guessed
        assert chat.active, typed
        assert 'preciso de um "sim" claro' in r.text, typed
        assert "consent" not in chat.state["answers"] and chat.state["consent_given_at"] is None
    r = chat.say("sim, concordo")
    assert "nome completo" in r.text and chat.state["answers"]["consent"] is True


def test_a_name_at_the_consent_prompt_in_english(chat, api):
    r = chat.say("I want a street vendor licence in Lajes", "request_permit",
                 [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    chat.slots["language"] = "en"
    r = chat.say('/inform{"choice": "natural_person"}')
    r = chat.say("John Smith", "deny", confidence=0.9)
    assert chat.active and "consent" not in chat.state["answers"]
    assert 'I need a clear "yes"' in r.text and "Para continuar" not in r.text


def test_i_dont_know_at_a_yes_no_question_is_not_a_no(chat, api):
    """Bertioga asks whether the company is seated in the town (art. 4); a "no" ends the form, so
    "não sei" must not be read as one."""
    r = chat.say("quero licença pra alugar caiaque em Bertioga", "request_permit",
                 [{"entity": "activity", "value": "kayak"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    chat.say(r.payload("física"))
    r = chat.say("não sei", "deny", confidence=0.8)
    assert chat.active and "based_in_municipality" not in chat.state["answers"]
    assert 'Responda "sim" ou "não"' in r.text
    r = chat.say("sim", "affirm")
    assert "Você concorda?" in r.text


def test_an_age_given_as_a_bound_is_asked_again(chat, api):
    r = _pontal_vendor_to_the_exemption(chat)
    r = chat.say("corrigir isenção", "inform")  # back to "by age or by income?"
    assert chat.state["editing"] == "exemption"
    r = chat.say("não sei")  # close to the button "Não", but no choice
    assert chat.state["answers"].get("exemption") == "monthly_income_minimum_wages"
    assert 'Escolha "Por idade", "Por renda" ou "Não"' in r.text
    r = chat.say(r.payload("idade"))
    r = chat.say("mais de 60")
    assert "não de um limite" in r.text and "age" not in chat.state["answers"]
    r = chat.say("sessenta e três anos")
    assert chat.state["answers"]["age"] == 63 and "A isenção se aplica" in r.text
