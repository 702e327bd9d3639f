"""Every channel's entrance is bounded, and the bot's silence is never passed on as silence (issue 13).

Real HTTP between the API (TestClient or uvicorn), the fake Rasa, Telegram and Meta servers.
"""

from __future__ import annotations

import time

import httpx
import pytest

from api.channels.catalog import get_catalog
from api.channels.telegram import build_application
from tests.support.channel_fakes import serve_app, tg_text_update, wa_text_event
from api.channels.unavailable import offices_of
from api.security.settings import SecuritySettings, get_security_settings

from .test_telegram_bridge import CHAT, _settings, feed
from .test_whatsapp_webhook import PT, post_event
from .conftest import PUBLIC_BASE_URL

catalog = get_catalog()
LIMIT = get_security_settings().max_message_chars
BERTIOGA = '/choose_municipality{"municipality":"br-sp-bertioga"}'


@pytest.mark.parametrize("language", ["pt-BR", "pt-PT", "en"])
def test_a_too_long_widget_message_gets_a_polite_answer_in_the_language_and_never_reaches_the_bot(
        api_client, fake_rasa, language):
    response = api_client.post("/api/v1/chat", json={"sender": "abcdefgh12", "message": "x" * (LIMIT + 1),
                                                     "language": language})
    assert response.status_code == 413
    assert response.json() == {"error": "message_too_long",
                               "message": catalog.text("common.message_too_long", language, limit=LIMIT)}
    assert fake_rasa.received == []
    # At the limit it goes through.
    assert api_client.post("/api/v1/chat", json={"sender": "abcdefgh12", "message": "x" * LIMIT}).status_code == 200


def test_a_megabyte_message_is_refused_at_once_while_another_citizen_is_answered(api_app, fake_rasa):
    with serve_app(api_app) as url, httpx.Client(base_url=url, timeout=10) as http:
        start = time.monotonic()
        refused = http.post("/api/v1/chat", json={"sender": "attacker-01", "message": "a" * 1_000_000})
        assert refused.status_code == 413 and time.monotonic() - start < 1.0
        start = time.monotonic()
        other = http.post("/api/v1/chat", json={"sender": "citizen-001", "message": "oi"})
        assert other.status_code == 200 and time.monotonic() - start < 1.0
    assert [m for _, m in fake_rasa.received] == ["oi"]


async def test_a_too_long_telegram_message_is_answered_politely(fake_bot_api, fake_rasa):
    app = build_application(_settings(fake_bot_api), rasa_url=fake_rasa.url, public_base_url=PUBLIC_BASE_URL,
                            webhook_mode=True)
    async with app:
        await feed(app, tg_text_update(CHAT, "y" * (LIMIT + 1), language_code="en"))
    assert fake_bot_api.sent_texts == [catalog.text("common.message_too_long", "en", limit=LIMIT)]
    assert fake_rasa.received == []


def test_a_too_long_whatsapp_message_is_answered_politely(api_client, fake_rasa, fake_graph):
    assert post_event(api_client, wa_text_event(PT, "z" * (LIMIT + 1))).status_code == 200
    [reply] = fake_graph.sent_to(PT)
    assert reply["text"]["body"] == catalog.text("common.message_too_long", "pt-PT", limit=LIMIT)
    assert fake_rasa.received == []


def test_a_bot_that_answers_nothing_gives_unavailable_with_the_competent_office(api_client, fake_rasa):
    sender = {"sender": "abcdefgh34", "language": "pt-BR"}
    assert api_client.post("/api/v1/chat", json={**sender, "message": BERTIOGA}).status_code == 200
    fake_rasa.responder = lambda _sender, _message: []  # the action server is down: Rasa says nothing
    response = api_client.post("/api/v1/chat", json={**sender, "message": "e o preço?"})
    assert response.status_code == 503
    message = response.json()["message"]
    offices = offices_of("br-sp-bertioga", "pt-BR")
    assert offices and message.startswith(catalog.text("common.unavailable", "pt-BR"))
    assert all(office in message for office in offices)


async def test_telegram_says_unavailable_with_the_office_when_the_bot_is_silent(fake_bot_api, fake_rasa):
    app = build_application(_settings(fake_bot_api), rasa_url=fake_rasa.url, public_base_url=PUBLIC_BASE_URL,
                            webhook_mode=True)
    async with app:
        await feed(app, tg_text_update(CHAT, BERTIOGA, language_code="en"))
        fake_rasa.responder = lambda _sender, _message: []
        await feed(app, tg_text_update(CHAT, "and the fee?", language_code="en"))
    last = fake_bot_api.sent_texts[-1]
    assert last.startswith(catalog.text("common.unavailable", "en"))
    assert all(office in last for office in offices_of("br-sp-bertioga", "en"))


def test_whatsapp_says_unavailable_when_the_bot_is_silent(api_client, fake_rasa, fake_graph):
    fake_rasa.responder = lambda _sender, _message: []
    post_event(api_client, wa_text_event(PT, "olá"))
    [reply] = fake_graph.sent_to(PT)
    assert reply["text"]["body"] == catalog.text("common.unavailable", "pt-PT")


def test_the_widget_is_limited_per_conversation_with_retry_after(api_app, api_client, fake_rasa):
    api_app.dependency_overrides[get_security_settings] = lambda: SecuritySettings(
        rate_limit_per_sender="3/minute", rate_limit_per_ip="1000/minute")
    body = {"sender": "flooder-001", "message": "oi", "language": "en"}
    assert [api_client.post("/api/v1/chat", json=body).status_code for _ in range(3)] == [200, 200, 200]
    refused = api_client.post("/api/v1/chat", json=body)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.json()["message"] == catalog.text("common.rate_limited", "en")
    # Another conversation is not affected.
    assert api_client.post("/api/v1/chat", json={**body, "sender": "calm-citizen-1"}).status_code == 200
    assert [m for _, m in fake_rasa.received if m == "oi"] == ["oi"] * 4


def test_whatsapp_is_limited_per_sender_and_told_once(api_app, api_client, fake_rasa, fake_graph):
    api_app.dependency_overrides[get_security_settings] = lambda: SecuritySettings(
        rate_limit_per_sender="2/minute", rate_limit_per_ip="1000/minute")
    for i in range(5):
        post_event(api_client, wa_text_event(PT, f"msg {i}"))
    texts = [m["text"]["body"] for m in fake_graph.sent_to(PT) if m.get("type") == "text"]
    assert texts.count(catalog.text("common.rate_limited", "pt-PT")) == 1
    assert len([m for s, m in fake_rasa.received if not m.startswith("/set_language")]) == 2
