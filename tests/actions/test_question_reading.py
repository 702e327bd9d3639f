"""How a question is read before the rules answer it: which town (when NLU tagged too many words),
which topic (when NLU took a question for an answer), which product kind, and which law passage is
quoted beside the rules' answer. Figures are checked against the seed text."""

import re
from pathlib import Path

import pytest

from actions.qa.answer import ActionAnswer
from actions.qa.fallback import ActionDefaultFallback
from actions.qa.facts import product_kind
from actions.qa.subject import activity_tagged, is_follow_up, looks_like_a_place, resolve_jurisdiction, topic_in_text, without_town_names

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
PONTAL_SEED = " ".join((NORMS / "003_f62ddfeb97083b18.txt").read_text(encoding="utf-8").split())
LAJES_SEED = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())
IGARAPAVA_SEED = " ".join((NORMS / "001_54008c3fc0458259.txt").read_text(encoding="utf-8").split())
RAMT_SEED = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())


@pytest.mark.parametrize("raw, jurisdiction", [
    ("Algarve este", "pt"),
    ("Portugal com embarcações", "pt"),
    ("Pontal do Paraná summer vendor", "br-pr-pontal-do-parana"),
    ("Florianópolis", None),
    ("festa do padroeiro", None),  # "do" inside it must not find "Pontal do Paraná"
])
def test_a_town_tagged_with_extra_words_is_still_found(raw, jurisdiction):
    assert resolve_jurisdiction(raw) == jurisdiction


def test_an_office_is_not_a_town():
    assert not looks_like_a_place("Mayor")
    assert looks_like_a_place("Florianópolis")


def test_the_town_is_the_scope_of_a_search_not_its_subject():
    # Beaches inside the town stay: the law itself speaks of the Praia de Leste boardwalk (art. 16).
    assert without_town_names("tables on the Praia de Leste boardwalk in Pontal do Paraná?") == \
        "tables on the praia de leste boardwalk in"
    assert "bertioga" not in without_town_names("quem fiscaliza em Bertioga?")


@pytest.mark.parametrize("text, topic", [
    ("how much is the stand up paddle licence in Pontal do Parana?", "fee"),
    ("What is the fine range for an unlicensed beach vendor in Pontal?", "fine"),  # "licence" does not win
    ("Food truck em Pontal precisa ficar longe de lanchonete?", "limits"),
    ("circo pode ficar qtos dias em lajes?", "season"),
    ("tenho uma escola de SUP em Bertioga", None),
])
def test_a_question_names_its_topic(text, topic):
    assert topic_in_text(text) == topic


def test_follow_ups():
    assert is_follow_up("e se for um deck fixo no calçadão?")
    assert is_follow_up("And in Lajes?")
    assert not is_follow_up("Existe taxa?")


def test_product_kinds():
    assert product_kind(["óculos", "sol", "chapéu"]) == "other"
    assert product_kind(["milho"]) == "food"
    assert product_kind(["milho", "óculos"]) is None  # both rows apply: the rules ask
    assert product_kind(["parafuso"]) is None  # not guessed


def test_non_food_goods_on_the_sand_get_the_per_product_row_not_the_food_row(run):
    text = run(ActionAnswer(), "Quanto é a taxa pra vender óculos de sol e chapéu na faixa de areia em Pontal do Paraná?",
               "ask_fee", [{"entity": "product", "value": "óculos"}, {"entity": "product", "value": "chapéu"},
                           {"entity": "municipality", "value": "br-pr-pontal-do-parana"}]).text
    # Anexo VI (Lei 1992/2019), 11.20.00: "Demais produtos/produtos não alimentícios ... Taxa por produto" 18,00 / 6,00.
    assert "18,00 UFM" in text and "6,00 UFM" in text and "por produto" in text
    assert "Demais produtos/produtos não alimentícios" in PONTAL_SEED
    assert "2,00 UFM" not in text  # the food row
    assert "anexo-vi/item-11.20.00-11" in text


