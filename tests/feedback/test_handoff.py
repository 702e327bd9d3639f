"""Handoff: from the contact answer the citizen sends the conversation's question to the office; the
clerk answers it at /clerk/tickets and the reply reaches the citizen on the same channel (Telegram
sendMessage; WhatsApp text inside the 24-hour window, template outside; the widget fetches it). The
channel address is kept only until then."""

import json
import re
import time

from api.channels.catalog import get_catalog
from api.handoff.models import HandoffTicket
from tests.channels.conftest import TG_SECRET, WA_APP_SECRET
from tests.support.channel_fakes import sign_whatsapp_body, tg_callback_update, tg_text_update, wa_button_reply_event, wa_text_event
from .conftest import rows
from .test_feedback import QUESTION, SENDER, chat

catalog = get_catalog()
HANDOFF = "#handoff:br-rn-lajes"
TOKEN = "clerk-token-1"


def login(client):
    assert client.post("/clerk/login", data={"token": TOKEN}, follow_redirects=False).status_code == 303


def reply_as_clerk(client, ticket_id: int, text: str):
    login(client)
    page = client.get(f"/clerk/tickets/{ticket_id}")
    assert page.status_code == 200
    csrf = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page.text).group(1)
    response = client.post(f"/clerk/tickets/{ticket_id}/reply", data={"reply": text, "csrf_token": csrf},
                           follow_redirects=False)
    assert response.status_code == 303
    return client.get(f"/clerk/tickets/{ticket_id}")


# ------------------------------------------------------------------ widget
def test_the_contact_answers_button_opens_a_ticket_with_the_conversations_question(api_client, db):
    chat(api_client, QUESTION)
    contact = chat(api_client, "quero falar com um atendente")
    assert contact["messages"][0]["buttons"][0]["payload"] == HANDOFF
    opened = chat(api_client, HANDOFF)
    [ticket] = rows(db, HandoffTicket)
    assert opened["messages"][0]["text"] == catalog.text("handoff.opened", "pt-BR", place="Lajes (RN)", number=ticket.id,
                                                         question=ticket.question)
    assert "answer_id" not in opened  # a ticket receipt is not an answer to rate
    assert ticket.status == "open" and ticket.channel == "web" and ticket.jurisdiction == "br-rn-lajes"
    assert ticket.question.startswith("Quem emite a licença de ambulante em Lajes?") and "123.456" not in ticket.question
    assert ticket.address == SENDER  # kept while the ticket is open


def test_without_a_question_there_is_nothing_to_send(api_client, db):
    body = chat(api_client, HANDOFF, sender="fresh-conversation-1")
    assert body["messages"][0]["text"] == catalog.text("handoff.no_question", "pt-BR")
    assert rows(db, HandoffTicket) == []


def test_the_widget_fetches_the_clerks_reply_once_and_the_address_is_erased(api_client, db):
    chat(api_client, QUESTION)
    chat(api_client, HANDOFF)
    assert api_client.get("/api/v1/chat/replies", params={"sender": SENDER}).json() == {"replies": []}
    [ticket] = rows(db, HandoffTicket)
    page = reply_as_clerk(api_client, ticket.id, "A Coordenadoria fica na Prefeitura, Rua Ramiro Pereira da Silva, 17.")
    assert "Respondido, a entregar" in page.text
    replies = api_client.get("/api/v1/chat/replies", params={"sender": SENDER}).json()["replies"]
    assert replies == [{"number": ticket.id, "text": catalog.text(
        "handoff.reply", "pt-BR", number=ticket.id, reply="A Coordenadoria fica na Prefeitura, Rua Ramiro Pereira da Silva, 17.")}]
    assert api_client.get("/api/v1/chat/replies", params={"sender": SENDER}).json() == {"replies": []}
    [ticket] = rows(db, HandoffTicket)
    assert ticket.status == "delivered" and ticket.delivery == "widget" and ticket.address is None


def test_tickets_are_listed_for_the_clerks_municipalities_only(api_client, permit_settings, db):
    chat(api_client, QUESTION)
    chat(api_client, HANDOFF)
    login(api_client)
    listing = api_client.get("/clerk/tickets")
    assert listing.status_code == 200 and "Quem emite a licença de ambulante em Lajes?" in listing.text
    assert "Lajes (RN)" in listing.text and "br-rn-lajes" not in listing.text
    other = api_client.post("/clerk/login", data={"token": "x"}, follow_redirects=False)
    assert other.status_code == 401
    assert api_client.get("/clerk/tickets/999").status_code == 404


# ------------------------------------------------------------------ Telegram
CHAT = 5151


def tg(client, update):
    assert client.post("/telegram/webhook", json=update,
                       headers={"X-Telegram-Bot-Api-Secret-Token": TG_SECRET}).status_code == 200


