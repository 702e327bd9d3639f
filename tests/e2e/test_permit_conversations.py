"""Pre-applications over the REST channel, from the first message to a protocol, then its status.

The three servers run as `make run` starts them, with a clerk account of this module's own
(CLERK_ACCOUNTS) so the test can decide a case through the clerk API as a municipal clerk would.
Dates are computed from today, so the test holds on any day of the year.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest

from tests.support.devstack import ROOT, Stack

MODEL = Path(os.environ.get("RASA_MODEL", ROOT / "models" / "bot.tar.gz"))
CLERK_TOKEN = secrets.token_urlsafe(32)
JURISDICTIONS = ("br-sp-bertioga", "br-pr-pontal-do-parana", "br-sp-igarapava", "br-rn-lajes", "pt")
VALID_CPF, VALID_CNPJ, VALID_NIF = "529.982.247-25", "11.222.333/0001-81", "501964843"


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` (or set RASA_MODEL) before the e2e tests")
    accounts = [{"username": "e2e-clerk", "token": CLERK_TOKEN, "roles": {j: "reviewer" for j in JURISDICTIONS}}]
    running = Stack(var_dir=tmp_path_factory.mktemp("permit-stack") / "var",
                    log_dir=ROOT / "tests" / "artifacts" / "e2e-permit-logs",
                    env_extra={"RASA_MODEL": str(MODEL), "CLERK_ACCOUNTS": json.dumps(accounts),
                               "PERMITS_SECRET_KEY": secrets.token_urlsafe(48)})
    with running.started():
        yield running


class Citizen:
    """One conversation over Rasa's REST channel."""

    def __init__(self, stack: Stack, sender: str) -> None:
        self.stack, self.sender = stack, f"web-{sender}-{secrets.token_hex(4)}"
        self.last: list[dict] = []

    def say(self, message: str) -> str:
        self.last = self.stack.say(self.sender, message, timeout=60)
        return self.text

    @property
    def text(self) -> str:
        return "\n".join(m.get("text", "") for m in self.last if m.get("text")).replace("\u00a0", " ")

    def tap(self, title_part: str) -> str:
        buttons = [b for m in self.last for b in m.get("buttons") or []]
        for b in buttons:
            if title_part.lower() in b["title"].lower():
                return self.say(b["payload"])
        raise AssertionError(f"no button {title_part!r} in {[b['title'] for b in buttons]}; last text: {self.text}")

    def receipt(self) -> tuple[str, str]:
        protocol = re.search(r"\b([A-Z]{3}-\d{4}-\d{6})\b", self.text)
        code = re.search(r"\b([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b", self.text)
        assert protocol and code, self.text
        return protocol.group(1), code.group(1)


def fmt(day: date) -> str:
    return day.strftime("%d/%m/%Y")


def clerk(stack: Stack) -> httpx.Client:
    return httpx.Client(base_url=stack.api_url, headers={"Authorization": f"Bearer {CLERK_TOKEN}"}, timeout=10)


def personal(c: Citizen, *, name: str, document: str, phone: str, email: str) -> str:
    assert "concorda" in c.text.lower() or "agree" in c.text.lower(), c.text
    c.tap("Concordo")
    c.say(name)
    c.say(document)
    c.say(phone)
    return c.say(email)


