"""The bot answers in the language the citizen wrote in; pt-PT for Portugal; short words keep context."""

import pytest

from actions.common.language import detect_language


@pytest.mark.parametrize(
    ("text", "previous", "jurisdiction", "expected"),
    [
        ("oi", None, None, "pt-BR"),
        ("hello", None, None, "en"),
        ("Posso alugar prancha de SUP na praia em Bertioga?", None, None, "pt-BR"),
        ("Can I rent SUP boards in Bertioga?", None, None, "en"),
        ("posso vender milho na praia de leste", "en", None, "pt-BR"),
        ("Quero alugar uma mota de água no Algarve", None, None, "pt-PT"),
        ("qual a coima?", None, "pt", "pt-PT"),
        ("Can I rent jet skis in Portugal?", None, None, "en"),
        # No language evidence: the conversation's language is kept.
        ("Bertioga", "en", None, "en"),
        ("SUP", "pt-PT", None, "pt-PT"),
        ('/share_location{"latitude": -23.85, "longitude": -46.13}', "en", None, "en"),
    ],
)
def test_detect_language(text, previous, jurisdiction, expected):
    assert detect_language(text, previous, jurisdiction) == expected
