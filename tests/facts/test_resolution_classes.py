"""Classes of questions the question → fact resolution must get right (knowledge/facts/resolve.py), each
checked against the seed text of the record it should land on — and the near misses it must refuse."""

from pathlib import Path

import pytest

from knowledge.facts import asked_kinds
from knowledge.facts.resolve import resolve, retrieve, without_cues

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
RAMT = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())
IGARAPAVA = " ".join((NORMS / "001_54008c3fc0458259.txt").read_text(encoding="utf-8").split())
# (each seed read once for the whole module)
BERTIOGA = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
PONTAL = " ".join((NORMS / "003_f62ddfeb97083b18.txt").read_text(encoding="utf-8").split())
LAJES = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())


def _id(question: str, jurisdiction: str, activity: str | None = None) -> str | None:
    found = resolve(question, jurisdiction, activity=activity)
    return found.record.id if found else None


@pytest.mark.parametrize("question,kinds", [
    # the kind asked inside its own cue: "vale por quanto tempo" is a validity, not any deadline
    ("A autorização das mesas vale por quanto tempo?", ["validity", "deadline"]),
    ("How long is the permit for a food truck valid?", ["validity", "deadline"]),
    # a qualifier before the kind word: "what's the minimum distance" asks a distance
    ("What's the minimum distance between two surf schools?", ["distance", "limit"]),
    # "a quem peço" asks who issues; "alugar a quem não tem carta" does not
    ("A quem peço a licença?", ["office"]),
    # a pronoun between the question word and the verb
    ("Quem me dá a licença para alugar motas de água?", ["office"]),
    ("Onde se pede o alvará da barraca?", ["office"]),
    ("Posso alugar motas de água a quem não tem carta?", []),
    ("Which municipal body issues the authorization?", ["office"]),
    ("What happens to an operator who puts swimmers at risk?", ["fine"]),
    # ... the sanction asked after its condition; the fine's own bounds; what a decree provides is no question of which law
    ("e se nao pagar oq acontece", ["fine"]),
    ("Qual o valor mínimo e máximo da multa pra quem descumpre a lei?", ["fine"]),
    ("Qual a penalidade que o decreto prevê pra isso?", ["fine"]),
    ("and how late can the craft stalls stay open at night?", ["hours"]),
    ("Quanto de passagem tenho que deixar pros pedestres?", ["distance"]),
])
def test_the_kind_asked(question, kinds):
    assert asked_kinds(question)[:len(kinds) or None] == kinds if kinds else asked_kinds(question) == []


def test_the_question_s_own_figures_pick_the_insurance_tier():
    # RAMT Anexo III: 100 000 € up to 12 people, 200 000 € from 12 to 30
    assert "100000" in RAMT.replace(" ", "").replace(".", "") and "200000" in RAMT.replace(" ", "").replace(".", "")
    q12 = "Tenho uma embarcação que leva até 12 pessoas além da tripulação. Qual é o capital mínimo do seguro?"
    q30 = "O meu barco leva entre 12 e 30 passageiros, qual o valor minimo do seguro por embarcação?"
    assert _id(q12, "pt", "boat_tour").endswith("insurance-up-to-12")
    assert _id(q30, "pt", "boat_tour").endswith("insurance-12-to-30")


@pytest.mark.parametrize("question", [
    "Temos um catamarã que leva 45 turistas em Portimão. Qual o seguro mínimo exigido por embarcação?",
    "my boat in portugal takes 45 customers on dolphin trips. whats the minimum liability insurance per boat?",
])
def test_a_count_of_tourists_or_customers_picks_the_insurance_tier(question):
    # RAMT Anexo III, 5 d): 250 000 € per vessel carrying more than 30 people, crew excluded
    assert "(euro) 250000 por embarcação" in RAMT and "embarquem mais de 30 pessoas, excluindo a tripulação" in RAMT
    assert _id(question, "pt", "boat_tour").endswith("insurance-over-30")


def test_the_fine_for_an_offence_named_beside_another_kind_word():
    # "the fine … without insurance": insurance names the offence (RAMT art. 30), not the kind asked
    assert _id("What's the fine in Portugal if a boat tour operator works without valid civil liability insurance?",
               "pt", "boat_tour") == "pt/decreto-lei-269-2003#penalty-no_insurance"


def test_a_question_naming_only_the_activity_gets_the_activity_s_record():
    # LC 57/2018 art. 55 § 6: the sidewalk tables' authorisation lasts at most 3 years
    assert "com validade de no maximo 03" in IGARAPAVA.lower().replace("é", "e").replace("á", "a")
    assert _id("autorizacao de mesas na calcada em igarapava vale qtos anos", "br-sp-igarapava",
               "sidewalk_tables").endswith("period-sidewalk_validity")


def test_a_record_lacking_the_question_s_telling_word_is_refused():
    # "bandeiras" is another record's word: the number of authorisations per holder is not the answer
    assert _id("Qual a altura máxima das bandeiras do ponto de locação de esporte náutico?", "br-sp-bertioga", "sup") \
        != "br-sp-bertioga/decreto-4510-2024#written-one-authorisation-per-holder"


def test_english_for_is_not_portuguese_fora():
    # "fora do horário" once matched the English "for" of an aggravating factor's text
    found = _id("qual a punição por vender fora do horário em Pontal?", "br-pr-pontal-do-parana", "itinerant_vendor")
    assert found is None or "aggravating" not in found


def test_without_cues_keeps_what_the_question_is_about():
    assert "vender sem licenca" in without_cues("qual a multa por vender sem licença?", ("fine",))
    assert "multa" not in without_cues("qual a multa por vender sem licença?", ("fine",))


@pytest.mark.parametrize("american,british", [("license", "licence"), ("defense", "defence"), ("meters", "metres"),
                                              ("authorized", "authorised"), ("harbor", "harbour")])
def test_american_spelling_meets_the_british_glosses(american, british):
    from knowledge.search.text import stem

    assert stem(american) == stem(british)


def test_the_record_holding_the_telling_word_beats_one_sharing_only_the_activity_s_words():
    # Bertioga art. 5: "as bandeiras deverão ter no máximo 2m (dois metros) de altura"; "ponto de locação
    # de esporte náutico" is said by every record of nautical rentals
    assert "no máximo 2m (dois metros) de altura" in BERTIOGA
    found = resolve("Qual a altura máxima das bandeiras do ponto de locação de esporte náutico?", "br-sp-bertioga")
    assert found is not None and found.record.id.endswith("written-flag-max-height") and found.record.value == "2"


def test_a_runner_up_sharing_none_of_the_question_s_words_is_no_rival():
    # Lajes art. 88 III "noturno: 60 dB (A)": "outdoor" (a billboard in Portuguese) is the only word the
    # sign records share; the night limit holds "level" and "night"
    assert "noturno: 60 dB (A)" in LAJES
    found = resolve("What's the maximum outdoor noise level allowed at night in Lajes?", "br-rn-lajes")
    assert found is not None and found.record.id.endswith("written-noise-limit-night")


@pytest.mark.parametrize("question", [
    "quanto custa por m2 colocar mesas e cadeiras na calcada do meu bar em pontal do parana",
    "How much does the licence cost per square metre?",
])
def test_a_price_is_never_answered_by_another_kind_s_record(question):
    from knowledge.facts.resolve import asks_a_price

    assert asks_a_price(question)
    assert resolve(question, "br-pr-pontal-do-parana") is None
    # (retrieve, for a question no activity was found in, may answer with the fee row its words name —
    # "mesas e cadeiras na calçada" is the 0,15 UFM/m² row of Anexo X — never with a record of another kind)
    found = retrieve(question, "br-pr-pontal-do-parana")
    assert found is None or (found.record.kind == "fee" and found.record.value == "0.15")


def test_the_minimum_value_of_insurance_is_no_price():
    from knowledge.facts.resolve import asks_a_price

    assert not asks_a_price("qual o valor minimo do seguro por embarcação?")


