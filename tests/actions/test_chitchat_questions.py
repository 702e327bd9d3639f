"""A question NLU placed in chit-chat — a language switch without a language, "cancelar" outside a form,
out of scope — is answered when its words ask about the law; a real switch, cancel or out-of-scope
message keeps its sentence (actions/qa/chitchat.py)."""

import pytest

from actions.common.i18n import render
from actions.qa.chitchat import ActionHelp, ActionOutOfScope, ActionSetLanguage

BERTIOGA = {"entity": "municipality", "value": "br-sp-bertioga"}


@pytest.mark.parametrize("action,intent,said_instead,follow_up,slots,before", [
    (ActionSetLanguage, "set_language", "language_set", "¿Y en caso de reincidencia?",
     {"topic": "fines", "municipality": "br-sp-igarapava"}, "¿Cuánto sale la multa en Igarapava si vendo comida en la calle?"),
    (ActionHelp, "cancel", "help", "¿y para una empresa de helados?",
     {"topic": "permission", "municipality": "br-pr-pontal-do-parana"},
     "Quiero vender helados en la arena en Pontal do Paraná. ¿Necesito permiso?"),
], ids=["as a language switch", "as cancel"])
def test_a_follow_up_read_as_chit_chat_is_answered(run, action, intent, said_instead, follow_up, slots, before):
    r = run(action(), follow_up, intent, slots={**slots, "language": "es"}, before=[before])
    assert r.text and render("es", said_instead) not in r.text


def test_a_question_read_as_a_language_switch_is_answered_in_any_language(run):
    r = run(ActionSetLanguage(), "how much free space must I leave on the sidewalk for pedestrians in Lajes?",
            "set_language", entities=[{"entity": "municipality", "value": "br-rn-lajes"}])
    assert r.text and render("en", "language_set") not in r.text


def test_a_language_switch_still_switches(run):
    r = run(ActionSetLanguage(), "em inglês, por favor", "set_language",
            entities=[{"entity": "language", "value": "en"}])
    assert r.slot("language") == "en" and r.text == render("en", "language_set")
    r = run(ActionSetLanguage(), "tem outras línguas?", "set_language")
    assert r.text == render("pt-BR", "language_set")


def test_a_real_cancel_outside_a_form_gets_help(run):
    for text in ("cancelar", "deixa pra lá", "never mind"):
        r = run(ActionHelp(), text, "cancel", slots={"topic": "fees"})
        assert any(render(lang, "help") in r.text for lang in ("pt-BR", "en")), text


def test_an_out_of_scope_question_about_the_law_is_answered(run):
    r = run(ActionOutOfScope(), "me secuestraron las tablas en bertioga, cuanto tiempo las guardan?",
            "out_of_scope", entities=[BERTIOGA])
    assert r.text and render("es", "out_of_scope") not in r.text
    r = run(ActionOutOfScope(), "how long do they keep seized boards in Bertioga?", "out_of_scope",
            entities=[BERTIOGA])
    assert r.text and render("en", "out_of_scope") not in r.text


def test_real_out_of_scope_messages_stay_out_of_scope(run):
    for text in ("horário do ônibus pra santos", "quanto custa a passagem de ônibus", "onde compro um caiaque usado",
                 "que horas começa o jogo do brasil", "multa de trânsito como recorrer no detran"):
        r = run(ActionOutOfScope(), text, "out_of_scope")
        assert r.text == render("pt-BR", "out_of_scope"), text


# The fallback (actions/qa/fallback.py) reads the message as the word-based readers do (turn.asked).
def test_a_spanish_question_nlu_could_not_place_is_answered_by_the_facts(run):
    from actions.qa.fallback import ActionDefaultFallback

    r = run(ActionDefaultFallback(), "¿Con cuánta anticipación tengo que pedir el permiso para un puesto en la fiesta de "
            "Igarapava?", "nlu_fallback", [{"entity": "municipality", "value": "br-sp-igarapava"}])
    assert r.text and not r.text.startswith("No estoy seguro"), r.text


def test_a_follow_up_after_a_question_answered_by_the_passages_continues_it(run):
    # the first question was answered by the search, which sets no topic: the question before is enough
    from actions.qa.fallback import ActionDefaultFallback

    r = run(ActionDefaultFallback(), "¿Y si es una empresa con varios vendedores?", "nlu_fallback",
            slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "language": "es"},
            before=["Quiero vender helados por la calle en Lajes con un carrito. ¿Necesito licencia?"])
    assert r.text and not r.text.startswith("No estoy seguro"), r.text


def test_a_follow_up_read_as_a_call_for_help_continues_the_question(run):
    # Igarapava LC 57/2018 art. 217: shops closed on Sundays and holidays
    from actions.qa.chitchat import ActionHelp

    slots = {"municipality": "br-sp-igarapava", "jurisdiction": "br-sp-igarapava", "topic": "hours"}
    text = run(ActionHelp(), "e no domingo?", "help", [], slots, before=["comércio em igarapava abre que horas?"]).text
    assert "Pergunte, por exemplo" not in text and "art. 217" in text.lower() and "fechad" in text
