"""Short answers first (actions/qa/brief.py) and the rest behind "Mais detalhes" (actions/qa/details.py):
at most three articles, the item asked about first, nothing lost."""

import pytest
import re
from pathlib import Path

from actions.qa.answer import ActionAnswer, offer_preapplication
from actions.qa.details import DETAILS_PAYLOAD, ActionMoreDetails
from actions.common.conversation import Turn
from rasa_sdk.executor import CollectingDispatcher

from tests.actions.conftest import make_tracker

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
PONTAL_SEED = " ".join((NORMS / "003_f62ddfeb97083b18.txt").read_text(encoding="utf-8").split())
RAMT_SEED = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())
BERTIOGA_SEED = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
IGARAPAVA_SEED = " ".join((NORMS / "001_54008c3fc0458259.txt").read_text(encoding="utf-8").split())
LAJES_SEED = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())
PONTAL = {"municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana"}
LINK = re.compile(r"\[[^\]]+\]\(([^)]+)\)")


def _articles(text: str) -> list[str]:
    return LINK.findall(text)


def _button_payloads(result) -> list[str]:
    return [b["payload"] for m in result.messages for b in m.get("buttons") or []]


def test_a_rules_answer_cites_three_articles_and_keeps_the_rest_for_more_details(run):
    result = run(ActionAnswer(), "qual a multa por vender sem licença em Pontal?", "ask_fine",
                 slots={**PONTAL, "activity": "itinerant_vendor"})
    assert len(_articles(result.text)) <= 3
    assert DETAILS_PAYLOAD in _button_payloads(result)
    # the details hold every article of the full answer, more than the three shown
    assert len(_articles(result.details)) > 3
    assert set(_articles(result.text)) <= set(_articles(result.details))


def test_the_fine_answer_cites_the_article_that_holds_its_figure(run):
    # Pontal art. 38: the fine is R$ 300,00 to R$ 12.000,00; the tier also cites arts. 32, 35-37, which don't say it.
    assert "Art. 38 A multa será fixada entre os valores de R$ 300,00 (trezentos reais) a R$ 12.000,00" in PONTAL_SEED
    result = run(ActionAnswer(), "qual a multa por vender sem licença em Pontal?", "ask_fine",
                 slots={**PONTAL, "activity": "itinerant_vendor"})
    assert "R$ 300,00" in result.text
    assert any(url.endswith("/lei-1902-2018/art-38") for url in _articles(result.text))


def test_the_offence_asked_about_is_named_even_when_its_tier_lists_it_fourth(run):
    # art. 43 (cassation): trading outside the hours of art. 13, V — the fourth offence of the tier in the data.
    result = run(ActionAnswer(), "qual a punição por vender fora do horário em Pontal?", "ask_fine",
                 slots={**PONTAL, "activity": "itinerant_vendor"})
    assert "horários do art. 13, V" in result.text


def test_a_condition_is_shown_only_when_the_question_points_to_it(run):
    # RAMT art. 21 n.º 5: jet skis under 60 kW may be rented to people without a licence, for at most 1 hour.
    assert "motas de água com menos de 60 kw de potência" in RAMT_SEED
    entities = [{"entity": "activity", "value": "jet_ski"}, {"entity": "municipality", "value": "pt"}]
    asked = run(ActionAnswer(), "Can I rent a jet ski to a tourist without a boating licence in Portugal?",
                "ask_permission", entities)
    assert "60 kW" in asked.text
    plain = run(ActionAnswer(), "Can I have a jet ski business in Portugal?", "ask_permission", entities)
    assert "60 kW" not in plain.text and "60 kW" in plain.details