def test_a_question_with_no_kind_word_finds_its_record_by_its_words():
    # Bertioga art. 5 § único: tents and gear "não podendo permanecer na orla e praia marítima após o
    # término das atividades" — asked with no "how long", "what time"…
    assert "não podendo permanecer na orla e praia marítima após o término das atividades" in BERTIOGA
    question = "posso deixar a tenda e as pranchas montadas na praia de noite depois que acabar o expediente?"
    assert asked_kinds(question) == []
    found = retrieve(question, "br-sp-bertioga")
    assert found is not None and found.record.id.endswith("written-gear-off-beach-after-hours")


def test_a_question_matching_no_record_retrieves_nothing():
    assert retrieve("pode fazer churrasco na praia com os amigos no domingo?", "br-sp-bertioga") is None
    assert retrieve("bom dia tudo bem?", "br-rn-lajes") is None


def test_how_far_apart_is_a_distance_cue_not_a_subject():
    from knowledge.facts.resolve import cue_words
    from knowledge.search.text import stem

    assert asked_kinds("How far apart must surf schools be in Bertioga?")[:1] == ["distance"]
    assert stem("apart") in cue_words("How far apart must surf schools be in Bertioga?")


@pytest.mark.parametrize("question,first", [
    ("I run boat trips with a boat carrying up to 12 passengers. What minimum liability insurance do I need?", "insurance"),
    ("Qual o valor mínimo do seguro?", "insurance"),
    ("Qual a altura máxima das bandeiras?", "limit"),
])
def test_a_bare_minimum_or_maximum_qualifies_the_kind_word_after_it(question, first):
    assert asked_kinds(question)[0] == first


def test_a_content_word_that_stems_like_a_function_word_is_kept():
    # Igarapava LC 57/2018 art. 36: noise ("sossego público") is fined 2 UFM to 10 UFM. "som" stems like
    # English "some", "área" like "are", "praia" like "pra": none of them may be dropped as a function word.
    assert "2 UFM a 10 UFM" in IGARAPAVA
    found = resolve("o bar do lado fica com o som no talo incomodando a vizinhanca, qual a multa pra isso?",
                    "br-sp-igarapava")
    assert found is not None and "art-36" in " ".join(found.record.cite) and found.record.value == "2"


@pytest.mark.parametrize("question,people,amount", [
    ("my boat in portugal takes 45 passengers on dolphin watching trips. whats the minimum liability insurance per boat?",
     45, "250000"),
    ("Tenho um semirrígido com lotação de 10 passageiros. Qual é o capital mínimo do seguro de responsabilidade civil "
     "por embarcação em Portugal?",
     10, "100000"),
])
def test_a_count_of_people_picks_the_tier_whose_range_holds_it(question, people, amount):
    # RAMT Anexo III, 5: 100 000 € up to 12 people, 200 000 € from 12 to 30, 250 000 € over 30
    assert f"(euro) {amount} por embarcação" in RAMT
    found = resolve(question, "pt")
    assert found is not None and found.record.value == amount


def test_words_inside_a_wide_kind_cue_still_say_what_it_is_about():
    # "how long … valid" spans "the permit to put restaurant tables and chairs on the sidewalk": those
    # words are the subject (Igarapava art. 55: the sidewalk permit lasts at most 3 years)
    assert "validade de no maximo 03 (trés) anos" in IGARAPAVA
    found = resolve("For how long is the permit to put restaurant tables and chairs on the sidewalk valid in Igarapava?",
                    "br-sp-igarapava")
    assert found is not None and found.kind == "validity" and found.record.value == "3"


def test_the_norm_s_own_name_points_to_no_record():
    # Lajes LC 489/2009 art. 384: a fine is paid within 10 days of the notice; art. 408's appeal (5 days)
    # only shared the words "Código de Posturas" with the question
    found = resolve("Once I'm notified of a fine under the Lajes Código de Posturas, how long do I have to pay it?",
                    "br-rn-lajes")
    assert found is not None and found.record.value == "10" and "art-384" in " ".join(found.record.cite)


@pytest.mark.parametrize("question,activity", [
    ("Minha barraca de ponto fixo fica na calçada. Quanto tenho que deixar livre pro pessoal passar?", "food_truck"),
    ("In Lajes, if I set up a fixed stall on the sidewalk, how much space do I have to leave free for people?", None),
])
def test_a_clearance_to_leave_is_a_distance_and_keeps_its_words(question, activity):
    # Lajes LC 489/2009 art. 56, III: fixed and set-point stalls leave 1,20 m of sidewalk for pedestrians
    assert "deixar livre faixa mínima de 1,20 m (um metro e vinte centímetros) nos passeios, para o trânsito de pedestres" in LAJES
    assert asked_kinds(question)[0] == "distance"
    found = resolve(question, "br-rn-lajes", activity=activity)
    assert found is not None and found.record.value == "1.20" and "art-56" in found.record.cite[0]


def test_the_same_distance_in_two_articles_is_two_records():
    # art. 56 (stalls, trailers) and art. 150 (tables on the sidewalk) both say 1,20 m: each record cites
    # its own article and belongs to its own activities
    from knowledge.facts.projection import facts_of
    strips = {r.cite[0].rsplit("/", 2)[-2] if "/inc-" in r.cite[0] else r.cite[0]: r for r in facts_of("br-rn-lajes")
              if r.kind == "distance" and r.id.split("#")[1].startswith("distance-sidewalk_free_min")}
    assert len(strips) == 2
    by_article = {("art-150" if "art-150" in r.cite[0] else "art-56"): r for r in strips.values()}
    assert "sidewalk_tables" in by_article["art-150"].activities
    assert "sidewalk_tables" not in by_article["art-56"].activities and "food_truck" in by_article["art-56"].activities


def test_the_story_before_the_question_weighs_less_than_the_question():
    # Bertioga Decreto 4.510/2024 art. 22: 30 working days of defence; the first sentence only tells
    # what happened, the second asks with one word ("defender")
    assert "no prazo de 30 (trinta) dias úteis" in BERTIOGA
    found = resolve("Recebi uma multa da fiscalização na praia em Bertioga. Qual o prazo pra me defender?", "br-sp-bertioga")
    assert found is not None and found.record.value == "30" and "art-22" in found.record.cite[0]


@pytest.mark.parametrize("activity", [None, "business_licence"])
def test_a_trade_s_hours_on_one_day_come_with_its_other_days(activity):
    # Igarapava LC 57/2018 art. 217, II: shops 8h–18h on working days, 8h–13h on Saturdays, closed on Sundays.
    # The days tell a trade's hours apart, not the trades: "weekdays" in the pharmacies' duty rota does
    # not make it the shops' hours.
    found = resolve("What are the opening hours for shops in Igarapava on weekdays?", "br-sp-igarapava", activity=activity)
    assert found is not None and found.record.id.endswith("#hours-commerce")
    assert all(day in found.record.text["en"] for day in ("working days", "Saturdays", "Sundays"))
    assert len(found.record.cite) == 3


def test_a_word_spelled_like_a_generic_one_is_kept():
    # "mesa" stems like "mês", "táxi" like "taxa": Lajes art. 152 sets 1 m between tables
    found = resolve("e qual distancia tem q ter entre uma mesa e outra?", "br-rn-lajes", activity="sidewalk_tables")
    assert found is not None and found.record.id.endswith("#distance-between_tables_min")


def test_the_office_that_issues_the_activity_s_permit_answers_which_department():
    # Igarapava LC 57/2018: trading in a public area needs the authorisation of the Departamento de
    # Tributação e Arrecadação — not the food-truck committee, nor the department that inspects markets
    assert "Departamento de Tributagéo e Arrecadacao" in IGARAPAVA  # (OCR of "Tributação e Arrecadação")
    found = resolve("I want to sell stuff on the street in Igarapava. Which department do I need authorization from?",
                    "br-sp-igarapava", activity="itinerant_vendor")
    assert found is not None and found.record.id.endswith("#office-tributacao")


