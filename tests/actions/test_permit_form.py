"""The pre-application conversation, turn by turn, against the real permits API (in-process, SQLite).

Each test plays what a citizen types or taps; the actions run as Rasa runs them
(tests/support/permit_conversation.py), and the submission goes through the API's own validation and storage.
Legal figures the conversation shows are checked against the norm texts in knowledge/norms/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.permits.client import PermitsApi
from tests.support.permit_conversation import Conversation
from actions.permits.status import ActionCheckStatus
from api.db import dispose_engines
from api.main import create_app
from api.permits.settings import ClerkAccount, PermitSettings, get_permit_settings

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
TODAY = date(2026, 12, 2)  # a Wednesday, inside Pontal's summer season
CLERK_TOKEN = "clerk-token-for-the-chat-tests-0123456789"
VALID_CPF, VALID_CNPJ, VALID_NIF = "529.982.247-25", "11.222.333/0001-81", "501964843"


def seed(prefix: str) -> str:
    """The text of a norm as received (knowledge/norms/<prefix>_*.txt), whitespace collapsed."""
    (path,) = NORMS.glob(f"{prefix}_*.txt")
    return " ".join(path.read_text(encoding="utf-8").split())


@pytest.fixture
def api(tmp_path) -> Iterator[tuple[PermitsApi, TestClient, list]]:
    """The permits API in-process; the chat's client goes through it and every request is recorded."""
    settings = PermitSettings(
        database_url=f"sqlite:///{tmp_path / 'permits.db'}", var_dir=tmp_path,
        clerk_accounts=[ClerkAccount(username="clerk", token=CLERK_TOKEN,
                                     roles={j: "reviewer" for j in ("br-sp-bertioga", "br-pr-pontal-do-parana",
                                                                    "br-sp-igarapava", "br-rn-lajes", "pt")})],
        permits_secret_key="a-secret-key-for-the-chat-tests-0123456789",
    )
    app = create_app()
    app.dependency_overrides[get_permit_settings] = lambda: settings
    sent: list[httpx.Request] = []
    with TestClient(app) as client:
        inner = client._transport

        class Recording(httpx.BaseTransport):
            def handle_request(self, request: httpx.Request) -> httpx.Response:
                sent.append(request)
                return inner.handle_request(request)

        yield PermitsApi("http://testserver", transport=Recording()), client, sent
    dispose_engines()


@pytest.fixture
def chat(api) -> Conversation:
    return Conversation(clock_day=TODAY, api=api[0])


def body(request: httpx.Request) -> dict:
    return json.loads(request.content)