def test_more_details_sends_the_kept_answer_once(run):
    first = run(ActionAnswer(), "qual a multa por vender sem licença em Pontal?", "ask_fine",
                slots={**PONTAL, "activity": "itinerant_vendor"})
    kept = first.slot("details")
    more = run(ActionMoreDetails(), "mais detalhes", "more_details", slots={"details": kept, "language": "pt-BR"})
    assert more.messages[0]["text"] == kept["text"]
    assert more.messages[0]["custom"]["citations"] == kept["citations"]
    assert any(e.get("name") == "details" and e.get("value") is None for e in more.events)


def test_more_details_with_nothing_kept_says_so_in_the_citizens_language(run):
    pt = run(ActionMoreDetails(), "mais detalhes", "more_details", slots={"language": "pt-BR"})
    en = run(ActionMoreDetails(), "more details please", "more_details", slots={"language": "en"})
    assert "Não tenho mais detalhes" in pt.text
    assert "no more details" in en.text


def test_the_details_button_does_not_stop_the_offer_to_apply():
    tracker = make_tracker("quero vender milho na areia em pontal, precisa de licença?", "ask_permission")
    tracker.latest_message["intent_cue"] = {"offer_preapplication": True}
    dispatcher = CollectingDispatcher()
    turn = Turn(dispatcher, tracker)
    dispatcher.utter_message(text="resposta", buttons=[{"title": "➕ Mais detalhes", "payload": DETAILS_PAYLOAD}])
    offer_preapplication(turn)
    assert any(b["payload"] == "/request_permit" for m in dispatcher.messages for b in m.get("buttons") or [])