def test_aggravating_factors_raise_the_fine_and_are_no_offence():
    # Lei 1.902/2018 art. 38: R$ 300,00 to R$ 12.000,00, plus 30% for each aggravating factor (art. 36)
    assert "acrescido do percentual de 30% (trinta por cento) para cada agravante" in PONTAL
    general = resolve("How much is the fine for breaking the street vending rules in Pontal do Paraná?", "br-pr-pontal-do-parana")
    assert general is not None and general.record.id.endswith("#penalty-fine") and general.record.value.startswith("300")
    from knowledge.facts.projection import facts_of
    aggravating = next(r for r in facts_of("br-pr-pontal-do-parana") if r.id.endswith("#penalty-fine-aggravating"))
    assert aggravating.value == "30" and aggravating.unit == "%"
    # a question about breaking an undertaking is not answered "aggravating: …" with the fine's range
    assert not any(r.id.endswith("aggravating_breach_of_terms") for r in facts_of("br-pr-pontal-do-parana"))


@pytest.mark.parametrize("question,story", [
    ("Recebi uma multa da fiscalização na praia em Bertioga. Qual o prazo pra me defender?", {"receb", "fiscaliz"}),
    ("Qual a multa do art. 21 do decreto?", set()),  # "art." ends no sentence
    ("ok. qual o prazo?", set()),  # nor does a fragment of under three words start a story
])
def test_the_story_is_the_sentences_before_the_question(question, story):
    from knowledge.facts.resolve import _context

    assert story <= _context(question) and (story or not _context(question))


@pytest.mark.parametrize("question,kind", [
    ("qnto tempo tenho pra me defender?", "deadline"),       # chat shorthand of the question word
    ("qual a mutla pra quem aluga caiaque sem licença?", "fine"),  # a cue word mistyped (a swap)
    ("What's the fine for renting kayaks without a licence?", "fine"),  # a contraction spelled out
    ("a partir de q horas começa o horário noturno?", "hours"),
])
def test_chat_spellings_of_the_question_words_ask_their_kind(question, kind):
    assert asked_kinds(question)[:1] == [kind]


def test_an_english_word_is_no_typo_of_a_cue_word():
    from knowledge.facts.resolve import chat_read

    # "fixed" is one letter from "fined", and no Portuguese text writes it: it stays itself
    assert " fixed " in chat_read("a fixed stall on the sidewalk")
    assert "fine" not in asked_kinds("a fixed stall on the sidewalk: how much space do I leave free?")


def test_a_phrase_that_only_names_the_activity_does_not_pick_a_record():
    # Igarapava's food-truck size record (8,5 m, art. 103) has "food truck" among its phrases; a question
    # about how far a food truck parks from a supermarket is not about its size
    found = resolve("igarapava food truck: how far do i have to park from the entrance of a supermarket or food shop?",
                    "br-sp-igarapava", activity="food_truck")
    assert found is None or found.record.value != "8.5"


@pytest.mark.parametrize("question", ["vai chover hoje?", "onde comer peixe fresco?", "which towns do you cover?"])
def test_everyday_words_are_no_typos_of_a_cue(question):
    # "chover" and "comer" are one letter from English "cover": only the law's Portuguese cue words are
    # read into a typo, and a bare "cover" asks no insurance
    assert asked_kinds(question) == []


def test_a_citizen_s_word_no_record_writes_is_read_in_the_law_s_words():
    # Decreto 4.510/2024 art. 21 § 1 I a: "não manter a licença em local visível" — the citizen says "à vista",
    # and "deixar" is the material left on the beach's word, not the answer
    assert "não manter a licença em local visível" in BERTIOGA
    assert _id("Qual a multa por não deixar a licença à vista em Bertioga?", "br-sp-bertioga") \
        == "br-sp-bertioga/decreto-4510-2024#penalty-grade_i-licence_not_visible"


def test_another_record_s_rare_word_does_not_veto_a_record_holding_more_of_the_question():
    # LC 489/2009 art. 88 I: 70 dB(A) by day, measured outside; "car" (the story) and "allowed" are other
    # records' words, which hold less of the question
    assert "I - diurno: 70 dB (A)" in LAJES
    assert _id("My neighbour in Lajes runs a car sound shop. What is the maximum sound level allowed outside during the day?",
               "br-rn-lajes") == "br-rn-lajes/lc-489-2009#written-noise-limit-day"


def test_the_story_names_the_subject_when_the_question_sentence_names_none():
    # LC 489/2009 art. 109: the impounded animal is to be fetched within 7 days; "pegar de volta" is the
    # law's "retirar", and the goat is the story's
    assert "Art. 109 - O animal recolhido" in LAJES
    assert _id("a prefeitura de lajes recolheu meu bode q tava solto na rua, tenho qtos dias pra pegar de volta?",
               "br-rn-lajes") == "br-rn-lajes/lc-489-2009#written-impounded-animal-pickup"


def test_a_suspension_is_a_period_of_its_tier():
    # Decreto 4.510/2024 art. 21 § 1 III: 500 UFIB and the activity suspended for 15 days
    assert "III - multa de 500 (quinhentas) UFIB’s; suspensão da atividade por 15 (quinze) dias" in BERTIOGA
    found = resolve("Um instrutor de surf da minha escola em Bertioga foi grosseiro com um banhista. Além da multa, "
                    "a escola pode ficar suspensa? Por quanto tempo?", "br-sp-bertioga")
    assert found is not None and found.record.id.endswith("#penalty-grade_iii-suspension")
    assert (found.record.value, found.record.unit) == ("15", "days") and "500 UFIB" in found.record.words("pt-BR")
    assert "15 días" in found.record.words("es") and "500 UFIB" in found.record.words("es")
    # "qual é a pena?" asks the fine
    assert asked_kinds("se a fiscalizacao autuar por falta de urbanidade qual e a pena?")[:1] == ["fine"]
    assert "fine" not in asked_kinds("vale a pena abrir no domingo?")  # (opening on a Sunday is an hours question)


def test_a_defence_decided_against_the_citizen_asks_for_the_appeal():
    # LC 489/2009 art. 408: the appeal to the JARP within 05 (cinco) dias; LC 57/2018 art. 260: 5 days to the
    # Mayor. Once the defence was turned down, "appeal" is the next step, not the defence or its ruling.
    assert "no prazo de 05 (cinco) dias" in LAJES
    assert _id("The finance secretary in Lajes turned down my defence against a fine. Can I still appeal, and how long do I have?",
               "br-rn-lajes") == "br-rn-lajes/lc-489-2009#period-appeal"
    assert _id("E se o secretário negar minha defesa, dá pra recorrer? Em quantos dias?",
               "br-sp-igarapava") == "br-sp-igarapava/lc-57-2018#period-appeal"
    # (said after the question about the defence, as a follow-up is read with it)
    assert _id("What's the deadline to file a defence against a fine in Lajes? and if my defence is rejected, can I "
               "appeal? how long do I have?", "br-rn-lajes") == "br-rn-lajes/lc-489-2009#period-appeal"


# The fifth session's classes, each with the figure the record states and the seed text that states it.


