"""Word analysis behind the search: stems that keep one word's forms together (and apart from other
words), and OCR repairs that only undo the scanner's own confusions."""

import pytest

from knowledge.search import Passage, SearchIndex
from knowledge.search.text import stem


@pytest.mark.parametrize(
    ("forms"),
    [
        ("jornal", "jornais"),  # -al plurals: Snowball gave "jornal" / "jorn"
        ("municipal", "municipais"),
        ("responsavel", "responsaveis"),  # -vel plurals
        ("imovel", "imoveis"),
        ("papel", "papeis"),
        ("proprietario", "proprietaria", "proprietarias"),  # feminine of -ário
        ("vender", "venda", "vendedor", "vendedores"),  # agent nouns in -edor / -idor
        ("consumir", "consumidor", "consumidores"),
        ("publicidade", "publicitario", "publicitaria", "publicitarios"),
        # the singular of a plural our English texts write ("barbers", Lajes art. 34): Portuguese Snowball gave
        # "barber" → "barb"
        ("barber", "barbers"),
    ],
)
def test_forms_of_one_word_share_a_stem(forms):
    assert len({stem(f) for f in forms}) == 1, {f: stem(f) for f in forms}


def test_advertising_is_not_public():
    # Snowball strips "-idade": "publicidade" would be "público", the commonest adjective of the laws.
    assert stem("publicidade") != stem("publico") == stem("publicas")


def test_short_words_keep_their_endings():
    assert stem("leis") != stem("lel")
    assert stem("seis") == "seis"


def _scan(text: str) -> SearchIndex:
    clean = Passage(unit_id="x/clean/art-1", norm_id="x/clean", jurisdiction="x", language="pt-BR", label="Art. 1º",
                    heading=None, hierarchy=(),
                    text="Fachadas da escola; licença de localização do imóvel; anúncio; serviço.", ocr=False)
    scanned = Passage(unit_id="y/scan/art-1", norm_id="y/scan", jurisdiction="y", language="pt-BR", label="Art. 1º",
                      heading=None, hierarchy=(), text=text, ocr=True)
    return SearchIndex([clean, scanned])


def test_accent_confusions_repair_only_letters_written_with_an_accent():
    repairs = _scan("licenga do imevel, andncio e servigo").ocr_repairs
    assert repairs["licenga"] == "licenca"  # ç read as g
    assert repairs["imevel"] == "imovel"  # ó read as e
    assert repairs["andncio"] == "anuncio"  # ú read as d
    assert repairs["servigo"] == "servico"


def test_real_words_differing_by_a_plain_vowel_are_not_rewritten():
    # Not scanner damage: the meant letter would be a plain vowel, which the scanner reads right.
    repairs = _scan("farmacias fechadas, escala de plantao, legalizacao").ocr_repairs
    assert "fechadas" not in repairs  # not "fachadas"
    assert "escala" not in repairs  # not "escola"
    assert "legalizacao" not in repairs  # not "localizacao"


def test_glossary_street_vending_phrase_names_the_ambulant_trade(index):
    plan = index.plan("posso vender na rua?")
    assert "street_vendor" in plan.concepts
    assert stem("ambulante") in plan.terms


@pytest.mark.parametrize("one,other", [
    ("appeals", "appeal"), ("cancelled", "cancellation"), ("paying", "pay"), ("notified", "notification"),
    ("inspection", "inspects"), ("qualified", "qualification"), ("license", "licence"),
])
def test_english_words_meet_their_other_forms(one, other):
    # English is stemmed as English (the Portuguese stemmer left "appeals" and "appeal" apart)
    assert stem(one) == stem(other)


@pytest.mark.parametrize("word", ["licença", "embarcações", "vendedoras", "multa", "prazo", "área", "some"])
def test_the_law_s_words_keep_their_portuguese_stems(word):
    from knowledge.search.text import fold, is_english

    # every word the law writes is Portuguese, whatever it looks like in English ("some" is "sumir")
    assert not is_english(fold(word))
