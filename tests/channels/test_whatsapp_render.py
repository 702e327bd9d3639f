"""WhatsApp replies always fit the Cloud API's limits, whatever the bot sends."""

from api.channels.bot_messages import BotMessage
from api.channels.catalog import get_catalog
from api.channels.mapping import reply_parts
from api.channels.payloads import PayloadCodec
from api.channels.whatsapp.bridge import language_for_number
from api.channels.whatsapp.render import WhatsAppRenderer
from api.channels.whatsapp.signature import signature_is_valid
from tests.support.channel_fakes import sign_whatsapp_body


def render(*messages: BotMessage, language: str = "pt-BR", codec: PayloadCodec | None = None):
    renderer = WhatsAppRenderer(catalog=get_catalog(), codec=codec or PayloadCodec(), public_base_url="https://a.example")
    return renderer.render(reply_parts(list(messages)), language)


def test_long_button_titles_are_cut_to_20_characters_and_stay_distinct():
    buttons = [{"title": "Comércio ambulante na praia", "payload": "/a"}, {"title": "Comércio ambulante na rua", "payload": "/b"}]
    [message] = render(BotMessage(text="Qual?", buttons=buttons))
    titles = [b["reply"]["title"] for b in message["interactive"]["action"]["buttons"]]
    assert all(len(t) <= 20 for t in titles)
    assert len(set(titles)) == 2
    assert titles[0].startswith("Comércio ambulante")


def test_more_than_ten_options_become_several_lists_of_ten():
    buttons = [{"title": f"Opção com um nome bem comprido {i}", "payload": f"/option{{\"n\":{i}}}"} for i in range(13)]
    lists = render(BotMessage(text="Escolha", buttons=buttons))
    assert [len(m["interactive"]["action"]["sections"][0]["rows"]) for m in lists] == [10, 3]
    for message in lists:
        assert len(message["interactive"]["action"]["button"]) <= 20
        for row in message["interactive"]["action"]["sections"][0]["rows"]:
            assert len(row["title"]) <= 24 and len(row.get("description", "")) <= 72 and len(row["id"]) <= 200
            assert row["description"].startswith("Opção com um nome bem comprido")  # the full name stays readable


def test_payloads_longer_than_a_reply_id_round_trip_through_the_codec():
    codec = PayloadCodec()
    payload = "/inform" + "{" + '"note":"' + "x" * 300 + '"}'
    [message] = render(BotMessage(text="?", buttons=[{"title": "ok", "payload": payload}]), codec=codec)
    reply_id = message["interactive"]["action"]["buttons"][0]["reply"]["id"]
    assert len(reply_id) <= 256 and codec.decode(reply_id) == payload


def test_a_body_too_long_for_an_interactive_message_goes_first_as_text():
    text = "Explicação longa. " * 80  # ~1400 characters > 1024
    first, choice = render(BotMessage(text=text, buttons=[{"title": "Sim", "payload": "/affirm"}]))
    assert first["type"] == "text" and first["text"]["body"] == text.strip()
    assert choice["interactive"]["body"]["text"] == get_catalog().text("common.choose_option", "pt-BR")


def test_texts_over_4096_characters_are_split():
    text = "\n\n".join(f"Parágrafo {i}. " + "texto " * 120 for i in range(10))
    messages = render(BotMessage(text=text))
    assert len(messages) >= 2 and all(len(m["text"]["body"]) <= 4096 for m in messages)


def test_the_phone_number_gives_a_first_language_guess():
    assert language_for_number("5513991234567") == "pt-BR"
    assert language_for_number("351912345678") == "pt-PT"
    assert language_for_number("447700900123") == "en"
    # Spanish-speaking visitors (issue 15): Argentina, Uruguay, Chile, Spain
    assert language_for_number("5491123456789") == "es"
    assert language_for_number("59899123456") == "es"
    assert language_for_number("56912345678") == "es"
    assert language_for_number("34612345678") == "es"


def test_the_signature_helper_and_the_check_agree():
    body = b'{"object":"whatsapp_business_account","entry":[]}'
    header = sign_whatsapp_body(body, "secret")
    assert signature_is_valid(body, header, "secret")
    assert signature_is_valid(body, header.upper().replace("SHA256=", "sha256="), "secret")  # hex case is irrelevant
    assert not signature_is_valid(body + b" ", header, "secret")
    assert not signature_is_valid(body, header, "")