@pytest.mark.parametrize("question,jurisdiction,activity,record,value,seed,text", [
    # LC 57/2018 art. 239 § 3: seized goods are donated or auctioned unless claimed within 72 hours (the story's
    # "fiscalização" is not the question; the perishables' 24 hours would need "perecível")
    ("A fiscalização de Igarapava apreendeu as caixas de som e o isopor do meu carrinho. Qual o prazo pra eu retirar "
     "antes de doarem ou venderem?", "br-sp-igarapava", "itinerant_vendor_vehicle",
     "br-sp-igarapava/lc-57-2018#period-seized_goods", "72", "retirado dentro de 72 (setenta e duas) horas", IGARAPAVA),
    # LC 489/2009 art. 389: seized perishables are collected within 4 hours — at a market stall too (enforcement
    # deadlines belong to every activity of the norm: `procedure: true`)
    ("A fiscalização de Lajes levou os peixes que eu vendia na feira. Em quanto tempo tenho que buscar antes de doarem?",
     "br-rn-lajes", "event_stall", "br-rn-lajes/lc-489-2009#period-seized_perishables", "4", "no prazo de 4horas", LAJES),
    # LC 489/2009 art. 384: the fine is paid within 10 days of the notice
    ("Recebi uma multa da prefeitura de Lajes por causa da calçada da minha loja. Tenho quantos dias pra pagar?",
     "br-rn-lajes", None, "br-rn-lajes/lc-489-2009#period-pay_fine", "10", "paga no prazo máximo de 10 (dez) dias", LAJES),
    # LC 57/2018 art. 260: the appeal to the Mayor within 5 days — once the defence was turned down
    ("E se o secretário negar minha defesa, dá pra recorrer? Em quantos dias?", "br-sp-igarapava", None,
     "br-sp-igarapava/lc-57-2018#period-appeal", "5", "interposto no prazo de 05 (cinco) dias", IGARAPAVA),
    # LC 489/2009 art. 119 § único: a show's licence is asked 7 working days ahead (not the stage permit's 20)
    ("Estou organizando um show na praça de Lajes no mês que vem. Com quantos dias de antecedência tenho que pedir o alvará?",
     "br-rn-lajes", None, "br-rn-lajes/lc-489-2009#period-event_lead_time", "7", "será de 07 (sete) dias úteis antes do evento",
     LAJES),
    # Decreto 4.510/2024 art. 13: with bathers on the point, the activity sets up within a 20 m radius
    ("Cheguei no meu ponto licenciado na Praia da Enseada em Bertioga e ele está cheio de banhistas. O que eu faço, posso "
     "montar mesmo assim? A que distância?", "br-sp-bertioga", None, "br-sp-bertioga/decreto-4510-2024#distance-point_radius",
     "20", "as atividades deverão ser instaladas em um raio de 20m", BERTIOGA),
    # Decreto 4.510/2024 art. 5 III: the two tents stand 1,50 m apart (not the 500 m between surf schools)
    ("For a board rental in Bertioga, how far apart do my two tents on the sand have to be?", "br-sp-bertioga", "sup",
     "br-sp-bertioga/decreto-4510-2024#written-tent-spacing", "1.50", "tendo como distância 1,50m", BERTIOGA),
])
def test_the_fifth_sessions_classes_land_on_their_seed_checked_record(question, jurisdiction, activity, record, value, seed, text):
    assert seed in text
    found = resolve(question, jurisdiction, activity=activity)
    assert found is not None and found.record.id == record and found.record.value == value


def test_the_jet_ski_rental_without_a_licence_states_its_conditions():
    # RAMT art. 21.º 5: under 60 kW, a marked and supervised circuit, a dedicated support boat, at most one hour
    from datetime import date

    from knowledge.facts.projection import facts_of

    assert "motas de água com menos de 60 kw" in RAMT and "por períodos não superiores a uma hora" in RAMT
    [record] = [r for r in facts_of("pt", date.today()) if r.id.endswith("#period-jet_ski_unlicensed_rental")]
    assert record.value == "1" and record.unit == "hours"
    for lang in ("pt-BR", "pt-PT", "en", "es"):
        assert "60 kW" in record.text[lang] and ("1 hora" in record.text[lang] or "1 hour" in record.text[lang])


# The sixth session's classes.
def test_a_message_is_split_into_the_questions_it_asks():
    from knowledge.facts.resolve import asking_parts
    parts = asking_parts("Tenho um bar em Igarapava e consegui autorização pra colocar mesas na calçada. Essa autorização "
                         "vale por quanto tempo? Quem expede?")
    # a short question after a question is its own ("Quem expede?"); the story and the questions before a
    # question are its story, a question after it is not
    assert [p.piece for p in parts] == ["essa autorizacao vale por quanto tempo?", "quem expede?"]
    assert parts[0].restated.endswith("vale por quanto tempo?") and "expede" not in parts[0].restated
    assert parts[1].restated.startswith("tenho um bar") and parts[1].restated.endswith("quem expede?")
    # within a sentence, "e"/"and"/"y" before a question word
    assert [p.piece for p in asking_parts("Qual a altura máxima das bandeiras, e a que distância fica uma tenda da outra?")] == [
        "qual a altura maxima das bandeiras", "a que distancia fica uma tenda da outra?"]
    assert asking_parts("Qual o prazo para apresentar defesa em Bertioga?") == ()


def test_a_rare_word_of_the_question_sentence_outweighs_the_story_s():
    # LC 57/2018 art. 257: 15 dias úteis for the defence; the story's "recebi" is not the appeal's "recebimento"
    assert "O infrator tera o prazo de 15 (quinze) dias Uteis" in " ".join(IGARAPAVA.split())
    assert _id("Recebi um auto de infração em Igarapava. Quantos dias tenho pra apresentar a defesa?",
               "br-sp-igarapava") == "br-sp-igarapava/lc-57-2018#period-defence"


def test_the_activity_s_one_record_of_the_kind_asked_is_its_answer():
    # LC 489/2009 art. 64 § 2: a festival licence runs from 5 days before the festivities to 5 days after
    assert "validade superior ao período compreendido entre 05 (cinco) dias antes do início e 05 (cinco) dias após" in LAJES
    assert _id("I want to sell food at a traditional town festival in Lajes, only for the festival days. How long can my "
               "licence be valid?", "br-rn-lajes", "event_stall") == "br-rn-lajes/lc-489-2009#period-festival_licence_validity"


@pytest.mark.parametrize("question", [
    "If a beach vendor in Pontal do Paraná gets fined twice in the same year, what happens to their licence?",
    "How many fines can I get before they cancel my beach vendor authorization in Pontal do Paraná?",
    "Já levei uma multa este ano em Pontal. Se eu for multado duas vezes perco a autorização?",
])
def test_an_offence_is_found_by_the_phrases_citizens_name_it_with(question):
    # Lei 1.902/2018 art. 43 I: the permit "será cassado: I - Após aplicada a penalidade de multa por 2 (duas) vezes,
    # durante o período de 1 (um) ano" — an offence whose own words ("multas") are the fine question's cue
    pontal = " ".join((NORMS / "003_f62ddfeb97083b18.txt").read_text(encoding="utf-8").split())
    assert "Após aplicada a penalidade de multa por 2 (duas) vezes, durante o período de 1 (um) ano" in pontal
    assert _id(question, "br-pr-pontal-do-parana") == "br-pr-pontal-do-parana/lei-1902-2018#penalty-cassation-two_fines_in_a_year"


@pytest.mark.parametrize("question,record", [
    # LC 57/2018 art. 109 II: a festival stall stands "no minimo de 3m (trés metros) de qualquer edificagdo e de outra
    # barraca" — asked as the next stall
    ("For the church festival in Igarapava we want to put up a stall. How far from the next stall must it be?",
     "br-sp-igarapava/lc-57-2018#distance-from_buildings_and_stalls_min"),
])
def test_a_distance_is_found_by_the_words_citizens_use_for_it(question, record):
    assert "ter afastamento minimo de 3m (trés metros) de qualquer edificagdo e de outra I barraca" in IGARAPAVA
    assert _id(question, "br-sp-igarapava", "event_stall") == record


def test_the_support_boat_marking_is_found_by_what_is_written_on_the_hull():
    # RAMT art. 19.º-A: the support boat carries the main boat's name followed by "APOIO", in letters of at least 6 cm
    portugal = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())
    assert "seguida da palavra «APOIO», de altura não inferior a 6 cm" in portugal
    from knowledge.facts.resolve import retrieve
    found = retrieve("O bote de apoio tem de ter alguma coisa escrita no casco em Portugal?", "pt")
    assert found is not None and found.record.id == "pt/decreto-lei-269-2003#written-support-boat-mark-height"