def test_beach_vendor_in_pontal_from_a_vague_request_to_a_protocol(chat, api):
    _, client, sent = api
    r = chat.say("Quero pedir autorização para vender na praia", "request_permit")
    assert "município" in r.text
    r = chat.say(r.payload("Pontal"))
    assert "atividade" in r.text
    r = chat.say("sorvete")
    assert "temporada de verão" in r.text  # two permits fit: the season authorisation or the annual one
    r = chat.say(r.payload("Temporada"))
    r = chat.say(r.payload("física"))
    # Consent comes before any personal question, with the text version the API will store.
    assert "LGPD" in r.text and "concorda" in r.text.lower()
    assert chat.state["answers"].keys() == {"person_type"}
    r = chat.say("/affirm")
    assert "nome completo" in r.text
    r = chat.say("Maria Aparecida Souza")
    r = chat.say("123.456.789-00")
    assert "CPF não é válido" in r.text and r.text.rstrip().endswith("Qual o seu CPF?")
    r = chat.say(VALID_CPF)
    r = chat.say("(41) 99999-1234")
    r = chat.say("maria@example.com")
    assert "produtos" in r.text

    # A question in the middle: answered from the rules (Anexo VI: 2,00 and 1,00 UFM), then the same question.
    r = chat.say("quanto custa?", "ask_fee")
    assert "2,00 UFM" in r.text and "1,00 UFM" in r.text
    assert "período anual ou fração quadrimestral 2,00 1,00" in seed("003")
    assert r.messages[-1]["text"].startswith("Quais produtos você vai vender?")

    r = chat.say("sorvete de palito e picolé")
    r = chat.say("Praia de Leste, em frente ao posto")
    # A date outside the season: the specific reason (art. 9 § 1) and the same question.
    r = chat.say("15/04/2027")
    assert "15/04/2027 fica fora da temporada" in r.text and "31 de março" in r.text
    assert "será válida de 1º de dezembro a 31 de março" in seed("003")
    r = chat.say("30/11/2026")
    assert "já passou" in r.text
    r = chat.say(r.payload("Temporada toda"))
    # The exemption of art. 9 § 3 ("mais de sessenta anos"): age 65 exempts from the fee.
    assert "mais de 60 anos" in r.text
    assert "contar com mais de sessenta anos de idade" in seed("003")
    r = chat.say(r.payload("idade"))
    r = chat.say("65")
    assert "A isenção se aplica" in r.text
    assert "isento" in r.text and "Período: de 02/12/2026 a 31/03/2027" in r.text
    assert "Corrigir e-mail" in [b["title"] for b in r.buttons]

    # A correction from the summary, typed (NLU calls it ask_after_fine); then the summary again.
    r = chat.say("corrigir email", "ask_after_fine", confidence=0.98)
    assert "e-mail" in r.text.lower()
    r = chat.say("maria.souza@example.com")
    assert "maria.souza@example.com" in r.text and "Confira" in r.text
    assert not sent  # nothing left the chat before the confirmation

    r = chat.say(r.payload("Confirmar"))
    assert len(sent) == 1
    submitted = body(sent[0])
    assert submitted["permit_kind"] == "pontal_summer_season_authorization"
    assert submitted["activity"] == {"id": "ice_cream", "category": "sand_food",
                                     "description": submitted["activity"]["description"]}
    assert submitted["applicant"] == {"name": "Maria Aparecida Souza", "document_type": "cpf",
                                      "document_number": "52998224725"}
    assert submitted["contact"] == {"phone": "+5541999991234", "email": "maria.souza@example.com"}
    assert submitted["period"] == {"start": "2026-12-02", "end": "2027-03-31"}
    assert submitted["exemption_claims"][0]["kind"] == "low_income_or_over_60"
    assert submitted["consent"]["text_version"].startswith("lgpd-")
    assert [line["discount_percent"] for line in submitted["fee_estimate"]["lines"]] == ["100", "100"]
    assert sent[0].headers["Idempotency-Key"]

    protocol = next(line.split(": ")[1] for line in r.text.splitlines() if line.startswith("Protocolo"))
    code = next(line.split(": ")[1] for line in r.text.splitlines() if line.startswith("Código de acesso"))
    assert protocol.startswith("PON-2026-")
    assert chat.state is None  # the application's personal answers leave the conversation

    # The clerk decides; the citizen asks in another conversation.
    headers = {"Authorization": f"Bearer {CLERK_TOKEN}"}
    assert client.post(f"/api/v1/clerk/preapplications/{protocol}/status", headers=headers,
                       json={"status": "under_review"}).status_code == 200
    assert client.post(f"/api/v1/clerk/preapplications/{protocol}/status", headers=headers,
                       json={"status": "needs_info", "reason": "Falta a declaração de idade"}).status_code == 200
    status = _check_status(client, f"status {protocol} {code}")
    assert protocol in status and "mais informações" in status and "Falta a declaração de idade" in status


def _check_status(client: TestClient, text: str) -> str:
    dispatcher = CollectingDispatcher()
    tracker = Tracker("web-another", {}, {"text": text, "intent": {"name": "check_status", "confidence": 1},
                                           "entities": []}, [], False, None, {}, "action_listen")
    ActionCheckStatus(transport=client._transport).run(dispatcher, tracker, {})
    return "\n".join(m["text"] for m in dispatcher.messages)


def _personal(chat, *, name="Maria Aparecida Souza", document=VALID_CPF, phone="(41) 99999-1234", email="pular"):
    chat.say("/affirm")
    chat.say(name)
    chat.say(document)
    chat.say(phone)
    return chat.say(email)


