"""The Telegram bridge against a real (loopback) fake Bot API and a fake Rasa."""

import json
from collections.abc import AsyncIterator

import pytest
from pydantic import SecretStr
from telegram import Update
from telegram.ext import Application

from api.channels.catalog import get_catalog
from api.channels.settings import TelegramSettings
from api.channels.telegram import build_application
from tests.support.channel_fakes import (
    FakeBotAPI,
    FakeRasa,
    tg_callback_update,
    tg_command_update,
    tg_location_update,
    tg_text_update,
)
from .conftest import PUBLIC_BASE_URL

CHAT = 4242
catalog = get_catalog()


def _settings(fake_bot_api: FakeBotAPI, **overrides) -> TelegramSettings:
    values = {"bot_token": SecretStr(fake_bot_api.token), "api_base_url": fake_bot_api.base_url,
              "webhook_secret": SecretStr("s3cret"), "rate_limit_burst": 50}
    values.update(overrides)
    return TelegramSettings(**values)


@pytest.fixture
async def application(fake_bot_api: FakeBotAPI, fake_rasa: FakeRasa) -> AsyncIterator[Application]:
    app = build_application(_settings(fake_bot_api), rasa_url=fake_rasa.url, public_base_url=PUBLIC_BASE_URL, webhook_mode=True)
    async with app:
        yield app


async def feed(app: Application, update: dict) -> None:
    await app.process_update(Update.de_json(update, app.bot))


async def test_a_question_reaches_the_bot_and_its_answer_comes_back_with_buttons(application, fake_bot_api, fake_rasa):
    await feed(application, tg_text_update(CHAT, "posso alugar sup?"))

    # The bot is told the chat's language (from Telegram's language_code) before the question.
    assert fake_rasa.messages_from(f"telegram-{CHAT}") == ['/set_language{"language": "pt-BR"}', "posso alugar sup?"]
    [sent] = fake_bot_api.calls_to("sendMessage")
    assert sent["chat_id"] == CHAT and sent["text"] == "You said: posso alugar sup?"
    keyboard = sent["reply_markup"]["inline_keyboard"]
    assert [row[0]["text"] for row in keyboard] == ["Bertioga", "Pontal do Paraná"]
    assert fake_bot_api.calls_to("sendChatAction"), "the user sees 'typing…' while the bot thinks"


async def test_a_button_tap_is_answered_and_sends_its_payload(application, fake_bot_api, fake_rasa):
    await feed(application, tg_text_update(CHAT, "oi"))
    keyboard = fake_bot_api.calls_to("sendMessage")[0]["reply_markup"]["inline_keyboard"]
    data = keyboard[0][0]["callback_data"]

    await feed(application, tg_callback_update(CHAT, data))

    assert len(fake_bot_api.calls_to("answerCallbackQuery")) == 1
    assert fake_rasa.messages_from(f"telegram-{CHAT}")[-1] == '/choose_municipality{"municipality":"br-sp-bertioga"}'
    answer, sources = fake_bot_api.sent_texts[-2:]
    assert '<a href="http://assistant.test/norms/br-sp-bertioga/fake-norm/art-1">the article</a>' in answer
    assert sources.startswith("<b>Fontes:</b>")
    assert '<a href="http://assistant.test/norms/br-sp-bertioga/fake-norm/art-1">Art. 1 (fake)</a>' in sources


async def test_payloads_longer_than_callback_data_still_round_trip(application, fake_bot_api, fake_rasa):
    await feed(application, tg_text_update(CHAT, "qual municipality?"))
    rows = fake_bot_api.calls_to("sendMessage")[0]["reply_markup"]["inline_keyboard"]
    # '/choose_municipality{"municipality":"br-pr-pontal-do-parana"}' is 62 bytes; all must fit 64.
    assert all(len(row[0]["callback_data"].encode()) <= 64 for row in rows)
    for row in rows:
        await feed(application, tg_callback_update(CHAT, row[0]["callback_data"]))
    chosen = [m for m in fake_rasa.messages_from(f"telegram-{CHAT}") if m.startswith("/choose_municipality")]
    assert [json.loads(m[len("/choose_municipality"):])["municipality"] for m in chosen] == [
        "br-sp-bertioga", "br-pr-pontal-do-parana", "br-sp-igarapava", "br-rn-lajes"]