# ("Can my clothing shop … open on Sundays?" names a trade: the rules' answer, which lists the retail
# Sundays under a collective agreement beside the closed shops, answers it — tests/data/dev/dev_h.yml)
@pytest.mark.parametrize("question", ["Can my shop in Igarapava open on Sundays?",
                                      "minha loja em igarapava pode abrir no domingo?",
                                      "Qual o horário de funcionamento do comércio em Igarapava durante a semana?"])
def test_opening_on_a_day_and_the_opening_hours_are_asked_as_hours(question):
    # Igarapava art. 217: shops open 8:00–18:00 on working days, 8:00–13:00 on Saturdays, closed on Sundays
    assert "nos domingos e feriados os estabelecimentos permanecerao fechados" in IGARAPAVA
    assert asked_kinds(question)[:1] == ["hours"]
    found = resolve(question, "br-sp-igarapava")
    assert found is not None and found.record.id.startswith("br-sp-igarapava/lc-57-2018#hours-commerce"), found


def test_a_business_licence_question_is_no_hours_question():
    assert "hours" not in asked_kinds("Qual a validade do alvará de funcionamento de uma loja em Igarapava?")
    assert asked_kinds("Quero abrir uma loja no fim de semana que vem, que documentos preciso?")[:1] == ["document"]
    assert asked_kinds("¿mi negocio puede abrir los domingos en Igarapava?")[:1] == ["hours"]


def test_which_of_two_offices_to_apply_to_asks_the_office():
    # RAMT art. 8: the local DGAM office licenses operators using only vessels exempt from registration…,
    # otherwise the IPTM
    assert "órgão local da DGAM com jurisdição na área onde pretendem exercer a activid" in RAMT
    question = "I want to start a banana-boat business in the Algarve. Do I apply for the licence to the IPTM or to the DGAM?"
    assert asked_kinds(question)[:1] == ["office"]
    found = resolve(question, "pt", activity="banana_boat")
    assert found is not None and found.record.id == "pt/decreto-lei-269-2003#office-dgam_or_iptm"


@pytest.mark.parametrize("question,first", [
    ("how early do i have to ask for the licence for a stall at a church festa?", "lead_time"),
    ("How soon should we apply for the event permit?", "lead_time"),
    ("how long is the permit good for?", "validity"),
    ("and how long is the food truck licence good for in igarapava?", "validity"),
])
def test_how_early_asks_a_lead_time_and_good_for_a_validity(question, first):
    assert asked_kinds(question)[0] == first


def test_how_long_a_permit_is_good_for_is_its_validity_not_a_deadline():
    # Igarapava LC 57/2018 art. 97: the food truck alvará is valid for 2 years
    found = resolve("im an american living in igarapava and want to start a taco food truck. how long is the permit good "
                    "for?", "br-sp-igarapava", activity="food_truck")
    assert found is not None and found.kind == "validity" and found.record.value == "2"


@pytest.mark.parametrize("question", ["A licença pede-se a quem? Ao IPTM ou à capitania?",
                                      "peço a licença a quem?"])
def test_who_to_ask_with_the_verb_first_asks_the_office(question):
    assert asked_kinds(question)[:1] == ["office"]


def test_stay_open_is_a_shops_hours_not_the_machines_that_stay_noisy():
    # Lajes LC 489/2009 art. 30 II a: shops 8h to 18h on working days ("stay" is English's "ficar": a weak word)
    assert "II - para comércio, serviços e uso institucional: a) abertura às 8horas e fechamento às 18horas" in LAJES
    found = resolve("Hi, I'm Italian and I'm opening a small gelato shop in Lajes RN. What are the normal opening hours "
                    "for shops there, and can I stay open until 10pm on weekdays?", "br-rn-lajes")
    assert found is not None and found.record.id.endswith("#hours-commerce")


@pytest.mark.parametrize("question,activity", [
    # "allowed" names no subject ("trades allowed to work special hours" is not the shops' rule), and "clothing"
    # is a known word, not a typo of "closing"
    ("Hi from Texas! We are opening a small souvenir and clothing shop in Igarapava SP. What are the legal opening "
     "hours on weekdays and Saturdays, and are we allowed to open on Sundays?", None),
    # Spanish read with Portuguese words: "almacén" is a shop, "entre semana" the working days; the shop licence's
    # bonus, which every hours record of it gets, is no lead of one over another
    ("pusimos um loja chiquito em Igarapava. Qual horário temos que cumprir nos dias úteis e os sábados?", "business_licence"),
])
def test_a_shops_opening_hours_told_in_a_story(question, activity):
    # Igarapava LC 57/2018 art. 217 II: 8:00 to 18:00 on working days, 8:00 to 13:00 on Saturdays, closed on Sundays
    assert "a) abertura as 8:00 horas e fechamento as 18:00 horas nos dias uteis" in IGARAPAVA
    found = resolve(question, "br-sp-igarapava", activity=activity)
    assert found is not None and found.record.id.endswith("#hours-commerce")


def test_spanish_shop_words_are_read_as_a_shop():
    from actions.common.spanish import gloss

    read = gloss("Che, pusimos un almacén chiquito en Igarapava. ¿Qué horario tenemos que cumplir entre semana?")
    assert "loja" in read and "dias úteis" in read


def test_a_day_the_shops_hours_do_not_state_is_not_answered_with_them():
    # Lajes art. 30: shops have working-day and Saturday hours; Sundays only by collective agreement (§ 1º) —
    # "can I open on Sundays?" is not answered with the weekday hours alone
    assert "aos domingos e feriados poderá ser permitido o funcionamento das 10horas às 22horas" in LAJES
    assert resolve("opening a small clothes shop in lajes. until what time can i open on saturdays? and can i open on "
                   "sundays at all?", "br-rn-lajes") is None


def test_how_much_time_asks_a_deadline_and_fish_seized_is_the_perishables():
    # Lajes art. 389: perishables seized are collected within 4 hours, then donated to charities
    assert "prazo de 4horas, após o qual serão doados para entidades assistenciais" in LAJES
    question = ("the inspectors in Lajes took all my fish and shrimp from my street stall this morning!! how much time "
                "do i have to get them back before they give them away??")
    assert asked_kinds(question)[:1] == ["deadline"]
    found = resolve(question, "br-rn-lajes")
    assert found is not None and found.record.value == "4" and found.record.unit == "hours"
    assert "charities" in found.record.text["en"] and "entidades assistenciais" in found.record.text["pt-BR"]


def test_and_before_a_yes_or_no_verb_is_a_second_question():
    from knowledge.facts.resolve import asking_parts

    parts = asking_parts("A fiscal in Igarapava wrote me an auto de infração. How many days do I have to present a "
                         "defence, and do I have to pay the fine while they decide?")
    assert [p.piece for p in parts] == ["how many days do i have to present a defence",
                                        "do i have to pay the fine while they decide?"]
    # Igarapava art. 257: 15 working days for the defence
    found = resolve(parts[0].restated, "br-sp-igarapava")
    assert found is not None and found.record.value == "15" and found.record.unit == "working_days"


def test_a_story_about_another_subject_refuses_the_record_the_last_sentence_points_to():
    # "the money back" points to a show ticket's refund (art. 48); the story is the sidewalk tables' fee
    assert retrieve("I paid the sidewalk occupation fee in advance to put tables outside my bar in Igarapava, but I "
                    "gave up on the idea. Will I get the money back?", "br-sp-igarapava") is None


def test_equipment_removed_to_the_depot_comes_back_after_paying():
    # Pontal Lei 1.902/2018 art. 39 § 2º
    assert ("A devolução do equipamento removido, apenas se fará após pagas as quantias devidas e indenizadas" in PONTAL)
    found = retrieve("Yesterday the fiscal in Pontal do Parana took my ice-cream cart to the municipal depot because I "
                     "was parked too long at Ipanema. What do I have to do to get the cart back?", "br-pr-pontal-do-parana")
    assert found is not None and found.record.id.endswith("#written-removed-equipment-return")


