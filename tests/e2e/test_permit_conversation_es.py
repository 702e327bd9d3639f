"""A pre-application in Spanish over the REST channel, from the first message to a protocol (issue 15).

An Argentine ice-cream seller asks in Spanish; every message the bot says back is in Spanish (the law's
own words, quoted in Portuguese, are said to be so), the form's buttons are Spanish, and the pre-application
reaches a protocol as a Portuguese one does (tests/e2e/test_permit_conversations.py, same stack).
The decisions that matter here are taken by the intent cues and the form readers, and the language by
the detector, so it does not hang on the Spanish NLU examples (bot/data/nlu/es_*.yml).
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_permit_conversations import VALID_CPF, Citizen, clerk, stack  # noqa: F401  (the module's stack)

pytestmark = pytest.mark.e2e

# Words only the Portuguese catalogue says to a citizen: none may reach a Spanish conversation.
_PORTUGUESE_FRAME = re.compile(r"\b(você|Qual o seu|Confira|Concordo|município\?|Não concordo|pré-pedido|Pular)\b")


def spanish(c: Citizen) -> str:
    text = c.text
    assert text, "the bot said nothing"
    assert not _PORTUGUESE_FRAME.search(text), text
    return text


def test_a_spanish_beach_vendor_in_pontal_reaches_a_protocol(stack):  # noqa: F811
    c = Citizen(stack, "es-pontal")
    c.say("Hola, quiero pedir la licencia para vender helados en la playa")
    assert "municipio" in spanish(c), c.text
    c.tap("Pontal")
    spanish(c)
    if "actividad" in c.text:  # the activity named in the first message may already be kept
        c.say("helados")
        spanish(c)
    c.tap("Temporada")
    c.tap("física")
    assert "¿Está de acuerdo?" in spanish(c) and "LGPD" in c.text
    c.tap("Estoy de acuerdo")
    assert "nombre completo" in spanish(c)
    c.say("María Fernanda Gómez")
    c.say("123.456.789-00")
    assert "Ese CPF no es válido" in spanish(c)
    c.say(VALID_CPF)
    c.say("+54 9 11 2345-6789")
    c.say("maria.gomez@example.com")
    assert "productos" in spanish(c)
    c.say("¿cuánto sale?")
    assert "UFM" in spanish(c) and "¿Qué productos va a vender?" in c.text
    c.say("helados de palito")
    spanish(c)
    c.say("Praia de Leste, frente al puesto de guardavidas")
    spanish(c)
    c.tap("Toda la temporada")
    spanish(c)
    if "exención" in c.text:
        c.tap("No")
    assert "Revise su solicitud previa" in spanish(c) and "Período: del" in c.text
    assert "Documentos que va a pedir el organismo" in c.text
    c.tap("Confirmar")
    text = spanish(c)
    assert "¡Listo!" in text and "Código de acceso" in text
    protocol, code = c.receipt()
    assert protocol.startswith("PON-")

    # The clerk sees the case as any other: the Spanish conversation changes nothing downstream.
    with clerk(stack) as api:
        case = api.get(f"/api/v1/clerk/preapplications/{protocol}").json()
        assert case["permit_kind"] == "pontal_summer_season_authorization"
        assert case["applicant_document"] == "52998224725" and case["contact_email"] == "maria.gomez@example.com"

    c.say(f"estado {protocol} {code}")
    assert protocol in spanish(c) and "recibido" in c.text