def test_an_english_question_read_as_inform_still_gets_the_fee(run):
    text = run(ActionAnswer(), "how much is the stand up paddle licence in Pontal do Parana?", "inform",
               [{"entity": "activity", "value": "sup"}, {"entity": "municipality", "value": "br-pr-pontal-do-parana"}]).text
    assert "30.00 UFM" in text and "10.00 UFM" in text  # Anexo VI 11.20.00, SUP row
    assert "anexo-vi/item-11.20.00-4" in text


def test_a_specific_question_quotes_the_article_that_answers_it(run):
    # Lajes, art. 139 § 1: circuses and amusement parks stay at most 45 days (the rules data has no figure).
    text = run(ActionAnswer(), "por quanto tempo um circo pode ficar montado em Lajes?", "ask_season",
               [{"entity": "activity", "value": "amusement_park"}, {"entity": "municipality", "value": "br-rn-lajes"}]).text
    assert "/norms/br-rn-lajes/lc-489-2009/art-139" in text
    assert "45 dias" in text
    assert "não poderá ser superior a 45 (quarenta e cinco) dias" in LAJES_SEED


def _tagged(text: str, *words: str) -> dict:
    return {"text": text, "entities": [{"entity": "activity", "value": w, "start": text.index(w), "end": text.index(w) + len(w)}
                                       for w in words]}


def test_an_activity_name_split_in_two_tags_is_read_whole():
    assert activity_tagged(_tagged("What does a tour boat operator pay?", "tour", "boat")) == "boat_tour"
    assert activity_tagged(_tagged("licença para passeios de banana rebocada", "passeios de", "banana rebocada")) == "banana_boat"
    # One tag, or tags that mean nothing together, are read one by one.
    assert activity_tagged(_tagged("aluguel de caiaque", "caiaque")) == "kayak"
    assert activity_tagged({"text": "oi", "entities": []}) is None


def test_a_follow_up_nlu_could_not_read_is_answered_with_the_previous_question(run):
    # After "quanto custa por m² colocar mesas na calçada…?" (topic fee, Pontal), "e se for um deck fixo
    # no calçadão?": a deck is uninterrupted use (art. 17 § 1º), Anexo X 11.20.00 row 6, 0,30 UFM/m².
    text = run(ActionDefaultFallback(), "e se for um deck fixo no calçadão?", "nlu_fallback",
               [{"entity": "activity", "value": "sidewalk_tables"}],
               {"topic": "fee", "municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana",
                "activity": "sidewalk_tables"}).text
    assert "0,30 UFM" in text and "anexo-x/item-11.20.00-6" in text
    assert "0,15 UFM" not in text  # the tables-and-chairs row
    assert "(deque, pirâmides, barracas, etc.) - período anual ou fração quadrimestral 0,30/m²" in PONTAL_SEED
    assert "tais como deques, pirâmides" in PONTAL_SEED


def test_an_unreadable_message_that_is_no_follow_up_gets_the_closest_passages(run):
    text = run(ActionDefaultFallback(), "blorp quiosque vistoria", "nlu_fallback", [],
               {"topic": "fee", "municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes"}).text
    assert "/norms/br-rn-lajes/" in text and "UFM" not in text


def test_a_food_sold_in_the_street_is_street_trade_not_beach_vending(run):
    # Igarapava art. 28: no trade in a public area without the Tributação e Arrecadação's authorisation.
    text = run(ActionAnswer(), "Posso vender espetinho na rua em Igarapava sem autorização?", "ask_permission",
               [{"entity": "product", "value": "espetinho"}, {"entity": "municipality", "value": "br-sp-igarapava"}]).text
    assert "Tributação e Arrecadação" in text and "lc-57-2018/art-28" in text
    assert "Art. 28 - E proibido o comércio em area publica sem autorizacdo expressa do Departamento de " \
           "Tributagéo e Arrecadacao" in IGARAPAVA_SEED  # the scan's own spelling
    assert "praia" not in text.split("Fonte:")[0]