@pytest.mark.parametrize("question,first", [
    ("From when to when is the summer permit valid?", "validity"),
    ("Pontal summer permit: from when to when?", "season"),
])
def test_from_when_to_when(question, first):
    assert asked_kinds(question)[0] == first


@pytest.mark.parametrize("question,kinds", [
    ("tenho que pagar a multa enquanto isso?", []),
    ("do I have to pay the fine while they decide?", []),
    ("qual a multa?", ["fine"]),
    ("What is the fine for selling without a licence?", ["fine"]),
    ("how long do I have to pay the fine?", ["deadline"]),
])
def test_paying_the_fine_is_no_fine_amount_asked(question, kinds):
    assert asked_kinds(question)[:1] == kinds


def test_a_licence_not_on_view_asked_in_spanish_is_its_fine():
    # Bertioga Decreto 4.510/2024 art. 21 § 1º I a: "não manter a licença em local visível" (grade I, 100 UFIB). The
    # glossary's "local" of "local visível" is every place's word: a rival holding only it is no rival.
    from actions.common.spanish import gloss

    assert "não manter a licença em local visível" in BERTIOGA
    read = gloss("hola me multaron en bertioga xq no tenia la licensia colgada a la vista, cuanto es esa multa??")
    assert "tinha" in read and "pendurada" in read
    found = resolve(read, "br-sp-bertioga")
    assert found is not None and found.record.id.endswith("#penalty-grade_i-licence_not_visible")


@pytest.mark.parametrize("spanish,portuguese", [
    # a word written alike in both languages is kept, not slipped into its neighbour ("ponemos")
    ("¿nos podemos instalar ahí?", "podemos"),
    # a range asked is one question, not two
    ("¿Entre cuánto y cuánto puede salir la multa?", "de quanto a quanto pode ser a multa"),
])
def test_spanish_words_read_right(spanish, portuguese):
    from actions.common.spanish import gloss

    assert portuguese in gloss(spanish).lower()


@pytest.mark.parametrize("question,tier", [
    ("de quanto é uma multa grave no Código de Posturas de Lajes?", "serious"),
    ("What is the fine for a serious offence in Lajes?", "serious"),
    ("Qual a multa por infração muito grave em Lajes?", "very_serious"),
])
def test_of_two_tiers_tied_on_the_question_s_words_the_narrower_answers(question, tier):
    # LC 489/2009 art. 381: "grave" 11 to 30 UR, "gravíssima" 31 to 100 UR — "grave" is not "gravíssima"
    assert "II – grave, punida com 11 (onze) a 30 (trinta) vezes a URs" in LAJES
    assert _id(question, "br-rn-lajes") == f"br-rn-lajes/lc-489-2009#penalty-{tier}"


def test_a_clock_time_at_night_names_the_night():
    # LC 489/2009 art. 88 III: 60 dB(A) at night (the evening period, 19h to 22h, is 70)
    assert "III - noturno: 60 dB (A)" in LAJES
    question = "tenho um barzinho com som ao vivo em lajes, os vizinho reclamaram. qual o limite de decibeis depois das 22h?"
    assert _id(question, "br-rn-lajes") == "br-rn-lajes/lc-489-2009#written-noise-limit-night"


def test_an_amount_asked_where_no_offence_has_its_own_fine_is_the_law_s_range():
    # Lei 1.902/2018 art. 38: every fine between R$ 300,00 and R$ 12.000,00, plus 30% per aggravating factor
    assert "A multa será fixada entre os valores de R$ 300,00 (trezentos reais) a R$ 12.000,00" in PONTAL
    question = ("em Pontal do Paraná o fiscal me fez um auto por vender fora do setor da minha licença. De quanto a quanto "
                "pode ser a multa?")
    assert _id(question, "br-pr-pontal-do-parana") == "br-pr-pontal-do-parana/lei-1902-2018#penalty-fine"


@pytest.mark.parametrize("question", [
    "My brother in law runs a surf school in Indaiá. I want to open my own surf school nearby. How far from it do I have to be?",
    "Já há outra escola funcionando na Praia da Enseada. A que distância mínima dela nos podemos instalar?",
])
def test_a_pronoun_points_back_to_the_story_s_subject(question):
    # Decreto 4.510/2024 art. 19: a surf point keeps at least 500 m from another school (not the point's 20 m radius)
    assert "distância mínima de 500m (quinhentos metros) em relação à outra escola" in BERTIOGA
    assert _id(question, "br-sp-bertioga", "surf_school") == "br-sp-bertioga/decreto-4510-2024#distance-between_surf_points_min"


def test_the_seized_goods_record_says_what_releasing_them_costs():
    # Decreto 4.510/2024 art. 24 § 2º: released on paying the removal and storage costs; § 3º: after the 30 days, to
    # the Social Solidarity Fund
    assert "A liberação estará sujeita ao pagamento das despesas com remoção e estadias" in BERTIOGA
    found = resolve("A fiscalização apreendeu minhas pranchas em Bertioga. Até quando posso retirar e o que tenho que pagar?",
                    "br-sp-bertioga")
    assert found is not None and found.record.id.endswith("#period-guarda_apreendidos")
    assert "remoção e estadias" in found.record.text["pt-BR"] and found.record.value == "30"
    assert any(c.endswith("/art-24/par-2") for c in found.record.cite)


@pytest.mark.parametrize("question,jurisdiction,activity,record,seed", [
    # Decreto 4.510/2024 art. 21 § 1º III c): not operating for 30 days is the 500 UFIB tier, told as a stop
    ("Tenho licença pra escola de surf em Bertioga, mas fiquei mais de um mês sem dar aula. Qual seria a pena por ter parado?",
     "br-sp-bertioga", "surf_school", "br-sp-bertioga/decreto-4510-2024#penalty-grade_iii-inactive_30_days",
     "não exercer atividade durante 30 (trinta) dias"),
    # Lei 1.902/2018 art. 43 I: cassation after a fine applied 2 times within 1 year, heard as "another fine"
    ("fui multado em pontal por vender fora do setor. e se eu levar outra multa esse ano, perco a licença?",
     "br-pr-pontal-do-parana", None, "br-pr-pontal-do-parana/lei-1902-2018#penalty-cassation-two_fines_in_a_year",
     "multa por 2 (duas) vezes, durante o período de 1 (um) ano"),
    # LC 57/2018 art. 102: a food truck keeps 100 m from the doors of food shops — a supermarket's too
    ("got my food truck permit in igarapava. how close can i park to the supermarket entrance?",
     "br-sp-igarapava", "food_truck", "br-sp-igarapava/lc-57-2018#distance-from_food_retail_entrance_min",
     "100 m. (cem metros) de entradas e saidas de"),
])
def test_the_citizen_s_words_for_a_rule_reach_it(question, jurisdiction, activity, record, seed):
    assert seed in {"br-sp-bertioga": BERTIOGA, "br-pr-pontal-do-parana": PONTAL, "br-sp-igarapava": IGARAPAVA}[jurisdiction]
    assert _id(question, jurisdiction, activity) == record


def test_a_month_is_the_law_s_thirty_days():
    # Decreto 4.510/2024 art. 21 III c): not operating for 30 days — 500 UFIB and 15 days' suspension
    assert "c) não exercer atividade durante 30 (trinta) dias." in BERTIOGA
    for question in ("What happens if I don't operate for a month, is there a fine or something?",
                     "Se eu ficar um mês sem trabalhar, qual a multa?"):
        assert _id(question, "br-sp-bertioga") == "br-sp-bertioga/decreto-4510-2024#penalty-grade_iii-inactive_30_days"


