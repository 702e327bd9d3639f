"""The pieces every channel shares: catalog, Rasa client, relay, text mapping, payloads, rate limit."""

import json

import httpx
import pytest
import yaml

from api.channels.bot_messages import BotMessage, share_location_payload
from api.channels.catalog import LANGUAGES, Catalog, get_catalog, normalize_language
from api.channels.errors import AssistantUnavailable
from api.channels.formatting import as_plain_text, as_telegram_html, format_distance, split_text
from api.channels.mapping import CitationsPart, LocationRequestPart, PlacesPart, TextPart, reply_parts
from api.channels.payloads import PayloadCodec
from api.channels.rasa_client import RasaClient
from api.channels.rate_limit import RateLimiter
from api.channels.relay import ConversationRelay
from tests.support.channel_fakes import FakeRasa

BASE = "https://assistant.example.org"


# ------------------------------------------------------------------ catalog
def test_every_catalog_text_exists_in_every_language():
    assert "es" in LANGUAGES  # issue 15
    catalog = get_catalog()
    assert len(catalog.keys) > 30
    for key in catalog.keys:
        texts = {language: catalog.text(key, language) for language in LANGUAGES}
        assert all(texts.values()), key


def test_the_catalog_refuses_a_missing_translation(tmp_path):
    broken = yaml.safe_load(open(get_catalog.__wrapped__.__globals__["_CATALOG_FILE"], encoding="utf-8"))
    del broken["common"]["unavailable"]["pt-PT"]
    with pytest.raises(ValueError, match="common.unavailable"):
        Catalog(broken)


def test_portuguese_variants_differ_where_the_languages_do():
    catalog = get_catalog()
    assert "Tente novamente em um minuto" in catalog.text("common.unavailable", "pt-BR")
    assert "dentro de um minuto" in catalog.text("common.unavailable", "pt-PT")
    assert catalog.text("telegram.help", "pt-PT").count("coimas") == 1  # Portugal's word for fines


@pytest.mark.parametrize("code,expected", [
    ("pt-br", "pt-BR"), ("pt", "pt-BR"), ("pt_PT", "pt-PT"), ("pt-PT", "pt-PT"), ("en-GB", "en"), ("de", None), (None, None),
    # Telegram's language_code for the Spanish-speaking visitors (issue 15)
    ("es", "es"), ("es-AR", "es"), ("es_UY", "es"), ("es-419", "es")])
def test_client_language_codes_map_to_ours(code, expected):
    assert normalize_language(code) == expected


# ------------------------------------------------------------------ Rasa client
async def test_the_rasa_client_posts_the_rest_contract_and_parses_every_shape():
    seen = {}

    def rasa(request: httpx.Request) -> httpx.Response:
        seen["path"], seen["body"] = request.url.path, json.loads(request.content)
        return httpx.Response(200, json=[
            {"recipient_id": "web-1", "text": "Olá", "buttons": [{"title": "Sim", "payload": "/affirm"}]},
            {"recipient_id": "web-1", "custom": {"citations": [{"unit_id": "u", "label": "Art. 9", "url": "/norms/u"}]}},
            {"recipient_id": "web-1", "image": "https://example.org/a.png"},
        ])

    async with RasaClient("http://rasa:5005", transport=httpx.MockTransport(rasa)) as client:
        messages = await client.send("web-1", "oi")
    assert seen == {"path": "/webhooks/rest/webhook", "body": {"sender": "web-1", "message": "oi"}}
    assert messages[0].buttons[0].payload == "/affirm"
    assert messages[1].citations[0].url == "/norms/u"
    assert messages[2].image == "https://example.org/a.png"


@pytest.mark.parametrize("response", [httpx.Response(500), httpx.Response(200, text="<html>"), httpx.Response(200, json={"a": 1})])
async def test_a_broken_rasa_answer_is_assistant_unavailable(response):
    async with RasaClient("http://rasa:5005", transport=httpx.MockTransport(lambda r: response)) as client:
        with pytest.raises(AssistantUnavailable):
            await client.send("s", "m")