def test_ambiguous_cue_words_do_not_overrule_another_intent():
    assert topic_in_text("Qual o horário permitido pra alugar SUP?", unambiguous=True) == "hours"
    assert topic_in_text("posso usar facao pra abrir coco?") == "hours"  # only read so for an `inform`
    assert topic_in_text("posso usar facao pra abrir coco?", unambiguous=True) is None


def test_a_deck_prices_its_own_question_only(run):
    # The deck of one question must not price the next question about plain tables (0,15 UFM/m², row 5).
    deck = run(ActionAnswer(), "quanto custa um deck fixo no calçadão em Pontal do Paraná?", "ask_fee",
               [{"entity": "activity", "value": "sidewalk_tables"}, {"entity": "municipality", "value": "br-pr-pontal-do-parana"}])
    assert "0,30 UFM" in deck.text
    assert "(deque, pirâmides, barracas, etc.) - período anual ou fração quadrimestral 0,30/m²" in PONTAL_SEED
    assert "occupation_kind" not in (deck.slot("facts") or {})


def test_a_can_i_question_whose_topic_has_nothing_in_the_rules_is_answered_as_can_i(run):
    # RAMT art. 21 n.º 5: jet skis under 60 kW may be rented to people without a licence for up to 1 hour.
    text = run(ActionAnswer(), "Can I rent a jet ski to a tourist without a boating licence in Portugal? For how long?",
               "ask_permission", [{"entity": "activity", "value": "jet_ski"}, {"entity": "municipality", "value": "pt"}]).text
    assert "60 kW" in text and "1 hour" in text and "ramt/art-21" in text
    assert "motas de água com menos de 60 kw de potência" in RAMT_SEED
    assert "por períodos não superiores a uma hora" in RAMT_SEED
    assert "no season" not in text


def test_a_can_i_question_that_mentions_the_summer_asks_whether_not_the_season(run):
    # NLU hears a season in "aquí en verano es un golazo"; the question asks whether beer may be sold walking the
    # street in Lajes — LC 489/2009 art. 59 VII: "bebidas alcoólicas pelo vendedor móvel circulante, salvo em festas
    # municipais"
    lajes = " ".join((Path(__file__).resolve().parents[2] / "knowledge" / "norms" / "004_509c367244b32730.txt")
                     .read_text(encoding="utf-8").split())
    assert "VII - bebidas alcoólicas pelo vendedor móvel circulante, salvo em festas municipais" in lajes
    text = run(ActionAnswer(), "Puedo vender cerveza caminando por la calle con la conservadora en Lajes? soy uruguayo y aca en "
               "verano es un golazo", "ask_season", [{"entity": "municipality", "value": "br-rn-lajes"}], {"language": "es"}).text
    assert "temporada" not in text.split("\n")[0] and "bebidas alcohólicas" in text


@pytest.mark.parametrize("question,expected", [
    # NLU reads both as ask_obligations; their words ask which permit, and who issues it
    ("Quero alugar motas de água no Algarve este Verão, que licença preciso?", "licença de operador marítimo-turístico"),
    ("Quero abrir um negócio de aluguer de motas de água numa praia. A que entidade peço a licença?", "DGAM"),
])
def test_which_permit_and_which_body_are_asked_whatever_nlu_heard(run, question, expected):
    # RAMT art. 8 1 a): the licence is asked "Ao órgão local da DGAM com jurisdição na área onde pretendem exercer a
    # actividade" (or the IPTM)
    portugal = " ".join((Path(__file__).resolve().parents[2] / "knowledge" / "norms" / "002_55a9ddd3b6cc6096.txt")
                        .read_text(encoding="utf-8").split())
    assert "Ao órgão local da DGAM com jurisdição na área onde pretendem exercer a actividade" in portugal
    first = run(ActionAnswer(), question, "ask_obligations", [{"entity": "activity", "value": "motas de água"}],
                {"language": "pt-PT", "municipality": "pt", "jurisdiction": "pt"}).text.split("\n")[0]
    assert expected in first and "DGAM" in first


