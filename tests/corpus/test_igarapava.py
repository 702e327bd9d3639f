"""Lei Complementar nº 057/2018 de Igarapava (OCR of a scan) against its seed."""

from __future__ import annotations

from knowledge.corpus import AnnotationKind, UnitKind

from .conftest import IGARAPAVA, seed

A = IGARAPAVA + "/"


def test_articles_1_to_266_in_order(corpus):
    assert [a.number for a in corpus.articles(IGARAPAVA)] == [str(n) for n in range(1, 267)]


def test_page_header_inside_a_sentence_is_removed_and_the_sentence_rejoined(corpus):
    # Art. 3 ends a page; its § único continues after "Prefeitura Municipal / De Igarapava / LEI …".
    text = seed("igarapava")
    assert "transito. \nPrefeitura Municipal \nDe Igarapava \nLEI COMPLEMENTAR" in text
    art4 = corpus.unit(A + "art-4")
    assert art4.raw_text == "Art. 4°- Para preservar a ambiéncia urbana e a higiene publica fica terminantemente proibido:"
    # Inciso XX ("X -" in the scan) is split by a page header and an FLS-free page break.
    assert corpus.unit(A + "art-4/inc-XX").text.startswith("depositar, lançar ou atirar") or \
        corpus.unit(A + "art-4/inc-XX").raw_text.startswith("X - depositar, lancar ou atirar")


def test_garbled_incisos_become_the_sequence_with_the_print_kept(corpus):
    numbers = [c.number for c in corpus.children(A + "art-4") if c.kind is UnitKind.inciso]
    assert numbers == [
        "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
        "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII", "XXIII"]
    viii = corpus.unit(A + "art-4/inc-VIII")
    assert viii.raw_text.startswith("VIl - colocar nas janelas")  # printed like VII
    assert viii.marker == "VIII -"
    assert any(a.kind is AnnotationKind.ocr_repair for a in viii.annotations)


def test_raw_ocr_is_kept_beside_the_repaired_text(corpus):
    art5 = corpus.unit(A + "art-5")
    assert "cassacdo de licenca" in art5.raw_text
    assert "cassação de licenca" in art5.text


def test_fine_range_missing_its_a_is_annotated(corpus):
    art5 = corpus.unit(A + "art-5")
    assert "1 UFM 10 UFM" in art5.text  # the law's wording is not rewritten
    assert any(a.kind is AnnotationKind.known_error and "1 to 10 UFM" in a.note for a in art5.annotations)
    assert "no valor de 1 UFM 10 UFM" in seed("igarapava")


def test_structure_read_through_the_ocr(corpus):
    assert corpus.unit(A + "tit-iii").heading == "DA POLICIA DE COSTUMES, SEGURANCA E ORDEM PUBLICA"
    assert corpus.unit(A + "tit-iii/cap-iii/sec-vi-a").marker == "SECAO VI-A"
    assert corpus.unit(A + "tit-iii/cap-iii/sec-vii").heading == "DA INSTALACAO DE BARRACAS"
    assert corpus.unit(A + "tit-vi/cap-vi-2").heading == "DO PROCESSO DE EXECUCAO"
    assert corpus.unit(A + "tit-vi/cap-vii").heading == "DAS DISPOSIÇÕES FINAIS"


def test_square_metres(corpus):
    assert "0,5 m² (meio metro quadrado)" in corpus.unit(A + "art-158/par-2/inc-II/ali-a").text


def test_art_202_incisos_with_an_extra_ocr_i(corpus):
    numbers = [c.number for c in corpus.children(A + "art-202") if c.kind is UnitKind.inciso]
    assert numbers[-3:] == ["XI", "XII", "XIII"]
    assert corpus.unit(A + "art-202/inc-XII").raw_text.startswith("XIll - ag")