def test_a_diminutive_is_read_as_the_law_s_word():
    # LC 57/2018 art. 55: the sidewalk tables' authorisation lasts at most 3 years — "mesinhas" are the law's "mesas"
    assert "03 (trés) anos" in IGARAPAVA
    question = ("Tenho um bar no centro de Igarapava e quero colocar umas mesinhas na calçada. Quanto de calçada precisa "
                "ficar livre pro pedestre. E essa autorização vale por quanto tempo?")
    assert resolve(question, "br-sp-igarapava", kinds=["validity"]).record.id == "br-sp-igarapava/lc-57-2018#period-sidewalk_validity"
    from knowledge.facts.resolve import chat_read
    assert " mesas " in chat_read("umas mesinhas") and " carrinho " in chat_read("meu carrinho")
    assert " farinha " in chat_read("farinha") and " sozinho " in chat_read("sozinho")


def test_a_lone_written_fine_sharing_no_word_is_another_offence_s():
    # LC 57/2018: the stage's fine (art. 92-94) is the only written fine saying "without a permit"; selling socks on the
    # sidewalk without one is not that offence — no record, the rules' table answers
    assert _id("em Igarapava me pegaram vendendo meias na calçada sem autorização da Prefeitura. Qual é a multa?",
               "br-sp-igarapava") is None
    # ... while a rules offence named by the concept itself is (Decreto 4.510/2024 art. 21 II: 250 UFIB)
    assert "implantar atividade sem autorização" in BERTIOGA.lower()
    assert _id("qual a mutla pra quem coloca aluguel de caiaque na praia de Boraceia sem autorizaçao da prefeitura de Bertioga?",
               "br-sp-bertioga") == "br-sp-bertioga/decreto-4510-2024#penalty-grade_ii-no_authorisation"


def test_the_record_whose_phrase_the_question_sentence_says_beats_the_story_s_words():
    # Lei 1.902/2018 art. 43 I: cassation after a fine applied 2 times within 1 year — the story's "outside my sector"
    # is no question of "trading outside the hours"
    assert "I - Após aplicada a penalidade de multa por 2 (duas) vezes, durante o período de 1 (um) ano;" in PONTAL
    question = ("I got a fine last March for selling outside my sector on the sand in Pontal do Paraná, and now in January "
                "they fined me again for not wearing the vest. Can they take my licence away now? How many fines until "
                "they cancel it?")
    assert _id(question, "br-pr-pontal-do-parana") == "br-pr-pontal-do-parana/lei-1902-2018#penalty-cassation-two_fines_in_a_year"
    # ... not when the best holds a word of that sentence the pointed record lacks (auctioned: the 30 days, art. 388)
    assert _id("The Lajes inspectors seized the sunglasses I was selling downtown. How long do I have to get them back "
               "before they're auctioned?", "br-rn-lajes") == "br-rn-lajes/lc-489-2009#period-seized_goods"


def test_a_food_named_after_an_animal_is_no_animal():
    # LC 489/2009: the appeal to the JARP, 5 days, without suspensive effect — a hot-dog cart is no impounded dog
    assert "Junta Administrativa de Recursos de Posturas - JARP, sem efeito suspensivo, no prazo de 05 (cinco) dias." in LAJES
    question = ("The Secretaria de Finanças in Lajes just rejected my defence against a fine for my hot-dog cart. Can I "
                "still appeal? To whom, how many days do I have, and does the appeal hold the fine while it's decided?")
    assert resolve(question, "br-rn-lajes", kinds=["deadline"]).record.id == "br-rn-lajes/lc-489-2009#period-appeal"


def test_a_notice_asked_after_a_fine_told_is_the_notice_s_record():
    # Decreto 4.510/2024 art. 23: notified in person or through an employee, else through the official press
    assert "pessoal poderá a autoridade dar ciência pela imprensa oficial do Município." in BERTIOGA
    from knowledge.facts.resolve import kinds_only_told
    question = ("My neighbour says the city might fine the business while I'm away and nobody will be there to receive "
                "the paper. If they can't hand me the notice in person, how am I officially notified?")
    assert kinds_only_told(question) and not kinds_only_told("Fui multado em Bertioga. Qual o prazo da defesa?")
    assert retrieve(question, "br-sp-bertioga").record.id == "br-sp-bertioga/decreto-4510-2024#written-notice-received-by-employee"


def test_where_a_fine_s_money_goes_is_who_administers_it():
    # RAMT art. 40: coimas go 10% to who wrote the report, 30% to who ran the proceedings, 60% to the State
    assert "em 30% para a entidade que proceder à instrução e aplicação da coima e em 60% para o Estado" in RAMT
    for question in ("E o dinheiro da coima vai para onde, vai tudo para o Estado?", "where does the fine money go?"):
        assert asked_kinds(question)[0] == "enforcement"
        assert _id(question, "pt") == "pt/decreto-lei-269-2003#written-coima-proceeds"


def test_fairs_from_other_towns_ask_the_tax_office():
    # LC 489/2009 art. 26: fairs from other towns ask the City Hall's authorisation; the Tax and Registry Office decides
    assert "As feiras livres e sazonais de qualquer natureza, de outros municípios" in " ".join(LAJES.split())
    question = ("Somos um grupo de feirantes de Natal e queremos levar uma feira itinerante de roupa a Lajes. "
                "Que órgão analisa e decide o pedido?")
    assert _id(question, "br-rn-lajes") == "br-rn-lajes/lc-489-2009#written-outside-fair-office"


def test_within_what_time_is_a_deadline_not_an_hour():
    assert asked_kinds("and can i ask for reconsideration and within what time")[:1] == ["deadline"]
    assert asked_kinds("what time do the shops open?")[:1] == ["hours"]


def test_the_citizen_s_words_for_seizing_and_cancelling_reach_their_records():
    # Decreto 4.510/2024 art. 24: seized goods kept 30 days; LC 57/2018 art. 233 § 1º: a fine may be cancelled on request
    # once the breach is put right within 1 year
    assert "disposição dos interessados pelo prazo de 30 (trinta) dias" in BERTIOGA
    assert "podera efetuar o cancelamento de multas, mediante requerimento" in IGARAPAVA
    assert _id("Hey, the fiscal took our two tents and six boards in Bertioga because we were set up outside our spot. How "
               "long will the city keep our stuff?", "br-sp-bertioga") == "br-sp-bertioga/decreto-4510-2024#period-guarda_apreendidos"
    assert _id("I got an auto de infracao in Igarapava because the awning of my stall was blocking the sidewalk. if i fix "
               "it can they cancel the fine? how long do i have", "br-sp-igarapava") == "br-sp-igarapava/lc-57-2018#period-fine_cancellation"


def test_a_trade_s_own_name_counts_in_its_hours_record():
    # Lei 1.902/2018 art. 13 V d): amusement parks, circuses, rodeos and shows from 10:00 to 03:00 — "bumper cars" in the
    # story is no question of the advertising cars' 10h–18h (e)
    assert "somente poderá ser realizado das 10:00 às 03:00 horas" in PONTAL
    question = ("My family runs a travelling amusement park (bumper cars, trampolines, a small ferris wheel) and we're "
                "booking a spot for the summer season in Pontal do Paraná. What hours are we allowed to operate?")
    assert _id(question, "br-pr-pontal-do-parana") == "br-pr-pontal-do-parana/lei-1902-2018#hours-amusement"


@pytest.mark.parametrize("question", [
    "how much does it cost to add another boat to my licence?",
    "quanto pago para averbar uma nova embarcação na licença?",
])
def test_a_fee_is_found_by_the_citizen_s_words_for_what_it_pays_for(question):
    # RAMT Anexo II n.º 2: "Averbamento - (euro) 60"; art. 6.º n.º 2: changes (new vessels) are endorsed
    # ("averbadas") on the licence — the citizen says "add a boat", not "averbamento"
    assert "Averbamento - (euro) 60" in RAMT and "averbamentos de novas embarcações" in RAMT
    found = retrieve(question, "pt")
    assert found is not None and found.record.id.endswith("#fee-averbamento") and found.record.value == "60"


