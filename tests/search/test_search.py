"""Search behaviour a citizen notices: accents, typos, OCR damage, English and pt-PT questions,
filters, snippets and links."""

from knowledge.search import Passage, SearchIndex, search
from knowledge.search.text import fold, stem

BERTIOGA = "br-sp-bertioga/decreto-4510-2024"
PONTAL = "br-pr-pontal-do-parana/lei-1902-2018"
RAMT = "pt/decreto-lei-269-2003/ramt"


def top(index, query, jurisdiction=None, k=3):
    return [h.unit_id for h in index.search(query, jurisdiction=jurisdiction, limit=k)]


def test_kitesurf_distance_question_finds_article_6_with_or_without_accents(index):
    accented = top(index, "A partir de que distância da arrebentação pode praticar kitesurf?", "br-sp-bertioga")
    bare = top(index, "a partir de que distancia da arrebentacao pode praticar kitesurf", "br-sp-bertioga")
    assert accented[0] == bare[0] == f"{BERTIOGA}/art-6"


def test_typo_in_a_long_word_is_corrected_to_the_law_s_word(index):
    plan = index.plan("fiscalizasao das licensas")
    assert plan.corrections == {"fiscalizasao": "fiscalizacao", "licensas": "licencas"}
    assert f"{BERTIOGA}/art-2" in top(index, "quem faz a fiscalizasao", "br-sp-bertioga")


def test_short_real_words_are_not_turned_into_other_words(index):
    assert index.plan("perto do hospital").corrections == {}


def test_english_question_reaches_portuguese_text(index):
    assert top(index, "Jet ski rental in Portugal, can customers without a boating licence ride?", "pt")[0] == f"{RAMT}/art-21"


def test_brazilian_word_finds_the_portuguese_coima(index):
    hits = top(index, "multa por exercer atividade maritimo-turistica sem licenca", "pt")
    assert f"{RAMT}/art-29" in hits


def test_pt_pt_aluguer_finds_brazilian_aluguel_and_locacao(index):
    plan = index.plan("aluguer de pranchas")
    assert {stem("aluguel"), stem("locacao")} <= set(plan.terms)


def test_ocr_damaged_words_are_repaired_against_the_clean_norms():
    clean = Passage(unit_id="x/clean/art-1", norm_id="x/clean", jurisdiction="x", language="pt-BR", label="Art. 1º",
                    heading=None, hierarchy=(), text="A licença de funcionamento do serviço.", ocr=False)
    scanned = Passage(unit_id="y/scan/art-1", norm_id="y/scan", jurisdiction="y", language="pt-BR", label="Art. 1º",
                      heading=None, hierarchy=(), text="Sem licenga nao ha servigo nem toldos.", ocr=True)
    index = SearchIndex([clean, scanned])
    assert index.ocr_repairs["licenga"] == "licenca"
    assert index.ocr_repairs["servigo"] == "servico"
    assert "toldos" not in index.ocr_repairs  # a real word is never rewritten into another
    hit = index.search("licença", jurisdiction="y")[0]
    assert hit.unit_id == "y/scan/art-1"
    assert hit.snippet[slice(*hit.highlights[0])] == "licenga"


def test_jurisdiction_filter_keeps_other_places_out(index):
    hits = index.search("multa", jurisdiction="br-rn-lajes", limit=10)
    assert hits and all(h.jurisdiction == "br-rn-lajes" for h in hits)
    assert {h.jurisdiction for h in index.search("multa", limit=20)} > {"br-rn-lajes"}


def test_results_are_article_level_with_hierarchy_snippet_and_link(index):
    hit = index.search("isenção da taxa para quem tem mais de sessenta anos", jurisdiction="br-pr-pontal-do-parana")[0]
    assert hit.unit_id == f"{PONTAL}/art-9"
    assert hit.hierarchy[-1].startswith("Seção II")
    assert hit.url == f"/norms/{PONTAL}/art-9"
    assert len(hit.snippet) < 400
    marked = [fold(hit.snippet[a:b]) for a, b in hit.highlights]
    assert "sessenta" in marked
    assert "<mark>" in hit.snippet_html