def test_pontal_deck_on_a_boardwalk_is_charged_per_square_metre(chat, api):
    sent = api[2]
    chat.say("quero pedir permissão para mesas e deck no calçadão em Pontal", "request_permit",
             [{"entity": "activity", "value": "sidewalk_tables"}, {"entity": "municipality", "value": "br-pr-pontal-do-parana"}])
    r = _personal(chat, name="Bar do Zé Ltda", document=VALID_CNPJ, phone="41 3455-1234")
    r = chat.say(r.payload("Estrutura fixa"))
    r = chat.say("12,5 m²")
    r = chat.say("8")
    r = chat.say(r.payload("Calçadão"))
    assert "Em qual calçadão" in r.text
    r = chat.say("Ipanema")
    r = chat.say("10/01/2027")
    # Annual use: 1 year (art. 14 § único); deck = uninterrupted occupation, 0,30 UFM per m² (Anexo X).
    assert "de 10/01/2027 a 09/01/2028" in r.text
    assert "0,30 UFM por m² × 12.5 m² = 3,75 UFM" in r.text or "0,30 UFM por m² × 12,5 m² = 3,75 UFM" in r.text
    assert "colocação de estruturas em caráter definitivo (deque, pirâmides, barracas, etc) - período anual ou fração tri mestral 0,30/m²" in seed("003")
    chat.say("confirmar", "affirm")
    submitted = body(sent[0])
    assert submitted["permit_kind"] == "pontal_annual_occupation"
    assert submitted["applicant"]["document_type"] == "cnpj"
    assert submitted["place"] == {"description": "Calçadão de Ipanema", "point_id": "calcadao_ipanema"}