@pytest.mark.parametrize("question", [
    "What's the fine in Portugal for taking tourists out on dolphin-watching trips without being licensed as a "
    "maritime-tourist operator?",
    "What's the fine for taking tourists out on trips while not licensed?",
])
def test_not_being_licensed_is_the_unlicensed_fine_however_it_is_said(question):
    # RAMT art. 29: "coima de montante mínimo de (euro) 500 e máximo de (euro) 3740 a quem exerça a actividade
    # marítimo-turística sem que para tal se encontre devidamente licenciado" — not art. 31's 250–1500 € for not
    # informing the licensing bodies, which says "licensing" too
    assert "máximo de (euro) 3740 a quem exerça a actividade marítimo-turística sem que para tal se encontre devidamente licenciado" in RAMT
    assert _id(question, "pt") == "pt/decreto-lei-269-2003#penalty-unlicensed"


@pytest.mark.parametrize("question", [
    "ja levei uma multa esse ano em pontal por vender fora do meu setor, se eu levar otra eu perco a licensa?",
    "if I get another fine, do I lose my licence?",
])
def test_losing_the_licence_after_another_fine_is_the_two_fines_cassation(question):
    # Lei 1.902/2018 art. 43 I: the permit is revoked after the fine was applied twice within one year; "perco" (I
    # lose) is no typo of "perto" (near), and "otra" is a chat's "outra"
    assert "I - Após aplicada a penalidade de multa por 2 (duas) vezes, durante o período de 1 (um) ano" in PONTAL
    assert _id(question, "br-pr-pontal-do-parana") == "br-pr-pontal-do-parana/lei-1902-2018#penalty-cassation-two_fines_in_a_year"


def test_a_hot_dog_trailer_s_size_is_the_trailer_s_not_the_street_trade_s_banned_goods():
    # LC 489/2009 art. 51 § 3º: "A área do Trailer não poderá exceder a 15m²" — a "cachorro-quente" (the Spanish
    # "pancho" glossed) is no animal, and the street it stands in names no rule of street trading
    assert "A área do Trailer não poderá exceder a 15m²" in LAJES
    found = resolve("Boa, quero montar um trailer de cachorros-quentes em uma rua de Lajes. Qual o tamanho máximo?",
                    "br-rn-lajes", activity="food_truck")
    assert found is not None and found.record.id.endswith("written-trailer-max-area") and found.record.value == "15"


@pytest.mark.parametrize("question", ["what share of the fine goes to the State?",
                                      "que porcentagem do dinheiro da coima fica para o Estado?"])
def test_the_share_of_a_fine_is_where_its_money_goes(question):
    # RAMT art. 40: the coimas go "em 10% para a entidade que levantar o auto de notícia, em 30% para a entidade que
    # proceder à instrução e aplicação da coima e em 60% para o Estado"
    assert "em 60% para o Estado" in RAMT
    assert _id(question, "pt") == "pt/decreto-lei-269-2003#written-coima-proceeds"


def test_a_distance_s_bound_is_no_word_of_what_it_is_from():
    # LC 489/2009 art. 56 IV: a fixed-point stall stands 5 m from the corner — "a que distância mínima da esquina?" is
    # the corner's, not the pedestrian mall's free width, which also says "mínima"
    assert "IV - distar, no mínimo 5 (cinco) metros na interseção dos alinhamentos prediais, nas esquinas" in LAJES
    found = resolve("vou instalar um carrinho de cachorro-quente de ponto fixo em uma calçada de lajes. e a que distância "
                    "minima da esquina me tenho que colocar?", "br-rn-lajes", activity="food_truck")
    assert found is not None and found.record.id.endswith("#distance-from_corner_min") and found.record.value == "5"


@pytest.mark.parametrize("question", [
    "Boa tarde, tenho uma barraca de comida em Pontal do Paraná. Segundo a lei 1902, entre que valores se fixa uma multa?",
    "Quais são os valores mínimo e máximo da multa em Pontal?",
])
def test_according_to_the_law_is_no_second_fine_and_a_range_asked_is_the_law_s_range(question):
    # Lei 1.902/2018 art. 38: fines from R$ 300,00 to R$ 12.000,00 — "segundo a lei" (according to) is not "a segunda multa"
    # (art. 43 I, the cassation after 2 fines), and "entre que valores" asks the range
    assert "R$ 300,00 (trezentos reais)" in PONTAL
    assert _id(question, "br-pr-pontal-do-parana") == "br-pr-pontal-do-parana/lei-1902-2018#penalty-fine"


@pytest.mark.parametrize("seed,snippet,question,jurisdiction,expected", [
    # LC 489/2009 art. 388 § 2º: seized goods are collected within 30 days — a close runner-up holding more of the
    # citizen's own words beats the impounded animal's 7 days (art. 109), which shares only "collect"
    (LAJES, "dentro do prazo máximo de 30 (trinta) dias, retirar o material, produto ou mercadoria apreendidos",
     "Hi, I'm Venezuelan and I sell phone cases and chargers from a cart in the centre of Lajes. Yesterday the fiscais took "
     "all my merchandise because my licence had run out in January and I didn't know I had to renew it. I've now started "
     "the renewal. How long do I have to collect my goods from the municipal depot?",
     "br-rn-lajes", "br-rn-lajes/lc-489-2009#period-seized_goods"),
    # ... and "levou ao depósito municipal" (art. 388: "removidos ao Depósito Municipal") is no circus security deposit
    # ("depósito-caução", art. 141, refunded in 10 days)
    (LAJES, "removidos ao Depósito Municipal",
     "A fiscalização tirou toda a minha mercadoria e levou ao depósito municipal. Quantos dias tenho para ir retirá-la antes "
     "que a leiloem?", "br-rn-lajes", "br-rn-lajes/lc-489-2009#period-seized_goods"),
    # RAMT art. 35: 250 € to 1500 € for "embarcações não devidamente sinalizadas" — "não estava sinalizada" is that offence,
    # not steering "sem estar habilitado" (a form of to be tells no offence apart); nor is the citizen's "pessoa física,
    # não tenho empresa" the unlicensed operator's (the company's double is every coima's figure, not a text's words)
    (RAMT, "embarcações não devidamente sinalizadas",
     "Nos lavraram um auto em Lagos porque a lancha não estava bem sinalizada. Trabalho sozinho, como pessoa física, não "
     "tenho empresa. Quanto me podem cobrar de multa?", "pt", "pt/decreto-lei-269-2003#penalty-unmarked_vessels"),
    # LC 57/2018 art. 137: an animal taken to the depot, "tendo o responsavel o prazo maximo de 07 (sete) dias para
    # resgata-lo" — not the perishable goods' deadline the glossary's "retirar" leads to
    (IGARAPAVA, "prazo maximo de 07 (sete) dias para resgata-lo",
     "Meu cavalo fugiu e foi recolhido pela prefeitura de Igarapava. Quantos dias eu tenho pra buscar ele?",
     "br-sp-igarapava", "br-sp-igarapava/lc-57-2018#written-impounded-animal-pickup"),
    # Decreto 4.510/2024 art. 5 III: the 2 tents stand "tendo como distância 1,50m … da outra" — "our 2 tents, how far
    # apart?" is that gap, not the flags for the customers the story mentions after it
    (BERTIOGA, "tendo como distância 1,50m",
     "hey, setting up our 2 tents for kayak rentals in bertioga tmrw, how far apart do they gotta be?? one for custmers and "
     "one for the boards. thx", "br-sp-bertioga", "br-sp-bertioga/decreto-4510-2024#written-tent-spacing"),
])
def test_a_question_lands_on_the_record_the_citizen_s_own_words_name(seed, snippet, question, jurisdiction, expected):
    assert snippet in seed
    assert _id(question, jurisdiction) == expected