def test_beach_vendor_in_pontal_to_a_protocol_then_its_status(stack):
    c = Citizen(stack, "pontal")
    c.say("Quero pedir autorização para vender na praia")
    assert "município" in c.text
    c.tap("Pontal")
    c.say("sorvete")
    c.tap("Temporada")
    c.tap("física")
    c.tap("Concordo")
    c.say("Maria Aparecida Souza")
    c.say("123.456.789-00")
    assert "CPF não é válido" in c.text and "Qual o seu CPF?" in c.text
    c.say(VALID_CPF)
    c.say("(41) 99999-1234")
    c.say("maria@example.com")
    assert "produtos" in c.text
    c.say("quanto custa?")
    assert "2,00 UFM" in c.text and "Quais produtos você vai vender?" in c.text
    c.say("sorvete de palito")
    c.say("Praia de Leste, em frente ao posto")
    outside = date(date.today().year + 1, 4, 15)
    c.say(fmt(outside))
    assert "fora da temporada" in c.text and "31 de março" in c.text
    c.tap("Temporada toda")
    c.tap("Não")  # no exemption claimed
    assert "Confira o seu pré-pedido" in c.text and "1,00 UFM" in c.text
    c.say("corrigir email")
    c.say("maria.souza@example.com")
    assert "maria.souza@example.com" in c.text
    c.tap("Confirmar")
    protocol, code = c.receipt()
    assert protocol.startswith("PON-")

    with clerk(stack) as api:
        case = api.get(f"/api/v1/clerk/preapplications/{protocol}").json()
        assert case["permit_kind"] == "pontal_summer_season_authorization"
        assert case["applicant_document"] == "52998224725" and case["contact_email"] == "maria.souza@example.com"
        assert api.post(f"/api/v1/clerk/preapplications/{protocol}/status", json={"status": "under_review"}).status_code == 200
        assert api.post(f"/api/v1/clerk/preapplications/{protocol}/status",
                        json={"status": "approved", "reason": "Retire o crachá na Prefeitura"}).status_code == 200

    later = Citizen(stack, "later")
    later.say(f"status {protocol} {code}")
    assert protocol in later.text and "aprovado" in later.text and "Retire o crachá na Prefeitura" in later.text


def test_pontal_annual_occupation_deck_per_square_metre(stack):
    c = Citizen(stack, "deck")
    c.say("quero pedir permissão para mesas e deck no calçadão em Pontal")
    personal(c, name="Bar do Zé Ltda", document=VALID_CNPJ, phone="41 3455-1234", email="bar@example.com")
    c.tap("Estrutura fixa")
    c.say("12,5")
    c.say("8")
    c.tap("Calçadão")
    c.tap("Ipanema")
    c.say(fmt(date.today() + timedelta(days=30)))
    assert "0,30 UFM" in c.text and "3,75 UFM" in c.text
    c.tap("Confirmar")
    assert c.receipt()[0].startswith("PON-")


def test_bertioga_surf_school_at_a_licensed_point(stack):
    c = Citizen(stack, "surf")
    c.say("quero licença para minha escola de surf em Bertioga")
    c.tap("jurídica")
    c.tap("Sim")
    c.tap("Concordo")
    c.say("Ana Lima")
    c.say("Surf Bertioga Ltda")
    c.say(VALID_CNPJ)
    c.say("13 99999-0000")
    c.tap("Pular")
    c.say("12345/2025")
    c.say("CREF 012345-G/SP")
    c.say("25 m2")
    c.say("Enseada ponto 30")
    assert "não tem o ponto 30" in c.text
    c.say("Enseada, ponto 3")
    c.say(fmt(date.today() + timedelta(days=10)))
    c.say(fmt(date.today() + timedelta(days=90)))
    assert "Praia da Enseada, ponto 03" in c.text
    c.tap("Confirmar")
    protocol, _ = c.receipt()
    with clerk(stack) as api:
        case = api.get(f"/api/v1/clerk/preapplications/{protocol}").json()
    assert case["place"]["point_id"] == "enseada-03" and case["applicant_name"] == "Surf Bertioga Ltda"


def test_bertioga_nautical_rental(stack):
    c = Citizen(stack, "sup")
    c.say("quero pedir licença pra alugar caiaque em Bertioga")
    c.tap("física")
    c.tap("Sim")
    personal(c, name="João Pedro Alves", document=VALID_CPF, phone="13 98888-1111", email="joao@example.com")
    c.say("7788/2025")
    c.say("10")
    c.tap("Guaratuba")  # one point: chosen at once
    c.say(fmt(date.today() + timedelta(days=5)))
    c.say(fmt(date.today() + timedelta(days=60)))
    c.tap("Confirmar")
    assert c.receipt()[0].startswith("BER-")


