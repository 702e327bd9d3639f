"""Lei nº 1.902/2018 de Pontal do Paraná (consolidated text) against its seed."""

from __future__ import annotations

from decimal import Decimal

from knowledge.corpus import UnitKind, VersionKind

from .conftest import PONTAL, passage

A = PONTAL + "/"
FOOTERS = [
    r"\d{2}/\d{2}/\d{4}, \d{2}:\d{2} Lei Ordinária 1902 2018 de Pontal do Paraná PR",
    r"https://leismunicipais\.com\.br/\S+ \d+/\d+",
]


def test_articles_1_to_51_in_order_with_art_49_once(corpus):
    assert [a.number for a in corpus.articles(PONTAL)] == [str(n) for n in range(1, 52)]


def test_metadata_says_consolidated_up_to_the_banner_date(corpus):
    norm = corpus.norm(PONTAL)
    assert norm.consolidated_up_to.isoformat() == "2022-09-30"
    assert "Versão consolidada, com alterações até o dia 30/09/2022" in passage("pontal", "www.", "LEI Nº")
    assert norm.citation == "Lei nº 1.902/2018"


def test_article_texts_are_verbatim_across_page_footers(corpus):
    # Art. 2 and Art. 4 are cut by a page footer mid-sentence.
    assert corpus.full_text(A + "art-2") == passage("pontal", "Art. 2º Para fins", "Art. 3º", FOOTERS)
    assert corpus.full_text(A + "art-4") == passage("pontal", "Art. 4º A presente", "Art. 5º", FOOTERS)
    assert corpus.full_text(A + "art-16") == passage("pontal", "Art. 16 A utilização", "Art. 17", FOOTERS)
    assert corpus.full_text(A + "art-38") == passage("pontal", "Art. 38 A multa", "CAPÍTULO III", FOOTERS)


def test_art_9_par_3_in_force_is_the_exemption_of_lei_2247_2021(corpus):
    par3 = corpus.unit(A + "art-9/par-3")
    assert par3.text == (
        "Será concedida isenção da taxa de licença, quando o interessado comprovar possuir renda "
        "familiar média igual ou inferior a 2 (dois) salários mínimos ou contar com mais de sessenta "
        "anos de idade."
    )
    current = [v for v in par3.versions if v.in_force]
    assert len(current) == 1 and current[0].kind is VersionKind.given
    assert current[0].amending_norm == "Lei nº 2247/2021"
    (old,) = par3.history
    assert "reduzido pela metade" in old.wording
    assert old.superseded_by == "Lei nº 2247/2021"
    assert "reduzido pela metade" not in corpus.full_text(A + "art-9")


def test_paragraphs_added_by_lei_2367_2022(corpus):
    for n in (6, 7, 8):
        (v,) = corpus.unit(A + f"art-9/par-{n}").versions
        assert (v.kind, v.amending_norm, v.in_force) == (VersionKind.added, "Lei nº 2367/2022", True)
        assert "Redação" not in corpus.unit(A + f"art-9/par-{n}").text
    assert corpus.unit(A + "art-13/par-3").text.startswith("Fica proibida a utilização de instrumentos cortantes")
    assert corpus.unit(A + "art-13/par-3").text.endswith("necessite o manuseio de ferramentas.")


def test_art_49_printed_twice_is_one_unit_with_history(corpus):
    art49 = corpus.unit(A + "art-49")
    assert art49.text.startswith("Os anexos VI e X do Código Tributário Municipal passam a vigorar")
    assert [(v.kind, v.in_force) for v in art49.versions] == [
        (VersionKind.original, False), (VersionKind.given, True)]
    assert art49.history[0].wording == "Ficam alterados os Anexos VI e X do Código Tributário Municipal."