async def test_an_unreachable_rasa_is_assistant_unavailable():
    def refuse(request):
        raise httpx.ConnectError("refused", request=request)

    async with RasaClient("http://rasa:5005", transport=httpx.MockTransport(refuse)) as client:
        with pytest.raises(AssistantUnavailable):
            await client.send("s", "m")


# ------------------------------------------------------------------ relay
async def test_the_relay_tells_the_bot_the_language_once_and_again_when_it_changes(fake_rasa):
    async with RasaClient(fake_rasa.url) as client:
        relay = ConversationRelay(client)
        first = await relay.ask("web-a", "um", language="pt-PT")
        await relay.ask("web-a", "dois", language="pt-PT")
        await relay.ask("web-a", "three", language="en")
    assert fake_rasa.messages_from("web-a") == [
        '/set_language{"language": "pt-PT"}', "um", "dois", '/set_language{"language": "en"}', "three"]
    # The quiet language turn's acknowledgement is not part of the answer.
    assert [m.text for m in first] == ["You said: um"]


async def test_an_explicit_language_choice_is_shown_and_remembered(fake_rasa):
    async with RasaClient(fake_rasa.url) as client:
        relay = ConversationRelay(client)
        answer = await relay.ask("web-b", '/set_language{"language":"en"}', language="pt-BR")
        await relay.ask("web-b", "hello", language="en")
    assert [m.text for m in answer] == ["language: en"]
    assert fake_rasa.messages_from("web-b") == ['/set_language{"language":"en"}', "hello"]


async def test_one_citizens_messages_are_answered_in_the_order_they_arrived():
    # Telegram's webhook answers before the turn runs, so two quick messages of one chat run side by
    # side; the second must not reach the bot (or the desk) before the first was answered.
    import asyncio
    import time

    answered: list[str] = []

    def slow_first(sender, message):
        if message == "primeira":
            time.sleep(0.4)
        answered.append(f"{sender}:{message}")
        return [{"recipient_id": sender, "text": message}]

    with FakeRasa(slow_first) as rasa:
        async with RasaClient(rasa.url) as client:
            relay = ConversationRelay(client)

            async def turn(sender: str, message: str) -> None:
                async with relay.one_at_a_time(sender):
                    await asyncio.sleep(0.01)  # a channel's own work first (Telegram's "typing…")
                    await relay.ask(sender, message)

            first = asyncio.create_task(turn("tg-1", "primeira"))
            await asyncio.sleep(0.05)
            other = asyncio.create_task(turn("tg-2", "outra pessoa"))
            second = asyncio.create_task(turn("tg-1", "segunda"))
            await asyncio.gather(first, other, second)
    # Another citizen is not held up by this one's slow turn.
    assert answered == ["tg-2:outra pessoa", "tg-1:primeira", "tg-1:segunda"]
    assert relay._turns == {}  # nobody waits: nothing kept per sender


# ------------------------------------------------------------------ text mapping
def test_markdown_links_and_bare_urls_become_absolute_links():
    text = "Veja o [Art. 9 do decreto](/norms/br-sp-bertioga/decreto-4510-2024/art-9) e https://bertioga.sp.gov.br/."
    assert as_plain_text(text, BASE) == (
        "Veja o Art. 9 do decreto (https://assistant.example.org/norms/br-sp-bertioga/decreto-4510-2024/art-9)"
        " e https://bertioga.sp.gov.br/.")
    assert as_telegram_html(text, BASE) == (
        'Veja o <a href="https://assistant.example.org/norms/br-sp-bertioga/decreto-4510-2024/art-9">Art. 9 do decreto</a>'
        ' e <a href="https://bertioga.sp.gov.br/">https://bertioga.sp.gov.br/</a>.')


def test_unsafe_links_and_html_are_shown_as_text():
    html = as_telegram_html("<b>x</b> [clique](javascript:alert(1))", BASE)
    assert "<b>" not in html and "javascript" not in html
    assert html.startswith("&lt;b&gt;x&lt;/b&gt; clique")


def test_splitting_keeps_links_whole_and_every_word():
    link = "[Art. 9 do Decreto 4.510](/norms/br-sp-bertioga/decreto-4510-2024/art-9)"
    text = " ".join(["palavra"] * 40 + [link] + ["fim"] * 10)
    chunks = split_text(text, 80)
    assert all(len(c) <= 80 for c in chunks)
    assert any(link in c for c in chunks)
    assert " ".join(chunks).split() == text.split()


