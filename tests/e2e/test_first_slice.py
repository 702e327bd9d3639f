"""The first vertical slice over real HTTP: SUP rental in Bertioga, in Portuguese and in English."""

import httpx


def _text(messages: list[dict]) -> str:
    return "\n".join(m.get("text", "") for m in messages if m.get("text"))


def test_health_reports_all_three_parts(stack):
    body = httpx.get(f"{stack.api_url}/healthz", timeout=5).json()
    assert body["status"] == "up"
    assert {name: part["status"] for name, part in body["parts"].items()} == {
        "api": "up", "rasa": "up", "actions": "up",
    }


def test_sup_in_bertioga_portuguese(stack):
    text = _text(stack.say("slice-pt", "Posso alugar prancha de SUP na praia em Bertioga?"))
    for area in ("Praia da Enseada", "Riviera de São Lourenço", "Guaratuba", "Boracéia"):
        assert area in text
    assert "Secretaria Municipal de Turismo e Cultura" in text
    assert "Decreto nº 4.510/2024" in text
    assert "art. 3" in text and "art. 14" in text
    assert "/norms/br-sp-bertioga/decreto-4510-2024/art-" in text


def test_sup_in_bertioga_english(stack):
    text = _text(stack.say("slice-en", "Can I rent SUP boards in Bertioga?"))
    assert "licen" in text.lower()  # licensed / licence
    for area in ("Praia da Enseada", "Riviera de São Lourenço", "Guaratuba", "Boracéia"):
        assert area in text
    assert "Decreto nº 4.510/2024" in text
    assert "only" in text.lower()


def test_greeting_says_what_the_assistant_does(stack):
    pt = _text(stack.say("greet-pt", "oi"))
    en = _text(stack.say("greet-en", "hello"))
    assert "Bertioga" in pt and "autorização" in pt
    assert "Bertioga" in en and "permit" in en


def test_more_details_sends_the_rest_of_the_short_answer(stack):
    first = stack.say("slice-more", "Posso alugar prancha de SUP na praia em Bertioga?")
    assert any(b.get("payload") == "/more_details" for m in first for b in m.get("buttons") or [])
    shown = _text(first)
    assert shown.count("[art.") <= 3
    more = _text(stack.say("slice-more", "/more_details"))
    # the whole answer: every area's article (arts. 14-17) and the conditions left out of the short one
    assert "art. 17" in more and "Boracéia" in more and "art. 17" not in shown
    assert "Não tenho mais detalhes" in _text(stack.say("slice-more", "/more_details"))