def test_a_follow_up_question_heard_as_a_no_is_answered_and_a_bare_no_gets_the_help(run):
    # "e no domingo?": NLU hears "no" (Portuguese "on the") as a deny; it is a follow-up question, answered as one
    slots = {"language": "pt-BR", "municipality": "br-sp-igarapava", "jurisdiction": "br-sp-igarapava"}
    help_text = run(ActionAnswer(), "não", "deny", [], dict(slots)).text
    assert help_text.startswith("Pergunte, por exemplo")
    text = run(ActionAnswer(), "e no domingo?", "deny", [], dict(slots),
               before=["tenho uma loja de roupa no centro de igarapava, ate q horas posso abrir no sabado?"]).text
    assert not text.startswith("Pergunte, por exemplo") and "domingo" in text and "/lc-57-2018/" in text


@pytest.mark.parametrize("text,jurisdiction", [
    ("I want to start a banana-boat business on a beach in the Algarve", "pt"),
    ("We rent jet skis near Albufeira", "pt"),
    ("vendo milho na praia de leste", "br-pr-pontal-do-parana"),
    ("vendo madeira na feira", None),  # wood, not the island
    ("moro no porto e quero vender", None),  # a harbour, or a city NLU may tag: not spotted alone
])
def test_a_place_citizens_name_a_town_by_is_read_in_the_words(text, jurisdiction):
    from actions.qa.subject import jurisdiction_in_text
    assert jurisdiction_in_text(text) == jurisdiction


def test_passages_for_a_message_nlu_could_not_read_come_from_the_town_it_names(run):
    from actions.qa.fallback import ActionDefaultFallback
    result = run(ActionDefaultFallback(), "Che, viajo con mi pitbull a Lajes. ¿Lo puedo sacar a pasear por la calle?",
                 "nlu_fallback", slots={"language": "es"})
    links = re.findall(r"\]\(([^)]+)\)", result.text)
    assert links and all("/br-rn-lajes/" in url for url in links), links


def test_a_message_nlu_could_not_read_whose_activity_and_town_are_plain_gets_the_rules_answer(run):
    # Igarapava art. 96: only a legal person may apply for the food-truck authorisation
    result = run(ActionDefaultFallback(), "I want to start a food truck in Igarapava as an individual, without opening a "
                 "company. Can I apply for the permit?", "nlu_fallback",
                 [{"entity": "activity", "value": "food truck"}], {"language": "en"})
    first = result.text.split("\n")[0]
    assert first.startswith("No, that is not allowed in Igarapava") and "/lc-57-2018/art-96" in first, first


@pytest.mark.parametrize("text,jurisdiction", [
    ("im a certified surf instructor from portugal moving to bertioga. to give surf lessons on the beach", "br-sp-bertioga"),
    ("Somos de Portugal e queremos vender água de coco em Lajes", "br-rn-lajes"),
    ("Soy de Portugal, ¿en Bertioga puedo alquilar kayaks?", "br-sp-bertioga"),
    # one town named: it is the one asked about, wherever the writer comes from
    ("I'm from Portugal, what is the fine there?", "pt"),
    ("quero vender em lajes", "br-rn-lajes"),
])
def test_the_town_asked_about_is_not_the_one_the_writer_comes_from(text, jurisdiction):
    from actions.qa.subject import town_asked_in_text
    assert town_asked_in_text(text) == jurisdiction


@pytest.mark.parametrize("text,activity", [
    # the place kept a distance from names no subject: the van is asked about, not the food shop (Igarapava art. 102 X)
    ("We run a taco van with an alvará in Igarapava. What is the minimum distance we have to keep from the entrance of a "
     "food shop or the municipal market?", None),
    ("posso vender pastel perto da escola de surf?", None),
    ("trailer de lanche perto da porta de uma loja", "food_truck"),
    ("I am from Lisbon and want a food truck", "food_truck"),
])
def test_a_landmark_names_no_subject(text, activity):
    from actions.qa.subject import activity_in_text

    assert activity_in_text(text) == activity
