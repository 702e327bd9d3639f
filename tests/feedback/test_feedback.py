"""Feedback on every answer: the widget's 👍/👎 and "what was wrong?", Telegram's inline buttons,
WhatsApp's reply buttons — stored with the question, the answer, its article ids and jurisdiction,
masked, and without the sender."""

import json

import pytest

from api.channels.bot_messages import BotMessage
from api.channels.catalog import get_catalog
from api.feedback.answers import answer_traits
from api.feedback.models import AnswerFeedback, AnswerRecord
from tests.support.channel_fakes import sign_whatsapp_body, tg_callback_update, tg_text_update, wa_button_reply_event, wa_text_event
from tests.channels.conftest import TG_SECRET, WA_APP_SECRET
from .conftest import LAJES_ART, rows

catalog = get_catalog()
SENDER = "widget-conversation-1"
QUESTION = "Quem emite a licença de ambulante em Lajes? meu cpf é 123.456.789-09"


def chat(client, message, sender=SENDER, language="pt-BR"):
    response = client.post("/api/v1/chat", json={"sender": sender, "message": message, "language": language})
    assert response.status_code == 200, response.text
    return response.json()


# ------------------------------------------------------------------ what an answer says about itself
def test_traits_tell_a_cited_answer_from_a_dont_know():
    cited = answer_traits([BotMessage(text="x", custom={"citations": [
        {"unit_id": LAJES_ART, "label": "art. 65", "url": "/n"}], "fact": {"kind": "fee"}})])
    assert cited == {"citations": [LAJES_ART], "jurisdiction": "br-rn-lajes", "norm": "br-rn-lajes/lc-489-2009",
                     "topic": "fee", "unanswered": False, "recorded": True}
    nothing = answer_traits([BotMessage(text="I found nothing about that in the norms I have. Could you rephrase?")])
    assert nothing["unanswered"] and nothing["topic"] == "unanswered" and nothing["recorded"]
    no_figure = answer_traits([BotMessage(text="Não encontrei esse número no texto da lei que tenho de Lajes (RN), e não vou inventar.")])
    assert no_figure["unanswered"] and no_figure["recorded"]
    # (and in Spanish: an unanswered question counts as one in every language the bot speaks)
    assert answer_traits([BotMessage(text="No encontré ese valor en el texto de la ley que tengo de Lajes (RN), y no voy a inventarlo.")])["unanswered"]
    assert answer_traits([BotMessage(text="No encontré nada sobre eso en las normas que tengo.")])["unanswered"]
    unsure = answer_traits([BotMessage(text="> quote\nPode reformular a pergunta?", custom={"citations": [
        {"unit_id": LAJES_ART, "label": "art. 65", "url": "/n"}]})])
    assert unsure["unanswered"]


def test_the_permit_form_and_chit_chat_are_not_recorded():
    summary = BotMessage(text="Confira: Nome: Maria Souza, Rua das Flores 10 …", custom={"citations": [
        {"unit_id": LAJES_ART, "label": "art. 65", "url": "/n"}]}, buttons=[
        {"title": "Confirmar", "payload": '/inform{"choice": "confirm"}'}, {"title": "Cancelar", "payload": "/cancel"}])
    assert not answer_traits([summary])["recorded"]
    assert not answer_traits([BotMessage(text="Olá! Como posso ajudar?")])["recorded"]
    question_back = BotMessage(text="Em qual município?", buttons=[{"title": "Lajes", "payload": "/inform{}"}])
    assert not answer_traits([question_back])["recorded"]


# ------------------------------------------------------------------ widget
def test_a_widget_answer_gets_an_id_and_is_stored_masked_without_the_sender(api_client, db):
    body = chat(api_client, QUESTION)
    assert body["answer_id"]
    [record] = rows(db, AnswerRecord)
    assert record.public_id == body["answer_id"]
    assert record.channel == "web" and record.jurisdiction == "br-rn-lajes" and record.citations == [LAJES_ART]
    assert "123.456.789-09" not in record.question and "[redacted]" in record.question
    assert SENDER not in record.conversation_hash and len(record.conversation_hash) == 64
    assert record.answer.startswith("Em Lajes") and not record.unanswered and record.topic == "office"


def test_thumbs_down_with_a_comment_is_stored_masked(api_client, db):
    answer_id = chat(api_client, QUESTION)["answer_id"]
    assert api_client.post("/api/v1/feedback", json={"sender": SENDER, "answer_id": answer_id, "rating": "up"}).status_code == 204
    response = api_client.post("/api/v1/feedback", json={
        "sender": SENDER, "answer_id": answer_id, "rating": "down",
        "comment": "faltou o prazo; me escreva em maria@example.com"})
    assert response.status_code == 204
    [feedback] = rows(db, AnswerFeedback)  # the later verdict replaces the first
    assert feedback.rating == -1
    assert feedback.comment == "faltou o prazo; me escreva em [redacted]"


def test_feedback_counts_only_from_the_conversation_that_got_the_answer(api_client, db):
    answer_id = chat(api_client, QUESTION)["answer_id"]
    response = api_client.post("/api/v1/feedback", json={"sender": "someone-else-99", "answer_id": answer_id, "rating": "down"})
    assert response.status_code == 404
    assert rows(db, AnswerFeedback) == []


def test_the_comment_is_bounded(api_client):
    answer_id = chat(api_client, QUESTION)["answer_id"]
    response = api_client.post("/api/v1/feedback", json={"sender": SENDER, "answer_id": answer_id, "rating": "down",
                                                         "comment": "x" * 501})
    assert response.status_code == 422