async def test_an_unknown_button_key_is_answered_and_explained(application, fake_bot_api, fake_rasa):
    await feed(application, tg_callback_update(CHAT, "#p:000000000000000000000000"))
    assert len(fake_bot_api.calls_to("answerCallbackQuery")) == 1
    assert fake_bot_api.sent_texts == [catalog.text("common.button_expired", "pt-BR")]
    assert fake_rasa.received == []


async def test_start_and_help_speak_the_users_language_without_asking_the_bot(application, fake_bot_api, fake_rasa):
    await feed(application, tg_command_update(CHAT, "/start", language_code="en"))
    await feed(application, tg_command_update(CHAT + 1, "/help", language_code="pt-pt"))
    assert fake_bot_api.sent_texts == [catalog.text("telegram.welcome", "en"), catalog.text("telegram.help", "pt-PT")]
    assert "/lang" in fake_bot_api.sent_texts[0]
    assert fake_rasa.received == []


async def test_a_spanish_telegram_gets_the_spanish_welcome_and_the_bot_is_told_es(application, fake_bot_api, fake_rasa):
    # issue 15: Telegram's language_code "es"/"es-AR" is our "es"
    await feed(application, tg_command_update(CHAT, "/start", language_code="es-AR"))
    assert fake_bot_api.sent_texts == [catalog.text("telegram.welcome", "es")]
    assert "¿Puedo alquilar tablas de SUP en Bertioga?" in fake_bot_api.sent_texts[0]
    await feed(application, tg_text_update(CHAT, "¿Puedo alquilar tablas de SUP en Bertioga?", language_code="es-AR"))
    assert fake_rasa.messages_from(f"telegram-{CHAT}") == [
        '/set_language{"language": "es"}', "¿Puedo alquilar tablas de SUP en Bertioga?"]


async def test_lang_switches_the_bot_and_the_bridge_to_the_chosen_language(application, fake_bot_api, fake_rasa):
    await feed(application, tg_command_update(CHAT, "/lang"))
    [picker] = fake_bot_api.calls_to("sendMessage")
    options = {row[0]["text"]: row[0]["callback_data"] for row in picker["reply_markup"]["inline_keyboard"]}
    assert list(options) == ["Português (Brasil)", "Português (Portugal)", "English", "Español"]

    await feed(application, tg_callback_update(CHAT, options["English"]))
    await feed(application, tg_command_update(CHAT, "/help"))  # the user's Telegram is in pt-br

    assert fake_rasa.messages_from(f"telegram-{CHAT}") == ['/set_language{"language": "en"}']
    assert fake_bot_api.sent_texts[-2:] == ["language: en", catalog.text("telegram.help", "en")]
    assert len(fake_bot_api.calls_to("answerCallbackQuery")) == 1


async def test_a_location_becomes_share_location_and_places_are_listed(application, fake_bot_api, fake_rasa):
    await feed(application, tg_location_update(CHAT, -23.8355, -46.1290, language_code="en"))

    sent_to_bot = fake_rasa.messages_from(f"telegram-{CHAT}")[-1]
    assert sent_to_bot == '/share_location{"latitude": -23.8355, "longitude": -46.129}'
    places = fake_bot_api.sent_texts[-1]
    lines = places.replace("\u00a0", " ").split("\n")  # a no-break space before each unit
    assert lines[0] == "<b>Licensed points:</b>"
    # Nearest first, with the distance the bot computed, and a map link for each point.
    assert lines[1].startswith("1. Ponto 2 — Enseada — Praia da Enseada (0 m away, 50 m radius)")
    assert "openstreetmap.org/?mlat=-23.835500&amp;mlon=-46.129000" in lines[1]
    assert len(lines) == 4


