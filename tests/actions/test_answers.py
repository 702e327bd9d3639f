"""action_answer end to end inside the action server's contract, checked against the seed text."""

from pathlib import Path

import pytest

from actions.qa.answer import ActionAnswer
from actions.qa.location import ActionShareLocation

SEED = (Path(__file__).resolve().parents[2] / "knowledge" / "norms" / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8")


def _seed(name: str) -> str:
    """A seed text with its line breaks and runs of spaces as single spaces (the OCR wraps mid-sentence)."""
    return " ".join((Path(__file__).resolve().parents[2] / "knowledge" / "norms" / name).read_text(encoding="utf-8").split())


IGARAPAVA, PONTAL = _seed("001_54008c3fc0458259.txt"), _seed("003_f62ddfeb97083b18.txt")
LAJES, RAMT = _seed("004_509c367244b32730.txt"), _seed("002_55a9ddd3b6cc6096.txt")
SUP_BERTIOGA = [{"entity": "activity", "value": "sup"}, {"entity": "municipality", "value": "br-sp-bertioga"}]
BERTIOGA_ARTICLE = "/norms/br-sp-bertioga/decreto-4510-2024/art-"


def test_sup_in_bertioga_is_for_licensed_operators_at_the_decree_points(run):
    result = run(ActionAnswer(), "Posso alugar prancha de SUP na praia em Bertioga?", "ask_permission", SUP_BERTIOGA)
    text = result.text
    # The four areas of arts. 14-17, as the decree names them; their articles behind "Mais detalhes"
    # (the short answer cites three articles at most).
    for area, article in (("Praia da Enseada", 14), ("Riviera de São Lourenço", 15), ("Guaratuba", 16), ("Boracéia", 17)):
        assert area in text and area in SEED
        assert f"[art. {article}]({'http://localhost:8000'}{BERTIOGA_ARTICLE}{article})" in result.details
    assert text.count("[art.") <= 3
    # Art. 3: the licence is issued by the Secretaria Municipal de Turismo e Cultura.
    assert "Secretaria Municipal de Turismo e Cultura" in text
    assert "emitidas pela Secretaria Municipal de \nTurismo e Cultura" in SEED
    assert "Decreto nº 4.510/2024" in text and "[art. 3]" in text
    assert result.slot("municipality") == "br-sp-bertioga" and result.slot("activity") == "sup"


def test_sup_in_bertioga_in_english(run):
    text = run(ActionAnswer(), "Can I rent SUP boards in Bertioga?", "ask_permission", SUP_BERTIOGA).text
    assert "only allowed for licensed operators" in text
    assert "Secretaria Municipal de Turismo e Cultura" in text
    assert "Source: Decreto nº 4.510/2024" in text


def test_the_fine_reuses_the_previous_subject_and_gives_art_21_figures(run):
    slots = {"municipality": "br-sp-bertioga", "activity": "sup", "pending_fact": "based_in_municipality"}
    text = run(ActionAnswer(), "Qual a multa se eu trabalhar sem licença?", "ask_fine", [], slots).text
    # Working without a licence is the offence of art. 21 § 1º II c ("implantar atividade sem autorização
    # do Município"): its tier, 250 UFIB, in the first sentence — not the whole table.
    assert text.startswith("Em Bertioga (SP), a multa por implantar atividade sem autorização do Município é de 250 UFIB")
    assert "II - multa de 250 (duzentos e cinquenta) UFIB’s" in SEED
    assert "c) implantar atividade sem autorização do Município" in SEED
    assert "100 UFIB" not in text and "2.500 UFIB" not in text
    assert "em dobro na reincidência" in text  # art. 21 § 2
    assert "[art. 21]" in text
    assert "sede em" not in text  # the pending question is not asked twice


def test_after_a_fine_the_deadlines_of_arts_22_and_24(run):
    slots = {"municipality": "br-sp-bertioga", "activity": "sup", "language": "en"}
    # "appeal" may be the defence or the reconsideration: both deadlines, and the seized goods' one
    text = run(ActionAnswer(), "how long do I have to appeal?", "ask_after_fine", [], slots).text
    assert "30 working days" in text and "prazo de 30 (trinta) dias úteis" in SEED
    assert "10 working days" in text and "prazo de 10 (dez) dias úteis" in SEED
    assert "30 days" in text and "pelo prazo de 30 (trinta) dias" in SEED
    # each deadline asked for by name is answered in one sentence
    text = run(ActionAnswer(), "how long to ask for reconsideration of a cancellation?", "ask_after_fine", [], slots).text
    assert text.startswith("In Bertioga (SP), the time limit is 10 working days")
    text = run(ActionAnswer(), "how long do they keep seized goods?", "ask_after_fine", [], slots).text
    assert "30 days" in text and "pelo prazo de 30 (trinta) dias" in SEED


def test_an_uncovered_town_is_said_plainly_and_no_rule_is_borrowed(run):
    result = run(ActionAnswer(), "Posso alugar SUP em Florianópolis?", "ask_permission",
                 [{"entity": "activity", "value": "sup"}, {"entity": "municipality", "value": "Florianópolis"}])
    assert "Florianópolis" in result.text
    assert "UFIB" not in result.text and "Decreto" not in result.text
    assert len(result.messages[0]["buttons"]) == 5


def test_without_a_municipality_the_bot_asks_with_buttons(run):
    result = run(ActionAnswer(), "posso alugar sup?", "ask_permission", [{"entity": "activity", "value": "sup"}])
    assert [b["payload"] for b in result.messages[0]["buttons"]][0].startswith("/inform")
    assert result.slot("topic") == "permission"


@pytest.mark.parametrize(("lat", "lon", "inside"), [(-23.8517, -46.1338, True), (-23.8560, -46.1300, False)])
def test_a_shared_location_in_bertioga_names_the_nearest_points(run, lat, lon, inside):
    result = run(ActionShareLocation(), "/share_location", "share_location",
                 [{"entity": "latitude", "value": lat}, {"entity": "longitude", "value": lon}])
    assert "Bertioga" in result.text
    assert ("dentro do ponto licenciado Praia da Enseada 01" in result.text) is inside
    assert ("não está dentro de nenhum ponto licenciado" in result.text) is not inside
    assert "Praia da Enseada 01" in result.text
    assert result.messages[0]["custom"]["places"]["features"]


def test_a_location_outside_every_covered_place_is_not_covered(run):
    result = run(ActionShareLocation(), "/share_location", "share_location",
                 [{"entity": "latitude", "value": -27.59}, {"entity": "longitude", "value": -48.55}])
    assert "fora dos lugares que cubro" in result.text
    assert result.slot("municipality") is None


def test_an_article_that_does_not_exist_is_refused_plainly(run):
    text = run(ActionAnswer(), "O que diz o art. 40 do decreto 4510 de Bertioga?", "ask_law",
               [{"entity": "article", "value": "40"}, {"entity": "municipality", "value": "br-sp-bertioga"}]).text
    assert "não tem art. 40" in text and "26 artigos" in text
    assert "Art. 26. Este Decreto entrará em vigor" in SEED and "Art. 27" not in SEED


def test_an_existing_article_is_quoted_from_the_law(run):
    text = run(ActionAnswer(), "O que diz o art. 22 do decreto 4510?", "ask_law", [{"entity": "article", "value": "22"}]).text
    assert "prazo de 30 (trinta) dias úteis" in text  # the article's own words
    assert f"{BERTIOGA_ARTICLE}22" in text


def test_an_invented_norm_gets_a_refusal_not_an_answer(run):
    text = run(ActionAnswer(), "Qual a taxa de SUP prevista na Lei Municipal 777/2020 de Bertioga?", "ask_fee",
               [{"entity": "activity", "value": "sup"}, {"entity": "municipality", "value": "br-sp-bertioga"}]).text
    assert "Não tenho a Lei Municipal 777/2020" in text
    assert "UFIB" not in text and "UFM" not in text


def test_words_taken_for_towns_are_ignored_and_real_towns_are_not_covered(run):
    kept = run(ActionAnswer(), "Vendo SUP, qual a multa?", "ask_fine",
               [{"entity": "municipality", "value": "Vendo"}, {"entity": "activity", "value": "sup"}],
               {"jurisdiction": "br-sp-bertioga"}).text
    assert "100 UFIB" in kept
    rio = run(ActionAnswer(), "Can I sell coconuts on the beach in Rio de Janeiro?", "ask_permission",
              [{"entity": "municipality", "value": "Rio de Janeiro"}, {"entity": "activity", "value": "green_coconut"}]).text
    assert "Rio de Janeiro" in rio and "don't have the rules" in rio


def test_after_an_uncovered_town_no_answer_borrows_the_previous_towns_rules(run):
    result = run(ActionAnswer(), "e em Florianópolis?", "inform", [{"entity": "municipality", "value": "Florianópolis"}],
                 {"jurisdiction": "br-sp-bertioga", "activity": "sup", "topic": "fine"})
    assert "UFIB" not in result.text
    cleared = {e["name"] for e in result.events if e.get("event") == "slot" and e["value"] is None}
    assert {"jurisdiction", "municipality"} <= cleared


def test_the_goods_named_decide_which_vendor_on_the_sand(run):
    # Pontal Lei 1.902/2018 Anexo VI 11.20.00-11: sand vendors of other goods pay 18,00 UFM a year per
    # product; food sellers 2,00 UFM. NLU may hear "na faixa de areia" as the food vendor's activity: the
    # goods named (sunglasses, sarongs) decide.
    slots = {"municipality": "br-pr-pontal-do-parana"}
    text = run(ActionAnswer(), "Quero vender óculos de sol e cangas andando na faixa de areia em Pontal do Paraná. Qual é a taxa da licença?",
               "ask_fee", [{"entity": "activity", "value": "beach_food_vendor"}, {"entity": "product", "value": "óculos de sol"},
                           {"entity": "product", "value": "cangas"}], slots).text
    assert "18,00 UFM" in text and "produto" in text
    assert "produtos alimentícios" not in text.split("\n")[0]


def test_a_vendor_selling_from_a_motor_vehicle_gets_the_vehicle_rules(run):
    # Pontal Lei 1.902/2018 art. 12: with a motor vehicle, at least 100 m from registered shops of the same trade
    slots = {"municipality": "br-pr-pontal-do-parana"}
    text = run(ActionAnswer(), "Vendo lanche numa kombi em Pontal do Paraná. Posso estacionar do lado de uma lanchonete? Qual a distância mínima?",
               "ask_limits", [{"entity": "product", "value": "lanche"}], slots).text
    assert "100 m" in text and "art. 12" in text
    assert "nunca inferior a 100 (cem) metros" in PONTAL


def test_a_replacement_badge_is_priced_as_the_law_prices_it(run):
    # Pontal Lei 1.902/2018 art. 13 § 1º: a 2nd copy of the badge costs 50% of the licence fee
    slots = {"municipality": "br-pr-pontal-do-parana", "activity": "beach_food_vendor"}
    text = run(ActionAnswer(), "Perdi meu crachá de ambulante em Pontal do Paraná. Quanto custa tirar a segunda via?",
               "ask_fee", [], slots).text
    assert "50" in text.split("\n")[0] and "via" in text.split("\n")[0]
    assert "50% (cinquenta por cento) da taxa devida" in PONTAL


def test_a_town_named_in_the_words_is_the_town_whatever_the_entities(run):
    # "The Lajes inspectors…": the entity extractor found no municipality; the words name Lajes
    # (Lajes LC 489/2009 art. 384: a fine is paid within 10 days)
    text = run(ActionAnswer(), "I got a fine from a Lajes city inspector. How many days do I have to pay it?", "ask_after_fine",
               [], {"language": "en"}).text
    assert "br-rn-lajes" in text and "10 days" in text and "Which municipality" not in text


def test_food_sold_from_a_van_is_a_food_truck(run):
    # Igarapava LC 57/2018 art. 97 § 1º: the authorisation for food in "trailers, vans e veículos similares"
    # is valid for 2 years; art. 96: only a company may apply
    slots = {"municipality": "br-sp-igarapava", "language": "en"}
    text = run(ActionAnswer(), "how long is the permit to sell food from a van valid in Igarapava?", "ask_permission", [], slots).text
    assert "2 years" in text and "art. 97" in text
    assert "tera validade de 2 (dois) anos" in IGARAPAVA


def test_clothes_sold_from_a_motor_vehicle_are_their_own_fee_row(run):
    # Lei 1.902/2018, Anexo VI 11.20.00: "Veículo com tração motora para venda de roupas e artigos do vestuário, cofres e
    # móveis em geral" — 660,00 UFM a year, 220,00 per four-month fraction (not the non-motor vehicle's other goods)
    assert "cofres e móveis em geral - período anual ou fração quadrimestral 660,00 220,00" in PONTAL
    text = run(ActionAnswer(), "tenho uma kombi q eu vendo roupa, chinelo e canga rodando pelas ruas de pontal do parana. "
               "quanto eh a taxa anual pra veiculo de vender roupa?", "ask_fee").text
    assert text.startswith("660,00 UFM") and "sem tração motora" not in text


def test_a_fixed_kiosk_on_a_sidewalk_is_the_fixed_point_stall(run):
    # LC 489/2009 art. 56 III-IV: 1,20 m of sidewalk left free, at least 5 m from the corner
    assert "deixar livre faixa mínima de 1,20 m (um metro e vinte centímetros) nos passeios" in LAJES
    text = run(ActionAnswer(), "Che, quiero poner un carrito de panchos fijo, siempre en el mismo punto, en una vereda de "
               "Lajes. ¿Cuánto espacio libre le tengo que dejar a la gente en la vereda y a qué distancia de la esquina me "
               "tengo que poner?", "ask_limits", [{"entity": "activity", "value": "carrito de panchos"}]).text
    assert "1,20 m" in text and "5 m" in text and "lc-489-2009/art-56" in text


def test_a_follow_up_asks_a_company_s_fine_only_when_it_says_company(run):
    # RAMT art. 38 doubles the limits for companies; art. 40 says where the money goes — "my company hired a skipper…
    # what's the fine? / and who gets that money?" asks the second
    slots = {"municipality": "pt", "jurisdiction": "pt"}
    earlier = ("Tengo una pequeña empresa de paseos en barco en Tavira y contraté a un chaval sin la titulación necesaria "
               "para gobernar la lancha. Si le pillan, ¿de cuánto puede ser la multa?")
    text = run(ActionAnswer(), "¿Y a quién va a parar el dinero de esa multa?", "ask_after_fine", [], dict(slots),
               before=[earlier]).text
    assert "60%" in text and "ramt/art-40" in text and "duplican" not in text
    text = run(ActionAnswer(), "E se for uma empresa?", "ask_fine", [], dict(slots),
               before=["Qual é a coima por operar sem licença?"]).text
    assert "dobro" in text


def test_a_price_asked_in_a_fee_record_s_words_is_that_fee(run):
    # Lei 1.902/2018 art. 13 § 1º: a lost badge or vest is replaced for 50 % of the activity's licence fee
    assert "comunicado ao" in PONTAL and "50% (cinquenta por cento)" in PONTAL
    text = run(ActionAnswer(), "I'm a licensed ambulant vendor in Pontal do Paraná (ice lollies). I lost my crachá and my "
               "vendor vest on the beach. What do I have to pay to get a second copy?", "ask_fee").text
    assert "50%" in text and "lei-1902-2018/art-13" in text


@pytest.mark.parametrize("question,said", [
    # LC 57/2018 art. 98 § 1º: the food truck's exploitation is exclusive to its holder, not transferable
    ("Hello! I hold the alvará for a burger food truck in Igarapava through my little company. I'm moving back to Chile and "
     "a friend wants to take over the truck and keep using my authorisation until it expires. Is that allowed?",
     "not transferable"),
    # LC 57/2018 art. 112: no temporary stalls selling fireworks at the June festivals
    ("We're organising the festa junina at our kids' school in Igarapava and my husband wants to put up a temporary stall "
     "selling fireworks during the party. Is that even allowed?", "no fireworks stalls"),
])
def test_is_that_allowed_after_the_story_is_answered_no_by_the_rule_that_forbids_it(run, question, said):
    assert "exclusiva do autorizatario" in IGARAPAVA and "para a venda de fogos de artificio" in IGARAPAVA
    text = run(ActionAnswer(), question, "ask_permission").text
    assert text.startswith("No, that is not allowed in Igarapava (SP)") and said in text.split("\n")[0]


def test_a_spanish_can_i_is_answered_no_by_the_portuguese_clause_that_forbids_it(run):
    # Lei 1.902/2018 art. 13: no machetes or similar cutting tools when selling green coconut — the Spanish question,
    # glossed into Portuguese, meets the rule's Portuguese clause; the answer says it in Spanish
    assert "instrumentos cortantes" in PONTAL
    text = run(ActionAnswer(), "Che, vendo coco verde en la arena en Pontal y siempre lo abro con el machete delante del "
               "cliente. ¿Puedo seguir usando el machete?", "ask_permission",
               slots={"language": "es"}).text
    first = text.split("\n")[0]
    assert first.startswith("No, no está permitido en Pontal do Paraná (PR)") and "machetes" in first


def test_a_preposition_shared_with_a_prohibition_does_not_forbid(run):
    # LC 489/2009 art. 64: a street vendor must be over 18 — "durante las vacaciones" is no question of the rule against
    # working "durante o serviço" under the influence (art. 58)
    assert "maior de 18" in LAJES
    text = run(ActionAnswer(), "Mi hijo tiene 16 años y quiere vender helados como vendedor ambulante en Lajes durante las "
               "vacaciones. ¿Puede sacar la licencia a su nombre?", "ask_permission", slots={"language": "es"}).text
    assert "18 años" in text.split("\n")[0] and "alcohol" not in text.split("\n")[0]


def test_under_what_conditions_is_answered_by_the_conditions_not_the_duties(run):
    # RAMT art. 21 n.º 5: jet skis under 60 kW … may be rented to people without a boating licence "por períodos não
    # superiores a uma hora" — asked "under what conditions", which NLU may read as the operator's obligations
    assert "podem ser alugadas a pessoas não habilitadas com carta de navegador de recreio por períodos não superiores a uma hora" in RAMT
    text = run(ActionAnswer(), "I'm planning a jet-ski hire business on a beach near Lagos. Under what conditions may I hire "
               "jet skis to tourists who don't hold any boating licence?", "ask_obligations",
               slots={"municipality": "pt", "jurisdiction": "pt"}).text
    first = text.split("\n")[0]
    assert "60 kW" in first and "1 hour" in first and "ramt/art-21" in first


def test_the_rule_said_first_links_the_article_that_holds_what_was_asked(run):
    # LC 489/2009 art. 39 § 3º (one licence per applicant) and art. 64 § 3º (a company asks one per employee): "and if it
    # is my company with 3 employees?" is art. 64's
    assert "tantas licenças quantos forem os empregados" in LAJES
    text = run(ActionAnswer(), "and if its my company with 3 employees selling on the streets?", "ask_permission",
               slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "activity": "itinerant_vendor"},
               before=["what do I need to register as a walking vendor (ambulante) in Lajes?"]).text
    first = text.split("\n")[0]
    assert "per employee" in first and "lc-489-2009/art-64" in first