def test_surf_school_in_bertioga_at_a_licensed_point(chat, api):
    sent = api[2]
    r = chat.say("quero licença para minha escola de surf em Bertioga", "request_permit",
                 [{"entity": "activity", "value": "surf_school"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    r = chat.say(r.payload("jurídica"))
    r = chat.say("sim", "affirm")
    r = chat.say("/affirm")
    assert "responsável" in r.text
    chat.say("Ana Lima")
    r = chat.say("Surf Bertioga Ltda")
    assert "CNPJ" in r.text
    chat.say(VALID_CNPJ)
    chat.say("13 99999-0000")
    chat.say("contato@surfbertioga.com.br")
    chat.say("12345/2025")
    chat.say("CREF 012345-G/SP")
    r = chat.say("25 m2")
    assert "ponto licenciado" in r.text
    assert r.custom and r.custom[0]["places"]["features"]  # the widget's map of the points
    r = chat.say("Enseada ponto 30")
    assert "não tem o ponto 30" in r.text
    # Standing 670 m away from Enseada 01 (art. 14): not inside any point.
    r = chat.say('/share_location{"latitude": -23.8460, "longitude": -46.1380}')
    assert "ponto licenciado mais próximo" in r.text
    r = chat.say("Riviera, ponto 6")  # Riviera's numbering skips 06 (art. 15)
    assert "não tem o ponto 6" in r.text
    assert "V – Ponto 05: módulo 05" in seed("000") and "VI – Ponto 07: módulo 06" in seed("000")
    r = chat.say(r.payload("Enseada"))
    assert "Qual ponto da Praia da Enseada" in r.text
    r = chat.say("o 3, por favor")
    assert chat.state["answers"]["licensed_point"]["id"] == "enseada-03"
    r = chat.say("15/12/2026")
    r = chat.say("31/03/2027")
    assert "Praia da Enseada, ponto 03" in r.text
    chat.say(r.payload("Confirmar"))
    submitted = body(sent[0])
    assert submitted["permit_kind"] == "bertioga_surf_school_licence"
    assert submitted["applicant"] == {"name": "Surf Bertioga Ltda", "document_type": "cnpj",
                                      "document_number": "11222333000181"}
    assert submitted["place"]["point_id"] == "enseada-03"
    assert submitted["place"]["latitude"] == pytest.approx(-23.841, abs=1e-3)


def test_bertioga_requires_a_seat_in_the_municipality_and_stops_otherwise(chat, api):
    r = chat.say("quero pedir licença pra alugar caiaque em Bertioga", "request_permit",
                 [{"entity": "activity", "value": "kayak"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    chat.say(r.payload("física"))
    r = chat.say("não", "deny")
    assert "sede no Município de Bertioga" in r.text and "art. 4" in r.text
    assert "nada foi enviado" in r.text
    assert chat.active is False and not api[2]


def test_food_truck_in_igarapava_is_for_companies_only(chat, api):
    r = chat.say("Quero tirar o alvará do meu food truck em Igarapava", "request_permit",
                 [{"entity": "activity", "value": "food_truck"}, {"entity": "municipality", "value": "br-sp-igarapava"}])
    assert "pessoa física" in r.text
    r = chat.say("pessoa física")
    assert "Só pessoa jurídica pode requerer" in r.text and "art. 96" in r.text
    assert "poderá ser requerido apenas por pessoa juridica" in seed("001").replace("Alvara de Autorizagdo podera", "poderá")
    assert chat.active is False and not api[2]


def test_food_truck_for_a_company_asks_the_cnpj_once(chat, api):
    r = chat.say("food truck em Igarapava", "request_permit",
                 [{"entity": "activity", "value": "food_truck"}, {"entity": "municipality", "value": "br-sp-igarapava"}])
    r = chat.say(r.payload("jurídica"))
    r = chat.say("/affirm")
    assert "razão social" in r.text
    chat.say("Lanches Igarapava Ltda")
    r = chat.say("Paulo Henrique Dias")
    assert "CNPJ" in r.text
    r = chat.say("11.222.333/0001-82")
    assert "CNPJ não é válido" in r.text
    r = chat.say(VALID_CNPJ)
    assert "telefone" in r.text
    assert chat.state["answers"]["cnpj"] == "11222333000181"


def test_event_stall_needs_ten_working_days(chat, api):
    sent = api[2]
    chat.say("quero barraca em evento em Igarapava", "request_permit",
             [{"entity": "activity", "value": "event_stall"}, {"entity": "municipality", "value": "br-sp-igarapava"}])
    _personal(chat, name="José Carlos Pereira", email="jose@example.com")
    chat.say("Festa do Peão")
    chat.say("4 m2")
    chat.say("sim", "affirm")
    chat.say("das 18h às 23h")
    r = chat.say("Recinto de exposições")
    assert "10 dias úteis" in r.text
    assert "no prazo minimo de 10 (dez) dias Uteis antes da realizagao do evento" in seed("001")
    r = chat.say("08/12/2026")
    assert "Faltam só 3 dias úteis até 08/12/2026" in r.text
    r = chat.say("17/12/2026")  # Thu 3 … Wed 16: ten working days
    assert "Até que dia vai o evento" in r.text
    r = chat.say(r.payload("Só nesse dia"))
    chat.say(r.payload("Confirmar"))
    submitted = body(sent[0])
    assert submitted["permit_kind"] == "igarapava_event_stall_licence"
    assert submitted["period"] == {"start": "2026-12-17", "end": "2026-12-17"}


def test_portugal_operator_licence_in_european_portuguese_with_a_nif(chat, api):
    sent = api[2]
    r = chat.say("Quero pedir licença para passeios de barco em Portugal", "request_permit",
                 [{"entity": "activity", "value": "boat_tour"}, {"entity": "municipality", "value": "pt"}])
    assert "pessoa singular" in r.text  # pt-PT wording
    r = chat.say("empresa")
    assert "RGPD" in r.text
    r = chat.say("/affirm")
    assert "firma da empresa" in r.text
    chat.say("Passeios da Ria, Lda.")
    r = chat.say("501964844")
    assert "NIF não é válido" in r.text
    chat.say(VALID_NIF)
    r = chat.say("912 345 678")
    chat.say("ria@example.pt")
    chat.say("passeios marítimo-turísticos")
    chat.say("2 embarcações: Gaivota e Maré")
    chat.say("Ria Formosa, Faro")
    chat.say("1/2/2027")
    r = chat.say("30/11/2027")
    # RAMT, Anexo II, 1: licence issued for 205 euro.
    assert "205 €" in r.text
    assert "Emissão de licença - (euro) 205" in seed("002")
    chat.say(r.payload("Confirmar"))
    submitted = body(sent[0])
    assert submitted["jurisdiction_id"] == "pt"
    assert submitted["applicant"] == {"name": "Passeios da Ria, Lda.", "document_type": "nif", "document_number": VALID_NIF}
    assert submitted["contact"]["phone"] == "+351912345678"
    assert submitted["consent"]["text_version"].startswith("rgpd-") and submitted["consent"]["text_version"].endswith("pt-PT")


def test_public_area_trade_in_igarapava(chat, api):
    sent = api[2]
    r = chat.say("quero autorização pra vender em área pública em Igarapava", "request_permit",
                 [{"entity": "municipality", "value": "br-sp-igarapava"}])
    assert "Qual atividade" in r.text
    r = chat.say("vender coco verde")
    assert "área pública" in r.text
    _personal(chat, email="maria@example.com")
    chat.say("coco verde gelado")
    chat.say("Praça da Matriz")
    chat.say("05/12/2026")
    r = chat.say("05/03/2027")
    assert "legislação tributária" in r.text  # the fee is left to the tax law (art. 28)
    chat.say("enviar")
    assert body(sent[0])["permit_kind"] == "igarapava_public_area_trade_authorization"


def test_itinerant_licence_in_lajes_refuses_under_18_and_ends_on_31_december(chat, api):
    sent = api[2]
    r = chat.say("quero licença de ambulante em Lajes", "request_permit",
                 [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    chat.say(r.payload("física"))
    _personal(chat, name="Francisca das Chagas Silva", phone="84 98888-7777")
    r = chat.say("16")
    assert "maior de 18 anos" in r.text and "art. 64" in r.text and r.text.rstrip().endswith("Qual a sua idade?")
    assert "V - ser maior de 18 anos;" in seed("004")
    chat.say("32")
    chat.say("milho cozido e pamonha")
    chat.say("Centro, perto da feira")
    r = chat.say("hoje")
    assert "de 02/12/2026 a 31/12/2026" in r.text  # valid for the calendar year (art. 12)
    chat.say("confirmar", "affirm")
    assert body(sent[0])["permit_kind"] == "lajes_itinerant_licence"


def test_cancel_in_the_middle_sends_nothing(chat, api):
    chat.say("quero licença de ambulante em Lajes", "request_permit",
             [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    chat.say("/inform{\"choice\": \"natural_person\"}")
    chat.say("/affirm")
    r = chat.say("cancelar", "cancel", confidence=0.99)
    assert "Pedido cancelado" in r.text and "Nada foi enviado" in r.text
    assert chat.active is False and chat.state is None and not api[2]


def test_an_email_that_nlu_calls_cancel_is_an_email(chat, api):
    chat.say("quero licença de ambulante em Lajes", "request_permit",
             [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    chat.say("/inform{\"choice\": \"natural_person\"}")
    _personal(chat, phone="pular", email="")
    r = chat.say("maria@gmail.com", "cancel", confidence=0.52)  # what the model says of this e-mail
    assert chat.active and chat.state["answers"]["email"] == "maria@gmail.com"
    assert "idade" in r.text


def test_refused_consent_stores_nothing(chat, api):
    r = chat.say("quero licença de ambulante em Lajes", "request_permit",
                 [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    chat.say(r.payload("física"))
    r = chat.say("/deny")
    assert "sem o seu consentimento não guardo nem envio nada" in r.text
    assert chat.active is False and chat.state is None and not api[2]


def test_names_in_answers_do_not_move_the_conversation_to_another_town(chat, api):
    chat.say("quero licença de ambulante em Lajes", "request_permit",
             [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    chat.say("/inform{\"choice\": \"natural_person\"}")
    chat.say("/affirm")
    chat.say("Maria Aparecida dos Santos", entities=[{"entity": "municipality", "value": "Santos"}])
    assert chat.slots["municipality"] == "br-rn-lajes"
    assert chat.state["answers"]["applicant_name"] == "Maria Aparecida dos Santos"


def _to_summary(chat):
    chat.say("quero licença de ambulante em Lajes", "request_permit",
             [{"entity": "activity", "value": "itinerant_vendor"}, {"entity": "municipality", "value": "br-rn-lajes"}])
    chat.say("/inform{\"choice\": \"natural_person\"}")
    _personal(chat)
    chat.say("40")
    chat.say("pipoca")
    chat.say("Centro")
    chat.say("Rua Principal, em frente à igreja")
    return chat.say("15/12/2026")


def test_a_failed_submission_is_retried_with_the_same_idempotency_key():
    calls: list[httpx.Request] = []

    def flaky(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        if len(calls) <= 2:  # the first confirmation: both attempts fail
            return httpx.Response(503, json={"detail": "down"})
        return httpx.Response(201, json={"protocol": "LAJ-2026-000007", "access_code": "7K2M-9QXD-4T0B",
                                         "status": "submitted"})

    chat = Conversation(clock_day=TODAY, api=PermitsApi("http://api", transport=httpx.MockTransport(flaky)))
    r = _to_summary(chat)
    r = chat.say(r.payload("Confirmar"))
    assert "Não consegui enviar agora" in r.text and chat.active
    r = chat.say(r.payload("Confirmar"))
    assert "LAJ-2026-000007" in r.text and "7K2M-9QXD-4T0B" in r.text
    keys = {c.headers["Idempotency-Key"] for c in calls}
    assert len(calls) == 3 and len(keys) == 1


def test_a_retry_after_a_lost_answer_gets_the_same_protocol(api):
    """The API answers a replay of the same key and body with the same protocol and code."""
    permits, client, sent = api
    first = Conversation(clock_day=TODAY, api=permits)
    r = _to_summary(first)
    r = first.say(r.payload("Confirmar"))
    again = permits.submit(body(sent[0]), idempotency_key=sent[0].headers["Idempotency-Key"])
    assert again.protocol in r.text and again.access_code in r.text


def test_the_summary_no_means_which_item(chat, api):
    _to_summary(chat)
    r = chat.say("não", "deny")
    assert "Qual dado você quer corrigir?" in r.text
    assert "Confira" not in r.text  # just the question, not the whole summary again
    r = chat.say(r.payload("Corrigir documento"))
    assert "CPF" in r.text
    r = chat.say("111.444.777-35")
    assert "CPF 111.444.777-35" in r.text


def test_english_conversation(chat, api):
    r = chat.say("I want to apply for a surf school licence in Bertioga", "request_permit",
                 [{"entity": "activity", "value": "surf_school"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    chat.slots["language"] = "en"
    assert chat.state["language"] == "en"
    r = chat.say(r.payload("individual") if any("ndividual" in b["title"] for b in r.buttons) else "/inform{\"choice\": \"natural_person\"}")
    r = chat.say("yes", "affirm")
    assert "Do you agree?" in r.text and "LGPD" in r.text


def test_a_wrong_date_that_nlu_calls_a_question_gets_the_reason_not_a_law_search(chat, api):
    chat.say("Quero pedir autorização para vender na praia em Pontal", "request_permit",
             [{"entity": "municipality", "value": "br-pr-pontal-do-parana"}, {"entity": "activity", "value": "ice_cream"}])
    chat.say('/inform{"choice": "summer_season"}')
    chat.say('/inform{"choice": "natural_person"}')
    _personal(chat)
    chat.say("sorvete")
    chat.say("Praia de Leste")
    r = chat.say("15/04/2027", "ask_law", confidence=0.7)
    assert "fora da temporada" in r.text and "texto da lei" not in r.text


def test_a_question_without_question_mark_in_the_middle_is_answered(chat, api):
    chat.say("Quero pedir autorização para vender na praia em Pontal", "request_permit",
             [{"entity": "municipality", "value": "br-pr-pontal-do-parana"}, {"entity": "activity", "value": "ice_cream"}])
    chat.say('/inform{"choice": "summer_season"}')
    r = chat.say("qual a multa por vender sem licença", "ask_fine", confidence=0.95)
    assert "R$ 300,00" in r.text.replace("\u00a0", " ")  # Pontal's fine, art. 36: R$ 300,00 to R$ 12.000,00
    assert r.messages[-1]["text"].startswith("Você vai pedir como pessoa física")


def test_a_shared_location_answers_which_municipality(chat, api):
    r = chat.say("Quero pedir autorização para vender na praia", "request_permit")
    assert "município" in r.text
    # Somewhere none of the five norms covers (São Paulo city): said so, and the question stays.
    r = chat.say('/share_location{"latitude": -23.5505, "longitude": -46.6333}')
    assert "fora dos lugares que cubro" in r.text and "Pontal do Paraná" in r.text
    assert chat.state["jurisdiction"] is None
    # Praia de Leste, Pontal do Paraná: the location is described and the form moves on to the activity.
    r = chat.say('/share_location{"latitude": -25.67, "longitude": -48.47}')
    assert "Pontal do Paraná" in r.text
    assert chat.state["jurisdiction"] == "br-pr-pontal-do-parana"
    assert "atividade" in r.text


def test_an_activity_name_nlu_split_in_two_tags_starts_the_right_permit(chat, api):
    # The first tag means nothing on its own: the form then reads the activity in the whole text.
    text = "Quero licenciar os meus passeios de banana rebocada em Portugal"
    tags = [{"entity": "activity", "value": v, "start": text.index(v), "end": text.index(v) + len(v)}
            for v in ("passeios de", "banana rebocada")]
    chat.say(text, "request_permit", [*tags, {"entity": "municipality", "value": "pt"}])
    assert chat.state["activity"] == "banana_boat"
    assert chat.state["jurisdiction"] == "pt"
