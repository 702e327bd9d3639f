"""The WhatsApp webhook in the API, with Meta-shaped signed events, a fake Graph API and fake Rasa.

Starlette's TestClient runs background tasks before returning, so the replies sent after the
webhook's 200 are all recorded by the time a test looks at the fake Graph API.
"""

import json
from datetime import UTC, datetime, timedelta

import pytest

from api.channels.catalog import get_catalog
from api.channels.errors import OutsideServiceWindow
from tests.support.channel_fakes import (
    sign_whatsapp_body,
    wa_button_reply_event,
    wa_image_event,
    wa_list_reply_event,
    wa_location_event,
    wa_status_event,
    wa_text_event,
)
from api.channels.whatsapp import ContactStore, build_bridge, close_bridge, notify_status
from .conftest import WA_APP_SECRET, WA_VERIFY_TOKEN

BR = "5513991234567"  # a Brazilian number (Bertioga's area code)
PT = "351912345678"
catalog = get_catalog()


def answers_to(graph, wa_id: str) -> list[dict]:
    """What was sent to `wa_id` without the 👍/👎 buttons that follow each answer (issue 14: those
    are tested in tests/feedback/)."""
    def feedback(message: dict) -> bool:
        buttons = ((message.get("interactive") or {}).get("action") or {}).get("buttons") or []
        return any(b["reply"]["id"].startswith("#fb:") for b in buttons)
    return [m for m in graph.sent_to(wa_id) if not feedback(m)]


def post_event(client, event: dict, *, secret: str = WA_APP_SECRET, body: bytes | None = None):
    raw = json.dumps(event).encode()
    signature = sign_whatsapp_body(raw, secret)
    return client.post("/whatsapp/webhook", content=body if body is not None else raw,
                       headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature})


# ------------------------------------------------------------------ verification handshake
def test_the_verification_handshake_echoes_the_challenge(api_client):
    response = api_client.get("/whatsapp/webhook", params={
        "hub.mode": "subscribe", "hub.verify_token": WA_VERIFY_TOKEN, "hub.challenge": "1158201444"})
    assert response.status_code == 200
    assert response.text == "1158201444"


@pytest.mark.parametrize("mode,token", [("subscribe", "wrong"), ("unsubscribe", WA_VERIFY_TOKEN), ("", "")])
def test_the_handshake_refuses_a_wrong_token_or_mode(api_client, mode, token):
    response = api_client.get("/whatsapp/webhook", params={"hub.mode": mode, "hub.verify_token": token, "hub.challenge": "42"})
    assert response.status_code == 403
    assert "42" not in response.text


# ------------------------------------------------------------------ signatures
def test_a_signed_text_is_answered_through_the_graph_api(api_client, fake_rasa, fake_graph):
    response = post_event(api_client, wa_text_event(BR, "posso alugar sup?"))

    assert response.status_code == 200
    # A Brazilian number: the bot is told pt-BR before the question.
    assert fake_rasa.messages_from(f"whatsapp-{BR}") == ['/set_language{"language": "pt-BR"}', "posso alugar sup?"]
    [reply] = answers_to(fake_graph, BR)
    assert reply["messaging_product"] == "whatsapp" and reply["type"] == "interactive"
    interactive = reply["interactive"]
    assert interactive["type"] == "button"
    assert interactive["body"]["text"] == "You said: posso alugar sup?"
    assert [b["reply"]["title"] for b in interactive["action"]["buttons"]] == ["Bertioga", "Pontal do Paraná"]


def test_a_tampered_body_is_refused_with_401_and_never_reaches_the_bot(api_client, fake_rasa, fake_graph):
    event = wa_text_event(BR, "oi")
    tampered = json.dumps(event).replace("oi", "ok").encode()
    response = post_event(api_client, event, body=tampered)
    assert response.status_code == 401
    assert fake_rasa.received == [] and fake_graph.sent == []


def test_a_signature_made_with_another_secret_is_refused(api_client, fake_rasa):
    assert post_event(api_client, wa_text_event(BR, "oi"), secret="someone-else").status_code == 401
    assert fake_rasa.received == []