def test_paragraphs_are_preferred_split_points():
    text = "A" * 50 + "\n\n" + "B" * 50
    assert split_text(text, 80) == ["A" * 50, "B" * 50]


@pytest.mark.parametrize("meters,language,expected", [
    (87.4, "pt-BR", "90 m"), (1234, "pt-BR", "1,2 km"), (1234, "en", "1.2 km"), (12500, "pt-PT", "12,5 km")])
def test_distances_are_written_in_the_citizens_number_format(meters, language, expected):
    assert format_distance(meters, language) == expected.replace(" ", "\u00a0")  # tests/test_distance_format.py


def test_reply_parts_follow_the_bots_order_and_a_location_button_becomes_a_location_request():
    messages = [
        BotMessage(text="Onde você está?", buttons=[{"title": "📍", "payload": "/share_location"}, {"title": "Bertioga", "payload": "/x"}]),
        BotMessage(custom={"request_location": True}),
        BotMessage(custom={"citations": [{"unit_id": "u", "label": "Art. 1", "url": "/norms/u"}],
                           "places": {"type": "FeatureCollection", "features": [
                               {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-46.1, -23.8]},
                                "properties": {"name": "P1", "area": "A", "radius_m": 50.0}}]}}),
    ]
    parts = reply_parts(messages)
    assert [type(p) for p in parts] == [TextPart, LocationRequestPart, PlacesPart, CitationsPart]
    assert [b.payload for b in parts[0].buttons] == ["/x"]
    assert parts[2].places[0].latitude == -23.8 and parts[2].places[0].longitude == -46.1


def test_a_turns_sources_are_one_list_after_the_last_message_that_cites():
    # The rules' answer and the article quoted beside it: one reply, one sources list, no repeats.
    cite = lambda unit: {"unit_id": unit, "label": unit, "url": f"/norms/{unit}"}  # noqa: E731
    messages = [
        BotMessage(text="Multa de 500 UFIB", custom={"citations": [cite("art-21"), cite("art-22")]}),
        BotMessage(text="O que o texto da lei diz", custom={"citations": [cite("art-21")]}),
        BotMessage(text="Quer saber mais?", buttons=[{"title": "Sim", "payload": "/affirm"}]),
    ]
    parts = reply_parts(messages)
    assert [type(p) for p in parts] == [TextPart, TextPart, CitationsPart, TextPart]
    assert [c.unit_id for c in parts[2].citations] == ["art-21", "art-22"]


def test_malformed_custom_payloads_are_ignored_not_fatal():
    message = BotMessage(custom={"places": {"features": [{"geometry": None}]}, "citations": [{"label": "no url"}]})
    assert message.places == [] and message.citations == []


def test_share_location_payload_is_what_the_bot_expects():
    payload = share_location_payload(-23.85, -46.13)
    assert payload == '/share_location{"latitude": -23.85, "longitude": -46.13}'


# ------------------------------------------------------------------ payloads and rate limit
def test_long_payloads_travel_as_keys_and_come_back():
    codec = PayloadCodec()
    long_payload = '/choose_activity{"activity":"itinerant_vendor_vehicle","municipality":"br-pr-pontal-do-parana"}'
    key = codec.encode(long_payload, 64)
    assert len(key.encode()) <= 64 and key != long_payload
    assert codec.decode(key) == long_payload
    assert codec.encode("/affirm", 64) == "/affirm"
    assert PayloadCodec().decode(key) is None  # another process does not know the key


def test_the_rate_limit_allows_a_burst_warns_once_then_refills():
    now = [0.0]
    limiter = RateLimiter(per_minute=6, burst=2, clock=lambda: now[0])
    assert [limiter.check("chat") for _ in range(4)] == ["allow", "allow", "warn", "drop"]
    assert limiter.check("other") == "allow"
    now[0] += 10.0  # one token per 10 s
    assert limiter.check("chat") == "allow"
    assert limiter.check("chat") == "warn"