def test_a_telegram_ticket_answered_by_a_clerk_reaches_the_chat(api_client, fake_bot_api, db):
    tg(api_client, tg_text_update(CHAT, QUESTION))
    tg(api_client, tg_text_update(CHAT, "quero falar com um atendente"))
    contact = [c for c in fake_bot_api.calls_to("sendMessage") if "reply_markup" in c and "handoff" in str(c["reply_markup"])]
    assert contact, "the contact answer carries the handoff button"
    tg(api_client, tg_callback_update(CHAT, HANDOFF))
    [ticket] = rows(db, HandoffTicket)
    assert ticket.channel == "telegram" and ticket.address == str(CHAT)

    page = reply_as_clerk(api_client, ticket.id, "Ligue para (84) 3532-2627, de segunda a sexta.")
    assert "Entregue" in page.text
    last = fake_bot_api.calls_to("sendMessage")[-1]
    assert int(last["chat_id"]) == CHAT
    assert last["text"] == catalog.text("handoff.reply", "pt-BR", number=ticket.id,
                                        reply="Ligue para (84) 3532-2627, de segunda a sexta.")
    [ticket] = rows(db, HandoffTicket)
    assert ticket.status == "delivered" and ticket.delivery == "text" and ticket.address is None


def test_a_quick_tap_on_send_my_question_waits_for_the_question_to_be_answered(api_app, fake_rasa, fake_bot_api, db):
    # Over real HTTP the webhook answers Telegram before the turn runs: a slow answer to the question
    # and a quick tap on "send my question" run side by side unless the chat's turns keep their order.
    import httpx

    from tests.support.channel_fakes import serve_app
    from .conftest import civic_bot

    def slow_bot(sender: str, message: str) -> list[dict]:
        if message == QUESTION:
            time.sleep(0.5)
        return civic_bot(sender, message)

    fake_rasa.responder = slow_bot
    headers = {"X-Telegram-Bot-Api-Secret-Token": TG_SECRET}
    with serve_app(api_app) as url:
        for update in (tg_text_update(CHAT, QUESTION), tg_callback_update(CHAT, HANDOFF)):
            assert httpx.post(url + "/telegram/webhook", json=update, headers=headers).status_code == 200
        deadline = time.monotonic() + 10
        while not (tickets := rows(db, HandoffTicket)) and time.monotonic() < deadline:
            time.sleep(0.05)
    [ticket] = tickets
    assert ticket.question.startswith("Quem emite a licença de ambulante em Lajes?")
    receipt = catalog.text("handoff.opened", "pt-BR", place="Lajes (RN)", number=ticket.id, question=ticket.question)
    assert fake_bot_api.calls_to("sendMessage")[-1]["text"] == receipt


# ------------------------------------------------------------------ WhatsApp
def wa(client, event):
    raw = json.dumps(event).encode()
    assert client.post("/whatsapp/webhook", content=raw, headers={
        "Content-Type": "application/json", "X-Hub-Signature-256": sign_whatsapp_body(raw, WA_APP_SECRET)}).status_code == 200


def test_whatsapp_gets_a_text_inside_the_window(api_client, fake_graph, db):
    number = "5584990000001"
    wa(api_client, wa_text_event(number, QUESTION))
    wa(api_client, wa_button_reply_event(number, HANDOFF, "Enviar minha pergunta"))
    [ticket] = rows(db, HandoffTicket)
    reply_as_clerk(api_client, ticket.id, "Pode pedir na Coordenadoria.")
    last = fake_graph.sent_to(number)[-1]
    assert last["type"] == "text" and last["text"]["body"].endswith("Pode pedir na Coordenadoria.")
    assert rows(db, HandoffTicket)[0].delivery == "text"


def test_whatsapp_gets_the_template_outside_the_24_hour_window(api_client, fake_graph, db):
    number = "5584990000002"
    two_days_ago = int(time.time()) - 2 * 24 * 3600
    wa(api_client, wa_text_event(number, QUESTION, timestamp=two_days_ago))
    wa(api_client, wa_button_reply_event(number, HANDOFF, "Enviar minha pergunta", timestamp=two_days_ago))
    [ticket] = rows(db, HandoffTicket)
    reply_as_clerk(api_client, ticket.id, "Pode pedir na Coordenadoria.")
    last = fake_graph.sent_to(number)[-1]
    assert last["type"] == "template" and last["template"]["name"] == "preapplication_status"
    body = last["template"]["components"][0]["parameters"][0]["text"]
    assert body.endswith("Pode pedir na Coordenadoria.")
    [ticket] = rows(db, HandoffTicket)
    assert ticket.delivery == "template" and ticket.address is None


def test_the_conversation_erasure_blanks_the_tickets_address(api_client, permit_settings, db):
    from api.db import get_session_factory
    from api.handoff.erasure import TicketAddressesToo

    chat(api_client, QUESTION)
    chat(api_client, HANDOFF)
    wiped = []

    class Tracker:  # stands for Rasa's tracker store
        def erase(self, conversation_id):
            wiped.append(conversation_id)
            return 3

    with get_session_factory(permit_settings.resolved_database_url)() as session:
        eraser = TicketAddressesToo(Tracker(), session, permit_settings.permits_secret_key)
        assert eraser.erase(f"web-{SENDER}") == 3
        session.commit()
    assert wiped == [f"web-{SENDER}"]
    [ticket] = rows(db, HandoffTicket)
    assert ticket.address is None and ticket.status == "open"