def test_a_figure_asked_in_a_can_i_question_is_the_first_sentence(run):
    # Decreto 4.510/2024 art. 5: the flags are at most 2 m high
    assert "as bandeiras deverão ter no máximo 2m (dois metros) de altura" in BERTIOGA_SEED
    result = run(ActionAnswer(), "Qual a altura máxima das bandeiras do ponto de SUP em Bertioga?", "ask_permission",
                 [{"entity": "activity", "value": "sup"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    first_line = result.text.splitlines()[0]
    assert "2 m de altura" in first_line and "/decreto-4510-2024/art-5" in first_line
    assert result.text.count("2 m de altura") == 1  # said once, not again among the conditions


def test_how_much_read_as_can_i_is_answered_with_the_fee(run):
    # Lei 1.902/2018, Anexo VI 11.20.00: SUP rental on the sand is priced per year and per four months
    result = run(ActionAnswer(), "How much is the annual license fee to rent out SUP boards on the beach in Pontal do Paraná?",
                 "ask_permission", [{"entity": "activity", "value": "sup"},
                                    {"entity": "municipality", "value": "br-pr-pontal-do-parana"}])
    assert "UFM" in result.text and "/anexo-vi/" in result.text


def test_the_fallback_answers_a_question_that_asks_for_a_kind_of_fact(run):
    from actions.qa.fallback import ActionDefaultFallback

    result = run(ActionDefaultFallback(), "qual a multa por vender sem licença?", "nlu_fallback",
                 slots={"municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana",
                        "activity": "itinerant_vendor"})
    assert "R$ 300,00" in result.text and "Não tenho certeza" not in result.text


def test_where_is_answered_place_by_place_each_with_its_article(run):
    # Decreto 4.510/2024 arts. 14-17: the four areas; one line per area (no bullets run together)
    result = run(ActionAnswer(), "Onde posso montar minha tenda de aluguel de SUP em Bertioga?", "ask_places",
                 [{"entity": "activity", "value": "sup"}, {"entity": "municipality", "value": "br-sp-bertioga"}])
    lines = [line for line in result.text.splitlines() if line.startswith("• Praia") or line.startswith("• Riviera")]
    assert len(lines) == 4
    for line, article in zip(lines, (14, 15, 16, 17)):
        assert line.count("•") == 1 and f"/decreto-4510-2024/art-{article})" in line


def test_a_place_name_says_nothing_about_the_language():
    from actions.common.language import detect_language

    # "Portugal" or "Pontal do Paraná" answering "Which municipality?" keeps the conversation's language,
    # and the "do"/"da" of a Portuguese place name does not turn an English question Portuguese
    assert detect_language("Portugal", "en", None) == "en"
    assert detect_language("Pontal do Paraná", "en", None) == "en"
    assert detect_language("Can I sell in Pontal do Paraná?", None, None) == "en"
    assert detect_language("Can I rent a SUP at Praia da Enseada?", None, None) == "en"
    assert detect_language("Posso alugar SUP na Praia da Enseada?", None, None) == "pt-BR"




def test_a_can_i_whose_subject_a_condition_forbids_is_answered_no_first(run):
    # Igarapava LC 57/2018 art. 112: no fireworks stalls at the June festivals
    assert "Nos festejos juninos nao poderao ser instaladas barracas provisoérias para a venda de fogos de artificio" in IGARAPAVA_SEED
    result = run(ActionAnswer(), "pode montar barraquinha pra vender fogos na festa junina em igarapava?", "ask_permission",
                 [{"entity": "municipality", "value": "br-sp-igarapava"}])
    first = result.text.splitlines()[0]
    assert first.startswith("Não pode em") and "fogos" in first and "/lc-57-2018/art-112" in first


@pytest.mark.parametrize("question,municipality", [
    # Portuguese "no" ("com sede no Município") is "in the", not a negation
    ("Tenho licença pra escola de surf em Bertioga e fiquei um mês sem dar aula. Posso ser punido por ter parado a "
     "atividade?", "br-sp-bertioga"),
    # a negation's scope ends at its comma: "no minimum crew, but follow the Boating Regulation" forbids no boating
    ("Can I rent a jet ski to a tourist without a boating licence in Portugal?", "pt"),
])
def test_a_condition_that_forbids_something_else_is_no_no(run, question, municipality):
    result = run(ActionAnswer(), question, "ask_permission", [{"entity": "municipality", "value": municipality}])
    assert not result.text.startswith(("Não pode", "No, that is not allowed"))


def test_a_fact_answer_cites_the_article_that_holds_its_figure(run):
    # Lei 1.902/2018 art. 38: "A multa será fixada entre os valores de R$ 300,00 … a R$ 12.000,00"; the
    # fine's record also cites arts. 32, 35–37, which hold no figure
    result = run(ActionAnswer(), "How much is the fine for breaking the street vending rules in Pontal do Paraná?", "ask_fine",
                 [{"entity": "municipality", "value": "br-pr-pontal-do-parana"}])
    assert "/lei-1902-2018/art-38" in result.text.splitlines()[0]


def test_the_condition_a_can_i_question_points_to_is_said_first(run):
    # Decreto 4.510/2024 art. 4: only people or companies based in Bertioga may run the activity
    assert "sede no Município de Bertioga" in BERTIOGA_SEED
    result = run(ActionAnswer(), "My company is registered in Santos. Can we get the kayak rental permit in Bertioga, or does "
                 "the business have to be based in Bertioga?", "ask_permission",
                 [{"entity": "municipality", "value": "br-sp-bertioga"}, {"entity": "activity", "value": "kayak"}])
    first = result.text.splitlines()[0]
    assert "based in Bertioga" in first and "/decreto-4510-2024/art-4" in first


def test_who_applies_said_in_the_question_is_read_and_a_blocking_restriction_is_said_first(run):
    # Igarapava LC 57/2018 art. 96: only a legal person may apply for the food-vehicle authorisation
    assert "pessoa juridica" in IGARAPAVA_SEED.lower() or "pessoa jurídica" in IGARAPAVA_SEED.lower()
    result = run(ActionAnswer(), "I want to sell burgers from a van in Igarapava as a private person. Can I get the permit "
                 "myself or does it have to be a business?", "ask_permission",
                 [{"entity": "municipality", "value": "br-sp-igarapava"}, {"entity": "activity", "value": "food_truck"}])
    first = result.text.splitlines()[0]
    assert first.startswith("No, that is not allowed in") and "legal person" in first and "/lc-57-2018/art-96" in first
    assert "Are you applying as an individual or as a company?" not in result.text
    assert "does not allow food truck" not in result.text  # not said twice


@pytest.mark.parametrize("text,kind", [
    ("quero abrir food truck como pessoa física", "natural_person"),
    ("sem abrir empresa, posso vender?", "natural_person"),
    ("my company wants to run boat tours", "legal_person"),
    ("sou pessoa física mas minha empresa…", None),
    # "não tenho empresa" says a person, not a company ("tenho empresa" is inside it)
    ("Quero abrir um food truck, mas não tenho empresa, seria tudo no meu CPF", "natural_person"),
    ("I'd like to promote a concert in my own name as a private individual", "natural_person"),
    ("¿Lo puedo pedir yo como persona?", "natural_person"),
    ("no tengo empresa, ¿puedo vender?", "natural_person"),
    ("tenho uma empresa de eventos", "legal_person"),
])
def test_the_person_type_said_in_a_question(text, kind):
    from actions.qa.facts import person_facts

    assert person_facts(text) == ({"person_type": kind} if kind else {})




@pytest.mark.parametrize("question,said", [
    ("In Portugal, are the boat-tour fines higher if the operator is a company instead of a person?", "doubled"),
    ("a coima é maior para uma sociedade?", "dobro"),
])
def test_whether_a_company_pays_more_is_answered_from_the_fines_multiplier(run, question, said):
    # RAMT art. 38: for legal persons the minimum and maximum limits of the fines are doubled
    assert "Tratando-se de pessoas colectivas, os limites mínimos e máximos das coimas" in RAMT_SEED
    result = run(ActionAnswer(), question, "ask_fine", [{"entity": "municipality", "value": "pt"}])
    first = result.text.splitlines()[0]
    assert said in first and "/ramt/art-38" in first


def test_an_english_figure_drops_the_law_s_trailing_zeros():
    from actions.qa.fact_answer import _figure

    assert [_figure(v, "en") for v in ("4.00", "1.50", "30", "08:00")] == ["4", "1.5", "30", "08:00"]
    assert _figure("4.00", "pt-BR") == "4.00"  # the Portuguese templates write the law's "4,00"


def test_a_prohibition_among_the_obligations_answers_a_can_i_question_first(run):
    # Lei 1.902/2018 art. 13 § 3º (Lei 2.367/2022): "Fica proibida a utilização de instrumentos cortantes,
    # especialmente facões e assemelhados" by green-coconut vendors — an obligation of the rules data, said first
    # as the "no", in Portuguese (the law's "facões" for the citizen's "facão") and in English ("are banned")
    pontal = PONTAL_SEED
    assert "Fica proibida a utilização de instrumentos cortantes, especialmente facões e assemelhados" in pontal
    for language, question, no in (
            ("pt-BR", "vendo coco verde na praia de pontal, posso usar facão pra abrir o coco?", "Não pode"),
            ("en", "I sell green coconuts on the beach in Pontal. Am I allowed to crack them open with my machete right there?",
             "not allowed")):
        slots = {"language": language, "municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana"}
        first = run(ActionAnswer(), question, "ask_permission", [{"entity": "activity", "value": "coco verde"}],
                    slots).text.split("\n")[0]
        assert no in first and "art. 13" in first and ("facões" in first or "Machetes" in first)




def test_the_obligation_the_question_points_to_is_said_first_and_not_again(run):
    # Bertioga art. 10: a qualified professional full time beside the student — the sixth obligation of the list.
    assert "deverá ter um profissional qualificado em tempo integral ao lado de seu aluno" in BERTIOGA_SEED
    result = run(ActionAnswer(), "Pela regra de Bertioga o professor de stand up precisa ficar junto do aluno o tempo todo?",
                 "ask_obligations", slots={"municipality": "br-sp-bertioga", "jurisdiction": "br-sp-bertioga",
                                           "activity": "sup_rental"})
    first, rest = result.text.split("\n", 1)
    assert "tempo integral" in first and "/decreto-4510-2024/art-10" in first, first
    assert "tempo integral" not in rest
    # the rest of the checklist is still there
    assert "Aluguel" in rest


def test_a_limits_answer_says_first_the_distance_the_question_names(run):
    # Lajes art. 56 IV: at least 5 m from the corner — not the trailer's 15 m² that the question also touches.
    assert "distar, no mínimo 5 (cinco) metros na interseção dos alinhamentos prediais, nas esquinas" in LAJES_SEED
    result = run(ActionAnswer(), "Can I park my hot dog cart right on a street corner in Lajes, or does it need to be a "
                 "certain distance away?", "ask_limits",
                 slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "activity": "food_truck"})
    first = result.text.split("\n", 1)[0]
    assert "5 m" in first and "corner" in first and "/lc-489-2009/art-56" in first, first


def test_a_list_the_question_points_nowhere_in_stays_in_the_laws_order(run):
    result = run(ActionAnswer(), "quais as obrigações de quem aluga SUP em Bertioga?", "ask_obligations",
                 slots={"municipality": "br-sp-bertioga", "jurisdiction": "br-sp-bertioga", "activity": "sup_rental"})
    assert result.text.startswith("•"), result.text[:200]


def test_a_person_said_to_have_no_company_is_told_first_that_only_a_company_may_apply_whatever_the_topic(run):
    # Igarapava art. 96: only a legal person may ask for the food-truck authorisation
    assert "Alvara de Autorizagdo podera ser requerido apenas por pessoa juridica" in IGARAPAVA_SEED
    result = run(ActionAnswer(), "Quero abrir um food truck em Igarapava, mas não tenho empresa, seria tudo no meu CPF. "
                 "Consigo o alvará de autorização assim?", "ask_obligations",
                 slots={"municipality": "br-sp-igarapava", "jurisdiction": "br-sp-igarapava", "activity": "food_truck"})
    first = result.text.split("\n")[0]
    assert first.startswith("Não pode em Igarapava") and "pessoa jurídica" in first and "/lc-57-2018/art-96" in first, first


@pytest.mark.parametrize("text,language,said", [
    ("Peguei a autorização pra vender na temporada em Pontal. Se eu ficar doente posso passar ela pro meu irmão?", "pt-BR",
     "Não pode em Pontal do Paraná"),
    ("Can I hand my Pontal do Paraná summer vendor authorisation over to my brother?", "en", "No, that is not allowed"),
])
def test_handing_the_permit_to_someone_else_is_answered_by_the_rule_that_says_it_is_personal(run, text, language, said):
    # Pontal art. 9 § 1º: the season authorisation "é intransferível"
    assert "será válida de 1º de dezembro a 31 de março do exercício seguinte e é intransferível" in PONTAL_SEED
    result = run(ActionAnswer(), text, "ask_season", slots={**PONTAL, "activity": "itinerant_vendor", "language": language})
    first = result.text.split("\n")[0]
    assert first.startswith(said) and ("intransferível" in first or "cannot be transferred" in first), first
    assert "/lei-1902-2018/art-9" in first


def test_the_season_and_the_validity_are_two_lines(run):
    result = run(ActionAnswer(), "What is the season for street vendors in Pontal do Paraná?", "ask_season",
                 slots={**PONTAL, "activity": "itinerant_vendor", "language": "en"})
    assert "Valid for:" in result.text and not re.search(r"\S(Valid for:)", result.text), result.text


@pytest.mark.parametrize("text,language,said", [
    ("After my surf lessons end in the evening, can I leave the tents and the rental boards on the sand in Bertioga "
     "until the next morning?", "en", "No, that is not allowed in Bertioga"),
    ("Alquilo sombrillas y tablas en Bertioga. ¿Puedo dejar las carpas armadas en la arena de noche?", "es",
     "No, no está permitido en Bertioga"),
])
def test_leaving_gear_on_the_beach_overnight_is_answered_by_the_rule_that_it_goes_at_the_end_of_the_day(run, text, language, said):
    # Bertioga art. 5, sole paragraph: the tents are removable and may not stay on the beach after the activity
    assert ("devem ser desmontáveis e móveis, não podendo permanecer na orla e praia marítima após o término das atividades"
            in BERTIOGA_SEED)
    result = run(ActionAnswer(), text, "ask_limits", slots={"municipality": "br-sp-bertioga", "jurisdiction": "br-sp-bertioga",
                                                             "activity": "surf_school", "language": language})
    first = result.text.split("\n")[0]
    assert first.startswith(said) and "/decreto-4510-2024/art-5" in first, first


def test_a_second_permit_for_one_holder_is_answered_by_the_rule_of_one_permit_each(run):
    # Lajes art. 39 § 3º: no more than one licence for the same applicant, even for other goods
    assert "Fica proibido o fornecimento de mais de uma licença para o mesmo requerente" in LAJES_SEED
    result = run(ActionAnswer(), "mano, dá pra tirar duas licenças de ambulante no meu nome em Lajes? uma pra vender bijuteria "
                 "e outra pra capinha de celular", "ask_permission",
                 slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "activity": "itinerant_vendor"})
    first = result.text.split("\n")[0]
    assert first.startswith("Não pode em Lajes") and "uma licença por requerente" in first and "/lc-489-2009/art-39" in first, first


def test_a_second_authorisation_in_bertioga_is_answered_by_its_one_per_holder_rule(run):
    # Bertioga art. 3: "01 (uma) autorização por permissionário"
    assert "sendo 01 (uma) autorização por permissionário" in BERTIOGA_SEED
    result = run(ActionAnswer(), "tenho aluguel de caiaque em bertioga, da pra tirar 2 autorizacoes no meu nome pra ter 2 pontos "
                 "na praia?", "ask_permission",
                 slots={"municipality": "br-sp-bertioga", "jurisdiction": "br-sp-bertioga", "activity": "kayak"})
    first = result.text.split("\n")[0]
    assert first.startswith("Não pode em Bertioga") and "autorização por permissionário" in first, first
    assert "/decreto-4510-2024/art-3" in first


@pytest.mark.parametrize("text,asks", [
    ("dá pra tirar duas licenças de ambulante no meu nome em Lajes?", True),
    ("Can I get a second permit for my other cart?", True),
    ("preciso de outra licença além do alvará?", False),  # another kind of permit, not a second one
    ("posso ver a taxa dos alvarás?", False),
    ("posso deixar as tendas montadas na areia de noite?", True),
    ("posso deixar meu filho na aula de surf?", False),
])
def test_the_questions_a_coded_rule_answers(text, asks):
    from actions.qa.brief import asks_a_coded_rule
    assert asks_a_coded_rule(text) is asks


@pytest.mark.parametrize("text,language,said", [
    ("and for a company with several sellers?", "en", ("one per employee", "one licence per employee")),
    # (the rules' condition or the record of art. 64 § 3º, whichever answers first: both say it)
    ("¿Y para una empresa con varios vendedores?", "es", ("una por empleado", "una licencia por cada empleado")),
])
def test_a_company_with_staff_is_told_first_it_needs_a_permit_per_employee(run, text, language, said):
    # Lajes art. 64 § 3º: a company asks for as many licences as it has employees selling in the street
    assert "tantas licenças quantos forem os empregados" in LAJES_SEED
    result = run(ActionAnswer(), text, "ask_documents",
                 slots={"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "activity": "itinerant_vendor",
                        "language": language, "topic": "documents"})
    first = result.text.split("\n")[0]
    assert any(s in first for s in said) and "/lc-489-2009/art-" in first, first
