"""The channel routes of the API: Telegram's webhook, the widget's chat proxy and its texts."""

import pytest

from api.channels.catalog import get_catalog
from api.channels.settings import WidgetSettings, get_telegram_settings, get_whatsapp_settings, get_widget_settings
from api.channels.settings import TelegramSettings, WhatsAppSettings
from tests.support.channel_fakes import tg_command_update, tg_text_update
from .conftest import TG_SECRET

CHAT = 777


# ------------------------------------------------------------------ Telegram webhook
def test_a_telegram_update_with_the_secret_is_answered(api_client, fake_bot_api, fake_rasa):
    response = api_client.post("/telegram/webhook", json=tg_text_update(CHAT, "oi"),
                               headers={"X-Telegram-Bot-Api-Secret-Token": TG_SECRET})
    assert response.status_code == 200
    assert fake_rasa.messages_from(f"telegram-{CHAT}")[-1] == "oi"
    # no 👍/👎 after it: the fake bot's echo cites no law (api/feedback/answers.py records answers about the law)
    assert fake_bot_api.sent_texts == ["You said: oi"]


@pytest.mark.parametrize("headers", [{}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"},
                                     {"X-Telegram-Bot-Api-Secret-Token": TG_SECRET + "x"}])
def test_a_telegram_update_without_the_right_secret_is_refused(api_client, fake_bot_api, fake_rasa, headers):
    response = api_client.post("/telegram/webhook", json=tg_command_update(CHAT, "/help"), headers=headers)
    assert response.status_code == 401
    assert fake_bot_api.calls == [] and fake_rasa.received == []


def test_channels_without_settings_refuse_everything(api_app, api_client, fake_rasa):
    api_app.dependency_overrides[get_telegram_settings] = lambda: TelegramSettings()
    api_app.dependency_overrides[get_whatsapp_settings] = lambda: WhatsAppSettings()
    assert api_client.post("/telegram/webhook", json=tg_text_update(CHAT, "oi")).status_code == 503
    assert api_client.post("/whatsapp/webhook", content=b"{}").status_code == 503
    assert api_client.get("/whatsapp/webhook", params={"hub.mode": "subscribe"}).status_code == 503
    assert fake_rasa.received == []


def test_the_telegram_secret_must_be_what_telegram_accepts():
    with pytest.raises(ValueError):
        TelegramSettings(webhook_secret="has spaces and ü")


# ------------------------------------------------------------------ widget
def test_the_chat_proxy_relays_to_rasa_with_a_web_sender(api_client, fake_rasa):
    response = api_client.post("/api/v1/chat", json={"sender": "a1b2c3d4e5f6", "message": "oi", "language": "pt-PT"})
    assert response.status_code == 200
    [message] = response.json()["messages"]
    assert message["text"] == "You said: oi" and message["buttons"][0]["title"] == "Bertioga"
    assert fake_rasa.messages_from("web-a1b2c3d4e5f6") == ['/set_language{"language": "pt-PT"}', "oi"]


@pytest.mark.parametrize("sender", ["short", "a" * 65, "../../etc", "web 1234567"])
def test_the_chat_proxy_refuses_malformed_sender_ids(api_client, fake_rasa, sender):
    assert api_client.post("/api/v1/chat", json={"sender": sender, "message": "oi"}).status_code == 422
    assert fake_rasa.received == []


def test_a_page_cannot_write_into_another_channels_conversation(api_client, fake_rasa):
    api_client.post("/api/v1/chat", json={"sender": "telegram-777", "message": "oi"})
    assert fake_rasa.messages_from("telegram-777") == []
    assert fake_rasa.messages_from("web-telegram-777") == ["oi"]


def test_the_chat_proxy_says_when_the_assistant_is_down(api_client, fake_rasa):
    fake_rasa.fail_with = 500
    response = api_client.post("/api/v1/chat", json={"sender": "a1b2c3d4e5f6", "message": "oi", "language": "en"})
    assert response.status_code == 503
    assert response.json() == {"error": "assistant_unavailable", "message": get_catalog().text("common.unavailable", "en")}


def test_cross_origin_embedding_is_allowed_only_for_configured_origins(api_app, api_client):
    api_app.dependency_overrides[get_widget_settings] = lambda: WidgetSettings(allowed_origins="https://www.bertioga.sp.gov.br")
    allowed = api_client.options("/api/v1/chat", headers={"Origin": "https://www.bertioga.sp.gov.br"})
    assert allowed.status_code == 204
    assert allowed.headers["access-control-allow-origin"] == "https://www.bertioga.sp.gov.br"
    other = api_client.options("/api/v1/chat", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in other.headers


def test_the_widget_texts_come_from_the_catalog_in_every_language(api_client):
    body = api_client.get("/widget/messages.json").json()
    assert body["languages"] == {"pt-BR": "Português (Brasil)", "pt-PT": "Português (Portugal)", "en": "English",
                                 "es": "Español"}
    catalog = get_catalog()
    for language in ("pt-BR", "pt-PT", "en", "es"):
        assert body["texts"][language]["send"] == catalog.text("widget.send", language)
        assert body["texts"][language]["unavailable"] == catalog.text("common.unavailable", language)


def test_the_demo_page_embeds_the_widget_and_documents_the_snippet(api_client):
    page = api_client.get("/widget/embed", headers={"Accept-Language": "pt-PT,pt;q=0.9"})
    assert page.status_code == 200
    assert '<html lang="pt-PT">' in page.text
    assert '<script src="/widget/widget.js" defer data-language="pt-PT">' in page.text
    assert "&lt;script src=&#34;http://testserver/widget/widget.js&#34; defer" in page.text
    assert api_client.get("/widget/widget.js").headers["content-type"].startswith("text/javascript")
    assert api_client.get("/widget/widget.css").headers["content-type"].startswith("text/css")
