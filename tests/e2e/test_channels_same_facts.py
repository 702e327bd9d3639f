"""One conversation gives the same facts on every channel: REST, widget, Telegram and WhatsApp.

A citizen asks whether SUP can be rented in Bertioga, then what the fine is for working without a
licence. The second question names neither the activity nor the municipality: the bot must carry
them over, so each channel holds its own conversation (its own sender).

The real stack answers (Rasa + action server + API as processes). Only Telegram's and Meta's
servers are local fakes (tests/e2e/conftest.py): Telegram updates and signed WhatsApp events are
posted to the API's webhooks, and the replies are read from what the fakes were sent.

Each channel formats the answer its own way (markdown links, Telegram HTML, WhatsApp plain text,
places and sources as separate messages), so the test compares facts, not text: the places, the
office, the norms, the article labels, the /norms/<unit id> links and the fines a citizen can read.
"""

import html
import json
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
import yaml

from api.channels.catalog import get_catalog
from tests.support.channel_fakes import sign_whatsapp_body, tg_text_update, wa_text_event

ROOT = Path(__file__).resolve().parents[2]
NORM = "br-sp-bertioga/decreto-4510-2024"
NORM_META = yaml.safe_load((ROOT / "knowledge" / "norms" / f"{NORM.replace('/', '.')}.yaml").read_text(encoding="utf-8"))
SEED = (ROOT / "knowledge" / "norms" / NORM_META["seed_file"]).read_text(encoding="utf-8")

QUESTIONS = (
    "Posso alugar SUP em Bertioga?",
    "Qual a multa se eu trabalhar sem licença?",  # relies on the activity and municipality above
)
LANGUAGE = "pt-BR"
# Every legal answer ends with its sources; on Telegram and WhatsApp they are the turn's last message.
SOURCES_HEADING = get_catalog().text("common.citations_heading", LANGUAGE)
REPLY_TIMEOUT = 60.0  # seconds for one turn's replies to reach a fake (a Rasa turn takes ~1 s)

Fact = tuple[str, str]


def unit(article: int) -> Fact:
    return ("link", f"{NORM}/art-{article}")


# What each answer must state, with the article of the seed that says it (checked below).
EXPECTED: list[dict[Fact, int | None]] = [
    {
        ("place", "Praia da Enseada"): 14,
        ("place", "Riviera de São Lourenço"): 15,
        ("place", "Praia de Guaratuba"): 16,
        ("place", "Praia de Boracéia"): 17,
        ("office", "Secretaria Municipal de Turismo e Cultura"): 3,
        ("norm", "Decreto nº 4.510/2024"): None,
        ("article", "art. 3"): 3,
        # a short answer cites three articles (the licence's, who issues it, the first area's); the other
        # areas' articles (15-17) are behind "Mais detalhes" — the same on every channel
        ("article", "art. 14"): 14,
        **{unit(n): n for n in (3, 14)},
    },
    {
        # the tier of the offence asked about (art. 21 § 1º II c: "implantar atividade sem autorização")
        ("fine_ufib", "250"): 21,
        ("norm", "Decreto nº 4.510/2024"): None,  # the municipality carried over from the first turn
        ("article", "art. 21"): 21,
        unit(21): 21,
    },
]


# ------------------------------------------------------------------------------------ facts
_PLACE = re.compile(r"\b(?:Praia|Riviera) d[aeo]s? [A-ZÀ-Ý]\w+(?: (?:de |da |do )?[A-ZÀ-Ý]\w+)*")
_OFFICE = re.compile(r"\bSecretaria Municipal de [A-ZÀ-Ý]\w+(?: e [A-ZÀ-Ý]\w+)?")
_NORM_NAME = re.compile(r"\b(?:Decreto|Lei)(?: Complementar| Municipal)?(?: nº)? \d[\d.]*/\d{4}")
_ARTICLE = re.compile(r"\bart\. (\d+)")
_LINK = re.compile(r"/norms/([a-z0-9-]+(?:/[a-z0-9.-]+)*)")
_FINE = re.compile(r"\b(\d{1,3}(?:\.\d{3})+|\d+) UFIB")


def normalise(text: str) -> str:
    """One space for any run of spaces (NBSP and narrow NBSP included); line breaks are kept."""
    lines = text.replace("\u00a0", " ").replace("\u202f", " ").splitlines()
    return "\n".join(" ".join(line.split()) for line in lines).strip()


