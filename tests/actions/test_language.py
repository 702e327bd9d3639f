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
        # English function words decide where the only marker would be Portuguese ("do" is also "of the")
        ("do my rental kayaks and boards in bertioga need to be painted or marked in some special way?", None, None, "en"),
        ("E se for uma empresa?", "pt-BR", None, "pt-BR"),
        ("to vendendo coco na praia, precisa de licença?", None, None, "pt-BR"),
        # No language evidence: the conversation's language is kept.
        ("Bertioga", "en", None, "en"),
        ("SUP", "pt-PT", None, "pt-PT"),
        ('/share_location{"latitude": -23.85, "longitude": -46.13}', "en", None, "en"),
        # Spanish (issue 15): neutral, rioplatense, no accents, typos; short words keep a Spanish talk.
        ("¿Puedo alquilar tablas de SUP en Bertioga?", None, None, "es"),
        ("¿Cuánto sale la licencia de vendedor ambulante en Pontal?", None, None, "es"),
        ("¿Dónde puedo alquilar kayak?", "pt-BR", None, "es"),
        ("vos podés vender helado acá?", None, None, "es"),
        ("¿Se puede vender coco en la playa?", "en", None, "es"),
        ("puedo alquilar sup en bertioga", None, None, "es"),
        ("donde pueo alqilar moto de agua", None, None, "es"),
        ("¿Qué documentos necesito?", None, None, "es"),
        ("cuanto cuesta el permiso para el food truck en Lajes", None, None, "es"),
        ("¿Necesito permiso para alquilar motos de agua en Portugal?", None, "pt", "es"),
        ("hola", None, None, "es"),
        ("Bertioga", "es", None, "es"),
        # the opening mark and one Spanish word settle it, however many words Portuguese shares
        ("¿Qué documentos necesito para la licencia de vendedor ambulante?", None, None, "es"),
        ("Quisiera vender artesanias en la plaza de Igarapava. ¿Qué departamento da la autorizasión?", None, None, "es"),
        ("SUP", "es", None, "es"),
        # Portuguese that shares words with Spanish stays Portuguese.
        ("vendo camisetas e bonés", None, None, "pt-BR"),
        ("vou lá na praia amanhã", "es", None, "pt-BR"),
        ("de que documentos preciso?", None, None, "pt-BR"),
        ("Quanto custa a licença de ambulante?", None, None, "pt-BR"),
        ("en", None, None, "pt-BR"),
    ],
)
def test_detect_language(text, previous, jurisdiction, expected):
    assert detect_language(text, previous, jurisdiction) == expected