def test_search_reads_the_wording_in_force_not_the_superseded_one(index):
    # § 3º of Art. 9 first halved the fee; Lei 2247/2021 made it an exemption. Only the latter is text.
    hit = index.search("taxa reduzida pela metade renda", jurisdiction="br-pr-pontal-do-parana")[0]
    assert "reduzido pela metade" not in hit.text
    assert "isenção da taxa de licença" in hit.text


def test_fee_table_row_is_found_inside_the_annex(index):
    assert top(index, "taxa para SUP e caiaque", "br-pr-pontal-do-parana")[0] == f"{PONTAL}/anexo-vi"


def test_empty_or_stopword_only_question_returns_nothing(index):
    assert index.search("") == []
    assert index.search("o que é que eu posso") == []


def test_module_level_search_uses_the_cached_index(index):
    assert [h.unit_id for h in search("wakesurf", jurisdiction="br-sp-bertioga", limit=1)] == [f"{BERTIOGA}/art-6"]


def test_a_question_about_a_figure_gets_the_paragraph_with_the_figure(index):
    # Art. 139 of Lajes's code: the caput names circuses, § 1º holds the 45 days; the snippet shows § 1º.
    hit = index.search("circo pode ficar qtos dias", jurisdiction="br-rn-lajes")
    circus = next(h for h in hit if h.unit_id == "br-rn-lajes/lc-489-2009/art-139")
    assert circus.snippet.startswith("§ 1º")
    assert "não poderá ser superior a 45 (quarenta e cinco) dias" in circus.snippet
    assert "não poderá ser superior a 45 (quarenta e cinco) dias" in circus.text  # the law's words, verbatim
    # RAMT art. 22 n.º 2: the excerpt runs to the end of the sentence that holds both periods.
    hit = index.search("de quanto em quanto tempo tenho de fazer a vistoria", jurisdiction="pt")[0]
    assert hit.unit_id == f"{RAMT}/art-22"
    assert "A validade da vistoria inicial é de um ano" in hit.snippet
    assert "de dois em dois anos, enquanto se mantiverem afectas a esta actividade" in hit.snippet


def test_an_english_question_about_a_clear_strip_reaches_the_inciso_with_its_width(index):
    hit = index.search("How much sidewalk must I leave clear for pedestrians with restaurant tables", jurisdiction="br-sp-igarapava")[0]
    assert hit.unit_id == "br-sp-igarapava/lc-57-2018/art-55"
    assert hit.snippet.startswith("III - devera respeitar uma faixa de circulação com pelo menos 1,20m")


def test_everyday_words_for_legal_events_reach_their_paragraphs(index):
    # Pontal art. 3 § 2º: events in public spaces may not charge for entry; art. 24: 60 days unpaid cancels.
    entry = index.search("A lei deixa cobrar entrada num evento na praça?", jurisdiction="br-pr-pontal-do-parana")[0]
    assert entry.unit_id == f"{PONTAL}/art-3" and "não poderão limitar o livre acesso" in entry.snippet
    unpaid = index.search("when is a use permission cancelled for not paying?", jurisdiction="br-pr-pontal-do-parana")[0]
    assert unpaid.unit_id == f"{PONTAL}/art-24" and "60 (sessenta) dias" in unpaid.snippet
    # Bertioga art. 24 § 3º: unclaimed seized goods go to the Fundo Social and may be auctioned.
    seized = index.search("What happens to seized beach equipment if nobody claims it?", jurisdiction="br-sp-bertioga")[0]
    assert seized.unit_id == f"{BERTIOGA}/art-24" and seized.snippet.startswith("§ 3º")
    assert seized.snippet.endswith("levados a leilão.")  # the whole paragraph: no ellipsis after its full stop