def test_button_payloads_are_not_questions(api_client, db):
    body = chat(api_client, '/inform{"municipality": "br-rn-lajes"}')
    assert "answer_id" not in body
    assert rows(db, AnswerRecord) == []


def test_a_dont_know_is_stored_as_unanswered(api_client, db):
    chat(api_client, "posso lançar um foguete na praia?")
    [record] = rows(db, AnswerRecord)
    assert record.unanswered and record.citations == [] and record.jurisdiction is None


def test_the_widget_gets_the_feedback_texts_in_each_language(api_client):
    texts = api_client.get("/widget/messages.json").json()["texts"]
    assert texts["en"]["feedback_ask"] == "Was this answer helpful?"
    assert texts["pt-BR"]["feedback_what_wrong_short"] == "O que estava errado? (opcional)"


# ------------------------------------------------------------------ Telegram
CHAT = 4242


def tg(client, update):
    response = client.post("/telegram/webhook", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": TG_SECRET})
    assert response.status_code == 200


def test_telegram_thumbs_down_asks_what_was_wrong_and_stores_the_reply(api_client, fake_bot_api, fake_rasa, db):
    tg(api_client, tg_text_update(CHAT, QUESTION))
    ask = fake_bot_api.calls_to("sendMessage")[-1]
    assert ask["text"] == catalog.text("feedback.ask", "pt-BR")
    keyboard = json.loads(ask["reply_markup"]) if isinstance(ask["reply_markup"], str) else ask["reply_markup"]
    up, down = keyboard["inline_keyboard"][0]
    assert up["text"] == "👍 Ajudou" and down["callback_data"].startswith("#fb:-:")

    tg(api_client, tg_callback_update(CHAT, down["callback_data"]))
    prompt = fake_bot_api.calls_to("sendMessage")[-1]
    assert prompt["text"] == catalog.text("feedback.what_wrong", "pt-BR")
    sent = [name for name, _ in fake_bot_api.calls if name in ("sendMessage", "sendPhoto", "sendLocation")]
    prompt_id = 1000 + len(sent) - 1  # the fake numbers the bot's messages 1000, 1001, …
    reply = tg_text_update(CHAT, "não falou do horário; tel 84 99999-1234")
    reply["message"]["reply_to_message"] = {"message_id": prompt_id, "date": 0,
                                            "chat": {"id": CHAT, "type": "private"}, "text": prompt["text"]}
    before = list(fake_rasa.messages_from(f"telegram-{CHAT}"))
    tg(api_client, reply)

    assert fake_rasa.messages_from(f"telegram-{CHAT}") == before  # a comment, not a question for the bot
    assert fake_bot_api.sent_texts[-1] == catalog.text("feedback.comment_thanks", "pt-BR")
    [feedback] = rows(db, AnswerFeedback)
    assert feedback.rating == -1 and feedback.comment == "não falou do horário; tel [redacted]"
    assert rows(db, AnswerRecord)[0].channel == "telegram"


# ------------------------------------------------------------------ WhatsApp
BR = "5584991234567"


def wa(client, event):
    raw = json.dumps(event).encode()
    response = client.post("/whatsapp/webhook", content=raw, headers={
        "Content-Type": "application/json", "X-Hub-Signature-256": sign_whatsapp_body(raw, WA_APP_SECRET)})
    assert response.status_code == 200


def test_whatsapp_answers_carry_reply_buttons_and_a_thumbs_up_is_stored(api_client, fake_graph, db):
    wa(api_client, wa_text_event(BR, QUESTION))
    last = fake_graph.sent_to(BR)[-1]
    assert last["interactive"]["body"]["text"] == catalog.text("feedback.ask", "pt-BR")
    up, down = [b["reply"] for b in last["interactive"]["action"]["buttons"]]
    assert len(up["title"]) <= 20 and len(down["title"]) <= 20

    wa(api_client, wa_button_reply_event(BR, up["id"], up["title"]))
    assert fake_graph.sent_to(BR)[-1]["text"]["body"] == catalog.text("feedback.thanks", "pt-BR")
    [feedback] = rows(db, AnswerFeedback)
    assert feedback.rating == 1
    [record] = rows(db, AnswerRecord)
    assert record.channel == "whatsapp" and BR not in record.question + record.conversation_hash


def test_whatsapp_thumbs_down_then_a_reply_to_the_prompt_is_the_comment(api_client, fake_graph, fake_rasa, db):
    number = "5584997654321"
    wa(api_client, wa_text_event(number, QUESTION))
    down = fake_graph.sent_to(number)[-1]["interactive"]["action"]["buttons"][1]["reply"]
    wa(api_client, wa_button_reply_event(number, down["id"], down["title"]))
    prompt = fake_graph.sent_to(number)[-1]
    assert prompt["text"]["body"] == catalog.text("feedback.what_wrong", "pt-BR")
    prompt_id = f"wamid.FAKE{len(fake_graph.sent):06d}"  # the fake numbers what it is sent
    comment = wa_text_event(number, "citou o artigo errado")
    comment["entry"][0]["changes"][0]["value"]["messages"][0]["context"] = {"from": "15550783881", "id": prompt_id}
    before = list(fake_rasa.messages_from(f"whatsapp-{number}"))
    wa(api_client, comment)
    assert fake_rasa.messages_from(f"whatsapp-{number}") == before
    assert fake_graph.sent_to(number)[-1]["text"]["body"] == catalog.text("feedback.comment_thanks", "pt-BR")
    [feedback] = rows(db, AnswerFeedback)
    assert feedback.rating == -1 and feedback.comment == "citou o artigo errado"