@pytest.mark.parametrize("header", [None, "", "sha256=", "sha1=abc", "sha256=zz" + "0" * 62])
def test_missing_or_malformed_signatures_are_refused(api_client, fake_rasa, header):
    headers = {"Content-Type": "application/json"}
    if header is not None:
        headers["X-Hub-Signature-256"] = header
    response = api_client.post("/whatsapp/webhook", content=json.dumps(wa_text_event(BR, "oi")), headers=headers)
    assert response.status_code == 401
    assert fake_rasa.received == []


# ------------------------------------------------------------------ message kinds
def test_a_button_reply_sends_its_payload_and_citations_come_with_full_links(api_client, fake_rasa, fake_graph):
    post_event(api_client, wa_text_event(BR, "oi"))
    button = answers_to(fake_graph, BR)[0]["interactive"]["action"]["buttons"][0]["reply"]

    post_event(api_client, wa_button_reply_event(BR, button["id"], button["title"]))

    assert fake_rasa.messages_from(f"whatsapp-{BR}")[-1] == '/choose_municipality{"municipality":"br-sp-bertioga"}'
    answer, sources = [m["text"]["body"] for m in answers_to(fake_graph, BR)[1:]]
    assert "the article (http://assistant.test/norms/br-sp-bertioga/fake-norm/art-1)" in answer
    assert sources == "Fontes:\n• Art. 1 (fake): http://assistant.test/norms/br-sp-bertioga/fake-norm/art-1"


def test_more_than_three_buttons_become_a_list_whose_rows_reach_the_bot(api_client, fake_rasa, fake_graph):
    post_event(api_client, wa_text_event(BR, "qual municipal?"))
    [reply] = answers_to(fake_graph, BR)
    interactive = reply["interactive"]
    assert interactive["type"] == "list"
    assert interactive["action"]["button"] == "Ver opções"
    rows = interactive["action"]["sections"][0]["rows"]
    assert [r["title"] for r in rows] == ["Bertioga", "Pontal do Paraná", "Igarapava", "Lajes"]

    post_event(api_client, wa_list_reply_event(BR, rows[3]["id"], rows[3]["title"]))
    assert fake_rasa.messages_from(f"whatsapp-{BR}")[-1] == '/choose_municipality{"municipality":"br-rn-lajes"}'


def test_a_location_becomes_share_location_and_the_places_come_as_text_and_a_pin(api_client, fake_rasa, fake_graph):
    post_event(api_client, wa_location_event(BR, -23.854, -46.1625))

    assert fake_rasa.messages_from(f"whatsapp-{BR}")[-1] == '/share_location{"latitude": -23.854, "longitude": -46.1625}'
    intro, places, pin = answers_to(fake_graph, BR)
    assert intro["text"]["body"].startswith("Points near -23.8540")
    body = places["text"]["body"].replace("\u00a0", " ")  # a no-break space before each unit
    assert body.startswith("Pontos licenciados:\n\n1. Ponto 3 — Indaiá — Praia do Indaiá (a 0 m de você, raio de 30 m)")
    assert body.count("Ver no mapa: https://www.openstreetmap.org/") == 3
    assert pin == {"messaging_product": "whatsapp", "recipient_type": "individual", "to": BR, "type": "location",
                   "location": {"latitude": -23.854, "longitude": -46.1625, "name": "Ponto 3 — Indaiá", "address": "Praia do Indaiá"}}


def test_a_location_request_uses_whatsapps_location_request_message(api_client, fake_graph):
    post_event(api_client, wa_text_event(BR, "onde posso vender?"))
    [reply] = answers_to(fake_graph, BR)
    assert reply["interactive"] == {"type": "location_request_message",
                                    "body": {"text": "Share your location, please (fake bot)."},
                                    "action": {"name": "send_location"}}


def test_status_updates_are_acknowledged_and_nothing_is_sent(api_client, fake_rasa, fake_graph):
    for status in ("sent", "delivered", "read", "failed"):
        assert post_event(api_client, wa_status_event(BR, "wamid.X", status)).status_code == 200
    assert fake_rasa.received == [] and fake_graph.sent == []


def test_a_redelivered_message_is_answered_only_once(api_client, fake_rasa, fake_graph):
    event = wa_text_event(BR, "oi", message_id="wamid.SAME")
    post_event(api_client, event)
    post_event(api_client, event)
    assert fake_rasa.messages_from(f"whatsapp-{BR}").count("oi") == 1
    assert len(answers_to(fake_graph, BR)) == 1


