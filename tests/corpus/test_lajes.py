"""Lei Complementar nº 489/2009 de Lajes (PDF extraction) against its seed."""

from __future__ import annotations

from knowledge.corpus import AnnotationKind, UnitKind

from .conftest import LAJES, passage, seed

A = LAJES + "/"
PHONE_FOOTER = r"TELEFONE: \(84\) 3532-2627 / 3532-2197 / FAX: 3532-2367"


def test_articles_1_to_420_in_order(corpus):
    assert [a.number for a in corpus.articles(LAJES)] == [str(n) for n in range(1, 421)]


def test_phone_footer_is_removed_79_times_and_sentences_rejoined(corpus):
    assert seed("lajes").count("TELEFONE: (84) 3532-2627") == 79
    # Art. 5 is cut by the footer between "competentes da" and "Prefeitura Municipal".
    assert corpus.full_text(A + "art-5") == passage("lajes", "Art. 5º - A localização", "Art. 6º", [PHONE_FOOTER])
    assert "competentes da Prefeitura Municipal, respeitada" in corpus.unit(A + "art-5").text


def test_verbatim_articles(corpus):
    assert corpus.full_text(A + "art-381") == passage("lajes", "Art. 381 -", "Art. 382", [PHONE_FOOTER])
    assert corpus.full_text(A + "art-416") == passage("lajes", "Art. 416 -", "Art. 417", [PHONE_FOOTER])
    assert corpus.full_text(A + "art-420") == passage("lajes", "Art. 420 -", "Prefeitura Municipal de Lajes (RN)", [PHONE_FOOTER])


def test_fines_in_ur_with_the_value_set_elsewhere(corpus):
    assert corpus.unit(A + "art-381/inc-II").text == "grave, punida com 11 (onze) a 30 (trinta) vezes a URs;"
    assert corpus.norm(LAJES).money_unit == "UR"
    assert any("428/2005" in a.note for a in corpus.norm(LAJES).annotations)


def test_lost_incisos_of_art_22_are_annotated_not_renumbered(corpus):
    assert [c.number for c in corpus.children(A + "art-22") if c.kind is UnitKind.inciso] == \
        ["I", "II", "III", "IV", "V", "VIII"]
    assert corpus.unit(A + "art-22/inc-VIII").annotations[0].kind is AnnotationKind.source_defect


def test_duplicate_titulo_v_and_headless_sections(corpus):
    assert corpus.unit(A + "tit-v").heading == "Da Fiscalização e das Infrações"
    assert corpus.unit(A + "tit-v-2").heading == "Das Disposições Finais"
    assert corpus.unit(A + "art-412").path[0].id == A + "tit-v-2"
    sec = corpus.unit(A + "tit-iii/cap-i/sec-i")
    assert sec.heading is None and sec.annotations[0].kind is AnnotationKind.source_defect


def test_no_blank_line_artefacts_in_text(corpus):
    for unit in corpus.units:
        if unit.norm_id == LAJES:
            assert "  " not in unit.text and "\n" not in unit.text