async def test_a_location_request_shows_the_share_location_keyboard(application, fake_bot_api):
    await feed(application, tg_text_update(CHAT, "onde posso vender?"))
    prompt = fake_bot_api.calls_to("sendMessage")[-1]
    assert prompt["text"] == catalog.text("common.location_prompt", "pt-BR")
    [[button]] = prompt["reply_markup"]["keyboard"]
    assert button == {"text": catalog.text("common.share_location_button", "pt-BR"), "request_location": True}


async def test_long_answers_are_split_under_telegrams_limit_without_losing_text(application, fake_bot_api):
    await feed(application, tg_text_update(CHAT, "a long answer please"))
    texts = fake_bot_api.sent_texts
    assert len(texts) >= 2
    assert all(len(t.encode("utf-16-le")) // 2 <= 4096 for t in texts)
    joined = "\n\n".join(texts)
    assert all(f"{i}. This is a long fake answer paragraph." in joined for i in range(1, 8))


async def test_rasa_down_gives_a_polite_retry_message_and_the_bridge_keeps_working(application, fake_bot_api, fake_rasa):
    fake_rasa.fail_with = 500
    await feed(application, tg_text_update(CHAT, "oi"))
    assert fake_bot_api.sent_texts == [catalog.text("common.unavailable", "pt-BR")]

    fake_rasa.fail_with = None
    await feed(application, tg_text_update(CHAT, "oi de novo"))
    assert fake_bot_api.sent_texts[-1] == "You said: oi de novo"


async def test_rasa_unreachable_is_also_a_retry_message(fake_bot_api):
    app = build_application(_settings(fake_bot_api), rasa_url="http://127.0.0.1:9", public_base_url=PUBLIC_BASE_URL, webhook_mode=True)
    async with app:
        await feed(app, tg_text_update(CHAT, "oi", language_code="en"))
    assert fake_bot_api.sent_texts == [catalog.text("common.unavailable", "en")]


async def test_a_flooding_chat_is_told_once_to_slow_down_and_others_are_not_affected(fake_bot_api, fake_rasa):
    settings = _settings(fake_bot_api, rate_limit_burst=2, rate_limit_per_minute=1)
    app = build_application(settings, rasa_url=fake_rasa.url, public_base_url=PUBLIC_BASE_URL, webhook_mode=True)
    async with app:
        for i in range(5):
            await feed(app, tg_text_update(CHAT, f"msg {i}"))
        await feed(app, tg_text_update(CHAT + 1, "hello"))
    questions = [m for m in fake_rasa.messages_from(f"telegram-{CHAT}") if not m.startswith("/set_language")]
    assert questions == ["msg 0", "msg 1"]
    assert fake_bot_api.sent_texts.count(catalog.text("common.rate_limited", "pt-BR")) == 1
    assert fake_rasa.messages_from(f"telegram-{CHAT + 1}")[-1] == "hello"


async def test_a_sticker_is_answered_with_what_the_bridge_can_read(application, fake_bot_api, fake_rasa):
    update = tg_text_update(CHAT, "x")
    del update["message"]["text"]
    update["message"]["sticker"] = {"file_id": "f", "file_unique_id": "u", "width": 512, "height": 512,
                                    "is_animated": False, "is_video": False, "type": "regular"}
    await feed(application, update)
    assert fake_bot_api.sent_texts == [catalog.text("common.unsupported_message", "pt-BR")]
    assert fake_rasa.received == []


async def test_polling_mode_reads_get_updates_and_replies(fake_bot_api, fake_rasa):
    app = build_application(_settings(fake_bot_api), rasa_url=fake_rasa.url, public_base_url=PUBLIC_BASE_URL, webhook_mode=False)
    fake_bot_api.push_update(tg_text_update(CHAT, "hello from polling", language_code="en"))
    async with app:
        await app.updater.start_polling(poll_interval=0.0, timeout=1)
        await app.start()
        try:
            import asyncio

            for _ in range(200):
                if fake_bot_api.calls_to("sendMessage"):
                    break
                await asyncio.sleep(0.025)
        finally:
            await app.updater.stop()
            await app.stop()
    assert fake_bot_api.sent_texts == ["You said: hello from polling"]
    assert fake_bot_api.calls_to("getUpdates"), "the updates came through long polling"