def facts(texts: list[str]) -> set[Fact]:
    """The facts a citizen can read in one turn's visible texts, whatever their formatting."""
    text = normalise("\n".join(texts))
    found: set[Fact] = set()
    found |= {("place", m) for m in _PLACE.findall(text)}
    found |= {("office", m) for m in _OFFICE.findall(text)}
    found |= {("norm", m) for m in _NORM_NAME.findall(text)}
    found |= {("article", f"art. {n}") for n in _ARTICLE.findall(text)}
    found |= {("link", m.rstrip(".")) for m in _LINK.findall(text)}
    found |= {("fine_ufib", m.replace(".", "")) for m in _FINE.findall(text)}
    return found


# ------------------------------------------------------------------------------------ channels
def rasa_visible_texts(messages: list[dict]) -> list[str]:
    """What the widget shows of Rasa's REST messages: text, buttons, places, sources."""
    texts = []
    for message in messages:
        texts.append(message.get("text") or "")
        texts += [button.get("title", "") for button in message.get("buttons") or []]
        custom = message.get("custom") or {}
        for feature in (custom.get("places") or {}).get("features", []):
            properties = feature.get("properties", {})
            texts.append(f"{properties.get('name', '')} — {properties.get('area', '')}")
        texts += [f"{c.get('label', '')} {c.get('url', '')}" for c in custom.get("citations") or []]
    return texts


_HTML_LINK = re.compile(r'<a href="([^"]*)">(.*?)</a>', re.S)
_HTML_TAG = re.compile(r"<[^>]+>")


def telegram_visible_text(call: dict) -> str:
    """A sendMessage call as the citizen reads it: links as "label (url)", tags dropped."""
    text = call.get("text", "")
    if call.get("parse_mode") == "HTML":
        text = _HTML_LINK.sub(lambda m: f"{m.group(2)} ({m.group(1)})", text)
        text = html.unescape(_HTML_TAG.sub("", text))
    keyboard = (call.get("reply_markup") or {}).get("inline_keyboard") or []
    return "\n".join([text, *(button.get("text", "") for row in keyboard for button in row)])


def whatsapp_visible_text(message: dict) -> str:
    kind = message.get("type")
    if kind == "text":
        return message["text"]["body"]
    if kind == "location":
        pin = message["location"]
        return f"{pin.get('name', '')} — {pin.get('address', '')}"
    if kind == "interactive":
        interactive = message["interactive"]
        action = interactive.get("action", {})
        titles = [b["reply"]["title"] for b in action.get("buttons", [])]
        titles += [row["title"] for section in action.get("sections", []) for row in section.get("rows", [])]
        return "\n".join([interactive.get("body", {}).get("text", ""), *titles])
    return ""


def wait_for_turn(visible: Callable[[], list[str]], already: int, what: str) -> list[str]:
    """The texts a channel received after the first `already`, once the turn's sources arrived and the channel
    went quiet: on WhatsApp and Telegram the feedback prompt ("Esta resposta ajudou?") follows the sources as a
    message of its own, sent a moment later."""
    deadline = time.monotonic() + REPLY_TIMEOUT
    while time.monotonic() < deadline:
        new = visible()[already:]
        if any(normalise(text).startswith(SOURCES_HEADING) for text in new):
            quiet_until = time.monotonic() + _QUIET
            while time.monotonic() < min(quiet_until, deadline):
                time.sleep(0.05)
                if len(visible()) != already + len(new):
                    new = visible()[already:]
                    quiet_until = time.monotonic() + _QUIET
            return new
        time.sleep(0.05)
    pytest.fail(f"{what}: no sources list within {REPLY_TIMEOUT:.0f} s; received {visible()[already:]!r}")


# How long a channel stays silent after a turn's last message before the turn is taken as whole.
_QUIET = 0.6


def assert_nothing_after_the_sources(visible: Callable[[], list[str]], turns: list[list[str]], what: str) -> None:
    """The sources close the reply: a moment later nothing more has arrived, so all was compared."""
    time.sleep(1.0)
    assert visible() == [text for turn in turns for text in turn], f"{what}: messages arrived after the sources"


def converse_rest(stack) -> list[list[str]]:
    sender = f"e2e-rest-{secrets.token_hex(4)}"
    return [rasa_visible_texts(stack.say(sender, question)) for question in QUESTIONS]


def converse_widget(stack) -> list[list[str]]:
    sender = f"e2ewidget{secrets.token_hex(6)}"
    turns = []
    for question in QUESTIONS:
        response = httpx.post(f"{stack.api_url}/api/v1/chat",
                              json={"sender": sender, "message": question, "language": LANGUAGE}, timeout=60)
        assert response.status_code == 200, response.text
        turns.append(rasa_visible_texts(response.json()["messages"]))
    return turns