def test_current_anexo_vi_is_the_11_20_00_table(corpus):
    annex = corpus.unit(A + "anexo-vi")
    assert annex.in_force
    rows = [c for c in corpus.children(annex.id) if c.kind is UnitKind.table_row]
    assert rows and all(r.row.code == "11.20.00" for r in rows)
    sup = corpus.unit(A + "anexo-vi/item-11.20.00-4")
    assert sup.row.description.startswith("SUP - Stand Up Paddle, banana-boats, motos aquáticas caiaques")
    assert (sup.row.period_value, sup.row.fraction_value, sup.row.unit) == (Decimal("30.00"), Decimal("10.00"), "UFM")
    assert (sup.row.period, sup.row.fraction) == ("anual", "quadrimestral")
    assert sup.row.group == "Comércio Eventual"
    assert "SUP - Stand Up Paddle, banana-boats, motos aquáticas caiaques e assemelhados - Taxa por setor - " \
           "período anual ou fração quadrimestral 30,00 10,00" in passage("pontal", "ANEXO VI - TAXA", None)


def test_original_anexo_vi_is_history_only(corpus):
    original = corpus.unit(A + "anexo-vi/redacao-original")
    assert not original.in_force
    old = corpus.unit(A + "anexo-vi/redacao-original/item-06.01.01")
    assert not old.in_force and old.text == ""
    (v,) = old.versions
    assert v.superseded_by == "Lei nº 1992/2019"
    assert (old.row.period_value, old.row.fraction_value, old.row.fraction) == (Decimal("3.00"), Decimal("0.75"), "trimestral")
    assert "06.01.01" not in corpus.full_text(A + "anexo-vi")


def test_anexo_x_occupation_fees_per_square_metre(corpus):
    row = corpus.unit(A + "anexo-x/item-11.20.00-1").row
    assert (row.period_value, row.per, row.fraction_value) == (Decimal("0.80"), "m²", None)
    assert corpus.unit(A + "anexo-x/nota-1").versions[0].amending_norm == "Lei nº 2247/2021"


def test_footnotes_of_the_2019_table(corpus):
    notes = [c for c in corpus.children(A + "anexo-vi") if c.kind is UnitKind.nota]
    assert [n.text.split()[0:2] for n in notes] == [["Caso", "ocorra"], ["Os", "veículos"], ["Fica", "facultado"]]
    # Footnote 3 continues after a page break and the portal's disclaimer.
    assert notes[2].text.endswith("sob pena de cassação do alvará em caso de, sendo advertido, cometer nova infração")
    assert corpus.unit(A + "anexo-vi/item-11.20.00-12").row.footnotes == ("3",)


def test_known_errors_are_annotated(corpus):
    def notes(uid):
        return " ".join(a.note for a in corpus.unit(A + uid).annotations)

    assert "0,80 m" in notes("art-16/par-1")
    assert "art. 36" in notes("art-35")
    assert "Anexo I" in notes("art-48")
    assert "§ 2º" in notes("art-25/par-3")
    assert "fraction value" in notes("anexo-vi/item-11.20.00-5")  # Trem Recreativo 50,00 / 150,00
    assert corpus.unit(A + "tit-v-2").heading == "DAS DISPOSIÇÕES FINAIS E TRANSITÓRIAS"
    assert corpus.unit(A + "tit-v-2").annotations


def test_hierarchy_path(corpus):
    path = corpus.unit(A + "art-9/par-3").path
    assert [(p.kind, p.label, p.heading) for p in path] == [
        (UnitKind.titulo, "Título II", "DO USO E DA OCUPAÇÃO DOS ESPAÇOS PÚBLICOS"),
        (UnitKind.capitulo, "Capítulo I", "DO COMÉRCIO AMBULANTE E DO COMÉRCIO OU PRESTAÇÃO DE SERVIÇO"),
        (UnitKind.secao, "Seção II", 'Da "temporada de Verão"'),
        (UnitKind.artigo, "Art. 9º", None),
    ]
    assert corpus.unit(A + "art-9/par-3").label == "Art. 9º, § 3º"