def test_an_image_gets_the_unsupported_message_in_the_users_language(api_client, fake_rasa, fake_graph):
    post_event(api_client, wa_image_event(PT))
    [reply] = answers_to(fake_graph, PT)
    assert reply["text"]["body"] == catalog.text("common.unsupported_message", "pt-PT")
    assert fake_rasa.received == []


def test_rasa_down_is_a_polite_retry_message(api_client, fake_rasa, fake_graph):
    fake_rasa.fail_with = 503
    assert post_event(api_client, wa_text_event(PT, "olá")).status_code == 200
    [reply] = answers_to(fake_graph, PT)
    assert reply["text"]["body"] == catalog.text("common.unavailable", "pt-PT")


def test_a_failing_graph_api_does_not_break_the_webhook(api_client, fake_rasa, fake_graph):
    fake_graph.fail_with = 500
    assert post_event(api_client, wa_text_event(BR, "oi")).status_code == 200
    fake_graph.fail_with = None
    assert post_event(api_client, wa_text_event(BR, "de novo")).status_code == 200
    assert answers_to(fake_graph, BR)[-1]["interactive"]["body"]["text"] == "You said: de novo"


def test_a_language_button_is_remembered_for_the_channels_own_texts(api_client, fake_rasa, fake_graph):
    post_event(api_client, wa_button_reply_event(BR, '/set_language{"language":"en"}', "English"))
    post_event(api_client, wa_image_event(BR))
    assert answers_to(fake_graph, BR)[-1]["text"]["body"] == catalog.text("common.unsupported_message", "en")


# ------------------------------------------------------------------ status notifications
@pytest.fixture
async def bridge(whatsapp_settings, core_settings):
    made = build_bridge(whatsapp_settings, core_settings)
    yield made
    await close_bridge(made)


async def test_notify_status_inside_the_24_hour_window_sends_free_text(bridge, fake_graph):
    wrote_at = datetime(2025, 1, 10, 9, 0, tzinfo=UTC)
    bridge.store.record_inbound(BR, wrote_at)
    sent = await notify_status(BR, "Sua pré-inscrição foi aprovada.", bridge=bridge, now=wrote_at + timedelta(hours=23, minutes=59))
    assert sent == "text"
    assert answers_to(fake_graph, BR)[-1]["text"]["body"] == "Sua pré-inscrição foi aprovada."


async def test_notify_status_outside_the_window_uses_the_status_template(bridge, fake_graph):
    wrote_at = datetime(2025, 1, 10, 9, 0, tzinfo=UTC)
    bridge.store.record_inbound(PT, wrote_at)
    text = "O seu pedido\nfoi aprovado."
    sent = await notify_status(PT, text, bridge=bridge, now=wrote_at + timedelta(hours=24, minutes=1))
    assert sent == "template"
    template = answers_to(fake_graph, PT)[-1]["template"]
    assert template == {
        "name": "preapplication_status",
        "language": {"code": "pt_PT"},
        # Template variables may not contain new lines.
        "components": [{"type": "body", "parameters": [{"type": "text", "text": "O seu pedido foi aprovado."}]}],
    }


async def test_a_user_who_never_wrote_gets_the_template(bridge, fake_graph):
    assert await notify_status("5511900000000", "Aprovado.", bridge=bridge) == "template"


async def test_without_a_template_outside_the_window_nothing_is_sent(whatsapp_settings, core_settings, fake_graph):
    bridge = build_bridge(whatsapp_settings.model_copy(update={"status_template": None}), core_settings)
    try:
        with pytest.raises(OutsideServiceWindow):
            await notify_status(BR, "Aprovado.", bridge=bridge)
    finally:
        await close_bridge(bridge)
    assert fake_graph.sent == []


def test_the_last_inbound_time_survives_a_restart(api_client, whatsapp_settings, fake_graph):
    post_event(api_client, wa_text_event(BR, "oi", timestamp=1_736_500_000))
    reopened = ContactStore(whatsapp_settings.db_path)  # what a new process would read
    assert reopened.last_inbound(BR) == datetime.fromtimestamp(1_736_500_000, tz=UTC)