def test_igarapava_food_truck_is_refused_to_a_natural_person(stack):
    c = Citizen(stack, "foodtruck")
    c.say("Quero tirar o alvará do meu food truck em Igarapava")
    c.tap("física")
    assert "Só pessoa jurídica pode requerer" in c.text and "art. 96" in c.text
    c.say("obrigado")
    assert "Por nada" in c.text  # the form is over


def test_igarapava_event_stall_lead_time_then_a_protocol(stack):
    c = Citizen(stack, "stall")
    c.say("quero licença para barraca em evento em Igarapava")
    personal(c, name="José Carlos Pereira", document=VALID_CPF, phone="16 99999-2222", email="jose@example.com")
    c.say("Festa do Peão")
    c.say("4")
    c.tap("Sim")
    c.say("das 18h às 23h")
    c.say("Recinto de exposições")
    c.say(fmt(date.today() + timedelta(days=1)))
    assert "dias úteis" in c.text
    c.say(fmt(date.today() + timedelta(days=30)))
    c.tap("Só nesse dia")
    c.tap("Confirmar")
    assert c.receipt()[0].startswith("IGA-")


def test_igarapava_public_area_trade(stack):
    c = Citizen(stack, "publicarea")
    c.say("quero autorização pra vender em área pública em Igarapava")
    c.tap("coco verde")
    personal(c, name="Maria das Dores Lima", document=VALID_CPF, phone="16 99999-1111", email="maria@example.com")
    c.say("coco verde gelado")
    c.say("Praça da Matriz")
    c.say(fmt(date.today() + timedelta(days=3)))
    c.say(fmt(date.today() + timedelta(days=93)))
    c.tap("Confirmar")
    assert c.receipt()[0].startswith("IGA-")


def test_lajes_itinerant_licence(stack):
    c = Citizen(stack, "lajes")
    c.say("quero licença de ambulante em Lajes")
    c.tap("física")
    personal(c, name="Francisca das Chagas Silva", document=VALID_CPF, phone="84 98888-7777", email="francisca@example.com")
    c.say("16")
    assert "maior de 18 anos" in c.text
    c.say("32")
    c.say("milho cozido e pamonha")
    c.say("Centro, perto da feira")
    c.say("hoje")
    c.tap("Confirmar")
    assert c.receipt()[0].startswith("LAJ-")


def test_portugal_operator_licence(stack):
    c = Citizen(stack, "portugal")
    c.say("Quero pedir licença para passeios de barco em Portugal")
    c.tap("colectiva")
    assert "RGPD" in c.text
    c.tap("Concordo")
    c.say("Passeios da Ria, Lda.")
    c.say("501964844")
    assert "NIF não é válido" in c.text
    c.say(VALID_NIF)
    c.say("912 345 678")
    c.say("ria@example.pt")
    c.say("passeios marítimo-turísticos")
    c.say("2 embarcações: Gaivota e Maré")
    c.say("Ria Formosa, Faro")
    c.say(fmt(date.today() + timedelta(days=20)))
    c.say(fmt(date.today() + timedelta(days=200)))
    assert "205 €" in c.text
    c.tap("Confirmar")
    assert c.receipt()[0].startswith("PRT-")


def test_cancel_in_the_middle(stack):
    c = Citizen(stack, "cancel")
    c.say("quero licença de ambulante em Lajes")
    c.tap("física")
    c.tap("Concordo")
    c.say("Francisca das Chagas Silva")
    c.say("cancelar")
    assert "Pedido cancelado" in c.text
    c.say("cancelar")  # no form any more: the help
    assert "Pergunte" in c.text