@pytest.mark.parametrize("intent", ["ask_after_fine", "ask_limits"])
def test_a_question_after_a_fine_with_no_activity_is_answered_by_the_step_it_names(run, intent):
    # LC 57/2018 art. 257: "o prazo de 15 (quinze) dias Uteis … para apresentar defesa … dirigido ao Secretario de
    # Servicos Urbanos" — asked "how do I go about filing a defence?" about a stand no activity names
    assert "15 (quinze) dias Uteis" in IGARAPAVA and "Secretario de Servicos Urbanos" in IGARAPAVA
    text = run(ActionAnswer(), "Hello, I'm an Italian living in Igarapava and I sell home-made pasta from a little stand at "
               "the weekend. On Saturday an inspector wrote me an auto, said my stand was blocking the pavement and my stall "
               "was closed. I want to contest it. How exactly do I go about filing a defence?", intent,
               slots={"municipality": "br-sp-igarapava", "jurisdiction": "br-sp-igarapava"}).text
    first = text.split("\n")[0]
    assert "15 working days" in first and "Urban Services" in first and "lc-57-2018/art-257" in first


def test_a_stall_at_a_festival_is_the_festival_s_whatever_names_it(run):
    # LC 489/2009 art. 144: trading at traditional festivals is a temporary activity, its permission asked from the
    # Coordenadoria de Tributos e Cadastros (§ 1: at least 10 days before) — not a fixed-point stall's permission
    assert "requerida junto a Coordenadoria de Tributos e Cadastros da Prefeitura Municipal de Lajes, com antecedência mínima de 10 (dez) dias" in LAJES
    text = run(ActionAnswer(), "Vou montar uma barraca de comida na festa da padroeira em Lajes. Onde eu peço a permissão pra "
               "barraca? E com quanto tempo de antecedência?", "ask_permission",
               slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes"}).text
    office, lead = text.split("\n")[:2]
    assert "Coordenadoria de Tributos e Cadastros" in office and "festa" in office
    assert "10 dias" in lead and "lc-489-2009/art-144" in lead


def test_an_office_names_the_permit_in_the_reader_s_language(run):
    # Decreto 4.510/2024 art. 3: the licences are issued by the Secretaria Municipal de Turismo e Cultura
    text = run(ActionAnswer(), "Which municipal department issues the licence to rent SUP boards in Bertioga?", "ask_permission",
               slots={"municipality": "br-sp-bertioga", "jurisdiction": "br-sp-bertioga"}).text
    first = text.split("\n")[0]
    assert "Tourism and Culture" in first and "Licence to rent" in first and "Licença" not in first


def test_an_operator_s_fine_says_the_company_s_double(run):
    # RAMT art. 29 (500 € to 3 740 € without a licence) and art. 38: "Tratando-se de pessoas colectivas, os limites …
    # são elevados para o dobro"
    assert "são elevados para o dobro" in RAMT
    assert "coima de montante mínimo de (euro) 500 e máximo de (euro) 3740 a quem exerça a actividade marítimo-turística sem que" in RAMT
    text = run(ActionAnswer(), "What's the fine for operating boat tours without a licence?", "ask_fine",
               slots={"municipality": "pt", "jurisdiction": "pt"}).text
    first = text.split("\n")[0]
    assert "€500 to €3,740" in first and "doubled for a company" in first


def test_a_beach_seller_s_word_in_a_town_with_no_beach_vendor_is_its_street_vendor(run):
    # LC 489/2009 art. 388 § 2º: seized goods are collected "dentro do prazo máximo de 30 (trinta) dias", else auctioned
    # (§ 3º) — Lajes has no beach vendor: "carrinho de churrasquinho" is its street trade, not a deposit refund
    assert "dentro do prazo máximo de 30 (trinta) dias, retirar o material" in LAJES
    text = run(ActionAnswer(), "A prefeitura de Lajes apreendeu meu carrinho de churrasquinho e levou pro depósito. Tenho até "
               "quando pra ir buscar?", "ask_after_fine",
               slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes"}).text
    assert "30 dias" in text.split("\n")[0] and "caução" not in text


def test_a_fee_asked_in_a_story_of_the_season_is_the_fee(run):
    # Lei 1.902/2018 art. 9 § 3º (Lei 2.247/2021): exempt from the licence fee over 60 years of age — "quiero vender en la
    # temporada… ¿tengo algún descuento en la tasa?" asks the fee, whatever season NLU heard in the story
    assert "contar com mais de sessenta anos de idade" in PONTAL
    text = run(ActionAnswer(), "Soy jubilado, tengo 63 años y quiero vender artesanías en la temporada de verano en Pontal do "
               "Paraná. ¿Tengo algún descuento en la tasa de licencia?", "ask_season",
               [{"entity": "activity", "value": "crafts"}],
               slots={"municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana", "language": "es"}).text
    assert "60 años" in text.split("\n")[0] and "UFM" in text


def test_a_width_to_leave_free_is_a_limit_whatever_duty_nlu_heard(run):
    # LC 489/2009 art. 56 III (1,20 m free for pedestrians) and IV (5 m from the corner): "¿qué ancho tengo que dejar
    # libre…?" says "tengo que" but asks a width — answered, both parts, never an empty duty list
    assert "deixar livre faixa mínima de 1,20 m" in LAJES
    text = run(ActionAnswer(), "Hola, voy a instalar un carrito de panchos de punto fijo en una vereda de Lajes. Que ancho de "
               "vereda tengo que dejar libre para los peatones, y a que distancia minima de la esquina me tengo que poner?",
               "ask_obligations", slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "language": "es"}).text
    lines = text.split("\n")
    assert "1,20 m" in lines[0] and "5 m" in lines[1] and "art-56" in text


def test_a_company_with_staff_is_answered_by_the_one_licence_each_rule_first(run):
    # LC 489/2009 art. 64 § 3º: a company asks "tantas licenças quantos forem os empregados" — said first, before the goods
    # banned in the street that "productos de limpieza" shares a word with
    assert "tantas licenças quantos forem os empregados" in LAJES
    text = run(ActionAnswer(), "Represento a una empresa chilena de productos de limpieza que quiere vender en las calles de "
               "Lajes con cuatro vendedores a pie. ¿Puede la empresa pedir una sola licencia que sirva para todos sus "
               "vendedores?", "ask_permission",
               slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "language": "es"}).text
    first = text.split("\n")[0]
    assert "por empleado" in first and "lc-489-2009/art-64" in first