def converse_telegram(stack, fakes) -> list[list[str]]:
    chat_id = 700_000_000 + secrets.randbelow(100_000_000)
    bot_api = fakes.bot_api

    def visible() -> list[str]:
        return [telegram_visible_text(c) for c in bot_api.calls_to("sendMessage") if int(c["chat_id"]) == chat_id]

    turns = []
    for question in QUESTIONS:
        already = len(visible())
        response = httpx.post(
            f"{stack.api_url}/telegram/webhook", json=tg_text_update(chat_id, question, language_code="pt-br"),
            headers={"X-Telegram-Bot-Api-Secret-Token": fakes.telegram_webhook_secret}, timeout=30,
        )
        assert response.status_code == 200, response.text
        turns.append(wait_for_turn(visible, already, f"Telegram, {question!r}"))
    assert_nothing_after_the_sources(visible, turns, "Telegram")
    return turns


def converse_whatsapp(stack, fakes) -> list[list[str]]:
    wa_id = f"55139{secrets.randbelow(10**8):08d}"  # a Brazilian number: the bridge picks pt-BR

    def visible() -> list[str]:
        return [whatsapp_visible_text(m) for m in fakes.graph_api.sent_to(wa_id)]

    turns = []
    for question in QUESTIONS:
        already = len(visible())
        body = json.dumps(wa_text_event(wa_id, question, phone_number_id=fakes.graph_api.phone_number_id)).encode()
        response = httpx.post(
            f"{stack.api_url}/whatsapp/webhook", content=body, timeout=30,
            headers={"Content-Type": "application/json",
                     "X-Hub-Signature-256": sign_whatsapp_body(body, fakes.whatsapp_app_secret)},
        )
        assert response.status_code == 200, response.text
        turns.append(wait_for_turn(visible, already, f"WhatsApp, {question!r}"))
    assert_nothing_after_the_sources(visible, turns, "WhatsApp")
    return turns


# ------------------------------------------------------------------------------------ tests
def test_one_conversation_gives_the_same_facts_on_every_channel(stack, channel_fakes):
    transcripts = {
        "REST": converse_rest(stack),
        "widget": converse_widget(stack),
        "Telegram": converse_telegram(stack, channel_fakes),
        "WhatsApp": converse_whatsapp(stack, channel_fakes),
    }
    for turn, (question, expected) in enumerate(zip(QUESTIONS, EXPECTED, strict=True)):
        found = {channel: facts(turns[turn]) for channel, turns in transcripts.items()}
        for channel, channel_facts in found.items():
            missing = set(expected) - channel_facts
            assert not missing, f"{channel}, {question!r}: missing {sorted(missing)}\n{transcripts[channel][turn]}"
        reference = found["REST"]
        for channel, channel_facts in found.items():
            assert channel_facts == reference, (
                f"{question!r}: {channel} differs from REST — only on {channel}: {sorted(channel_facts - reference)}; "
                f"only on REST: {sorted(reference - channel_facts)}"
            )


# ------------------------------------------------------------------------------------ the seed
def _squash(text: str) -> str:
    """The seed's text on one line: its articles are wrapped mid-sentence."""
    return " ".join(normalise(text.replace("\u2019", "'")).split())


def seed_article(number: int) -> str:
    """The text of Art. <number> of the decree, up to the next article's heading."""
    match = re.search(rf"^Art\. {number}(?:º|\.)(.*?)(?=^Art\. \d+(?:º|\.)|\Z)", SEED, re.M | re.S)
    assert match, f"Art. {number} is not in the seed"
    return _squash(match.group(0))


def test_expected_facts_are_in_the_seed():
    """Each fact the channels must show is what the decree says, in the article they link."""
    assert NORM_META["id"] == NORM and NORM_META["citation"] == "Decreto nº 4.510/2024"
    heading = _squash(SEED[:200])
    for expected in EXPECTED:
        linked = {int(value.rsplit("-", 1)[1]) for kind, value in expected if kind == "link"}
        for (kind, value), article in expected.items():
            if kind == "norm":
                number, year = re.fullmatch(r"Decreto nº ([\d.]+)/(\d{4})", value).groups()
                assert re.search(rf"DECRETO N\. {re.escape(number)}, DE \d+ DE \w+ DE {year}", heading), value
                continue
            text = seed_article(article)
            # The answer cites the article that says it (an area's article may be behind "Mais detalhes":
            # the short answer names the four areas and cites the first).
            assert article in linked or kind == "place", (kind, value, article)
            if kind == "fine_ufib":
                assert re.search(rf"multa de {value} \([^)]*\) UFIB", text), value
            elif kind in ("place", "office"):
                assert value in text, (value, article)
            else:  # an article label or link: the article exists (seed_article found it)
                assert text.startswith(f"Art. {article}")
