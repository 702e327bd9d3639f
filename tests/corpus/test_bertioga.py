"""Decreto nº 4.510/2024 de Bertioga against its seed text."""

from __future__ import annotations

from .conftest import BERTIOGA, passage

A = BERTIOGA + "/"


def test_articles_1_to_26_in_order(corpus):
    assert [a.number for a in corpus.articles(BERTIOGA)] == [str(n) for n in range(1, 27)]


def test_norm_metadata(corpus):
    norm = corpus.norm(BERTIOGA)
    assert norm.citation == "Decreto nº 4.510/2024"
    assert norm.date.isoformat() == "2024-07-25"
    assert norm.language == "pt-BR"
    assert norm.preamble.startswith("DECRETO N. 4.510, DE 25 DE JULHO DE 2024")
    assert norm.closing.startswith("Bertioga, 25 de julho de 2024.")


def test_article_texts_are_verbatim(corpus):
    assert corpus.full_text(A + "art-3") == passage("bertioga", "Art. 3º As licenças", "Art. 4º")
    assert corpus.full_text(A + "art-12") == passage("bertioga", "Art. 12. Em face", "Art. 13.")
    assert corpus.full_text(A + "art-21") == passage("bertioga", "Art. 21. Assim", "Art. 22.")
    assert corpus.full_text(A + "art-26") == passage("bertioga", "Art. 26. Este", "Bertioga, 25 de")


def test_line_join_hyphen_becomes_a_hyphen(corpus):
    assert "equipamento de salva-vidas;" in corpus.unit(A + "art-5/inc-I").text


def test_fine_ladder_units(corpus):
    par1 = corpus.unit(A + "art-21/par-1")
    assert par1.label == "Art. 21, § 1º"
    assert [c.number for c in corpus.children(par1.id)] == ["I", "II", "III", "IV"]
    assert corpus.unit(A + "art-21/par-1/inc-IV").text.startswith("multa de 2500 (duas mil e quinhentas)")
    assert corpus.unit(A + "art-21/par-1/inc-II/ali-f").text == "deixar de sinalizar os locais de lançamentos."
    assert corpus.unit(A + "art-21/par-1/inc-II/ali-f").label == "Art. 21, § 1º, inciso II, alínea f"


def test_riviera_points_keep_their_printed_numbers(corpus):
    art15 = corpus.unit(A + "art-15")
    assert len(art15.children) == 8
    assert corpus.unit(A + "art-15/inc-VI").text.startswith("Ponto 07: módulo 06")
    assert any("no Ponto 06" in n.note for n in art15.annotations)