def test_the_aggravating_share_is_said_in_spanish_to_a_spanish_question(run):
    # Lei 1.902/2018 art. 38 and 36: 30% more per aggravating circumstance — one language per reply
    text = run(ActionAnswer(), "¿Y cuánto se suma a la multa por cada agravante que constate el fiscal en Pontal do Paraná?",
               "ask_fine", slots={"municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana",
                                  "language": "es"}).text
    first = text.split("\n")[0]
    assert "30%" in first and "acrescenta" not in first and "agravante" in first


def test_a_can_i_in_a_limit_s_own_words_is_answered_by_that_limit(run):
    # LC 57/2018 art. 99 § 1º: "Cada autorizatario podera ter mais de um alvara de autorizacido, desde que comprovada a
    # estrutura e capacidade" — yes, with its condition; no rule of one permit each applies there
    assert "Cada autorizatario podera ter mais de um alvara de autorizacido, desde que comprovada a estrutura e capacidade" in IGARAPAVA
    text = run(ActionAnswer(), "Ya tengo con mi empresa un alvará de autorización para el food truck en Igarapava y quiero sumar "
               "un segundo camioncito. ¿Puedo tener más de un alvará?", "ask_permission",
               [{"entity": "activity", "value": "food_truck"}],
               slots={"municipality": "br-sp-igarapava", "jurisdiction": "br-sp-igarapava", "language": "es"}).text
    first = text.split("\n")[0]
    assert "más de una licencia" in first and "lc-57-2018/art-99" in first


