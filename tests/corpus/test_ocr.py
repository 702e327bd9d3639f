"""Each OCR repair rule, with examples from the Igarapava scan, and what it must leave alone."""

from __future__ import annotations

import pytest

from knowledge.corpus.ocr import repair
from knowledge.corpus.sources.igarapava import ocr_roman


@pytest.mark.parametrize("ocr, fixed", [
    ("prestadores de servigo", "prestadores de serviço"),          # ç read as g
    ("no espago urbano", "no espaço urbano"),
    ("Departamento Municipal de Manutengao", "Departamento Municipal de Manutenção"),
    ("a interdicao, cassacdo de licenca", "a interdição, cassação de licenca"),  # ção read cao/cdo
    ("as necessarias relagées entre", "as necessarias relações entre"),        # ções read gées
    ("atribuicdes legais", "atribuições legais"),
    ("as reparticbes municipais", "as repartições municipais"),
    ("de demoligbes ou construgcdes", "de demolições ou construções"),
    ("sdo responsaveis", "são responsaveis"),                       # ã read as d / é
    ("séao classificados", "são classificados"),
    ("poderdo ser depositados", "poderão ser depositados"),
    ("objetos gue possam cair", "objetos que possam cair"),
    ("de qualguer natureza", "de qualquer natureza"),
    ("€ municipes", "e municipes"),
    ("derramar 6leo, graxa", "derramar óleo, graxa"),
    ("no maximo 0,5 m? (meio metro quadrado)", "no maximo 0,5 m² (meio metro quadrado)"),
    ("lotes vagos de até 999 m?", "lotes vagos de até 999 m²"),
    ("ultrapassar 40m2 (quarenta metros quadrados)", "ultrapassar 40m² (quarenta metros quadrados)"),
    ("Este Cadigo contém", "Este Código contém"),
    ("balcdes ou janelas", "balcões ou janelas"),
])
def test_repairs(ocr, fixed):
    assert repair(ocr)[0] == fixed


@pytest.mark.parametrize("text", [
    "os órgãos e o orgao competente",   # real "-gão" words
    "de acordo com a lei",              # "-rdo" that is Portuguese
    "uma pega no jardim",               # real word with g
    "multa de 1 UFM a 10 UFM",          # figures untouched
    "area de 40m2 de fachada",          # "m2" without the words saying square metres
    "o prazo de 30 (trinta) dias",
])
def test_leaves_real_words_and_numbers_alone(text):
    assert repair(text) == (text, [])


def test_repair_reports_the_rules_it_applied():
    assert repair("servigo e cassacdo")[1] == ["ção", "ç"]


@pytest.mark.parametrize("token, expected, read", [
    ("|", 1, 1), ("Il", 2, 2), ("Il", 3, 3), ("IIl", 3, 3), ("1l", 3, 3), ("VIl", 7, 7), ("VIl", 8, 8),
    ("Xl", 13, 13), ("X", 20, 20), ("XXl", 23, 23), ("[}", 3, 3), ("\\", 5, 5), ("[\\", 4, 4),
    ("Vv", 5, 5), ("VIiI", 8, 8), ("XIll", 12, 12),
])
def test_garbled_numerals_are_read_as_the_expected_next_one(token, expected, read):
    assert ocr_roman(token, expected) == read


@pytest.mark.parametrize("token, expected", [("V", 3), ("IX", 4), ("XII", 10), ("Il", 5), ("XIII", 12)])
def test_numerals_that_do_not_fit_the_sequence_are_refused(token, expected):
    assert ocr_roman(token, expected) is None