@pytest.mark.parametrize("seed,question,entities,said,article", [
    # LC 489/2009 art. 59 VII: "É proibido realizar, em vias e logradouros públicos, o comércio de: … bebidas alcoólicas
    # pelo vendedor móvel circulante, salvo em festas municipais" — found by the limit's own phrase
    ("bebidas alcoólicas pelo vendedor móvel circulante, salvo em festas municipais",
     "quero vender cerveja gelada no isopor andando pela rua em lajes rn, pode? ou so em festa?",
     [{"entity": "activity", "value": "itinerant_vendor"}], ("Não pode em Lajes (RN)", "festas municipais"), "art-59"),
    # LC 489/2009 art. 249: "Fica expressamente proibido qualquer tipo de abordagem … nos semáforos das vias públicas,
    # salvo para o fim de trotes de calouros universitários" — "Is selling at the traffic lights allowed?" is a yes/no,
    # its record found by its words (no activity named)
    ("Fica expressamente proibido qualquer tipo de abordagem",
     "I've started selling bottled water to drivers waiting at the traffic lights on the main avenue in Lajes. Is selling "
     "at the traffic lights allowed?", [], ("No, that is not allowed in Lajes (RN)", "traffic lights"), "art-249"),
])
def test_a_yes_no_asked_of_a_limit_that_forbids_is_answered_no(run, seed, question, entities, said, article):
    assert seed in LAJES
    text = run(ActionAnswer(), question, "ask_permission", entities,
               slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes"}).text
    first = text.split("\n")[0]
    assert first.startswith(said[0]) and said[1] in first and f"lc-489-2009/{article}" in first