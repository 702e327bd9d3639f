"""Which law rules it and since when, and who enforces it: one record per norm, said in the first sentence
with its article, checked against the seed text (the answer-truth issue's "law" questions)."""

from pathlib import Path

import pytest

from actions.qa.answer import ActionAnswer
from knowledge.facts.resolve import asked_kinds

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
BERTIOGA = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
LAJES = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())


def _slots(jurisdiction: str, language: str) -> dict:
    return {"municipality": jurisdiction, "jurisdiction": jurisdiction, "language": language}


def test_which_law_and_since_when_is_the_decree_its_date_and_its_entry_into_force(run):
    # Bertioga: Decreto n. 4.510, de 25 de julho de 2024; art. 26 in force on publication
    assert "DECRETO N. 4.510, DE 25 DE JULHO DE 2024" in BERTIOGA
    assert "Art. 26. Este Decreto entrará em vigor na data de sua publicação" in BERTIOGA
    first = run(ActionAnswer(), "qual lei regulamenta as escolinhas de surf na praia em Bertioga? ta valendo desde quando?",
                "ask_law", [], _slots("br-sp-bertioga", "pt-BR")).text.split("\n")[0]
    assert "Decreto nº 4.510, de 25 de julho de 2024" in first and "desde a data de sua publicação" in first
    assert "art. 26" in first


def test_a_code_that_came_into_force_later_says_how_long_after(run):
    # Lajes LC 489/2009 art. 420: in force 60 days after its official publication
    assert "Esta Lei entra em vigor decorridos 60 (sessenta) dias da data de sua publicação oficial" in LAJES
    first = run(ActionAnswer(), "What law is the Lajes code of conduct and when did it come into force?", "ask_law", [],
                _slots("br-rn-lajes", "en")).text.split("\n")[0]
    assert "Lei Complementar nº 489 of 8 September 2009" in first and "60 days" in first and "art. 420" in first


def test_who_enforces_it_is_said_with_its_article_and_a_second_question_is_answered_too(run):
    # Bertioga art. 2: the municipal departments' inspection teams, with the Guarda Civil Municipal's support
    assert "podendo solicitar apoio à Diretoria de Operações Ambientais, Guarda Civil Municipal" in BERTIOGA
    text = run(ActionAnswer(), "quem fiscaliza o aluguel de prancha na praia em bertioga? a guarda municipal tambem pode vir?",
               "ask_law", [], _slots("br-sp-bertioga", "pt-BR")).text
    assert "Guarda Civil Municipal" in text.split("\n")[0] and "art. 2" in text.split("\n")[0]


def test_a_spanish_question_gets_the_norm_in_spanish(run):
    text = run(ActionAnswer(), "¿Qué ley regula a los vendedores ambulantes en Igarapava? ¿Desde cuándo está en vigor?",
               "ask_law", [], _slots("br-sp-igarapava", "es")).text
    assert text.startswith("En Igarapava (SP), la norma es la Lei Complementar nº 057, del 7 de agosto de 2018")
    assert "art. 266" in text


@pytest.mark.parametrize("question,kind", [
    ("qual e a lei que trata do comercio ambulante em Pontal?", "law"),
    ("Which law covers boat tours in Portugal?", "law"),
    ("desde quando vale esse decreto?", "law"),
    ("quem fiscaliza os ambulantes?", "enforcement"),
    ("Quem é que instrui o processo e aplica a coima?", "enforcement"),
    ("who enforces the rules on the beach?", "enforcement"),
])
def test_which_law_and_who_enforces_are_kinds_of_fact_asked(question, kind):
    assert asked_kinds(question)[:1] == [kind]


@pytest.mark.parametrize("question", [
    "o que diz a lei sobre aluguel de caiaque em bertioga?",  # what it says: the rules' answer
    "What does the law say about selling on the beach?",
    "qual a multa por vender sem licença?",
])
def test_what_the_law_says_is_not_which_law(question):
    assert "law" not in asked_kinds(question)


def test_which_law_and_who_enforces_in_one_message_are_both_answered(run):
    # RAMT art. 1 (what it rules) and art. 27 (IPTM, local DGAM offices, river and lake bodies inspect);
    # "quem é que fiscaliza" written without its accent is one question, not "quem" and "que fiscaliza"
    text = run(ActionAnswer(), "qual e a lei que regula os passeios turisticos de barco em portugal? e quem e que fiscaliza?",
               "ask_law", [], _slots("pt", "pt-PT")).text
    first, second = text.split("\n")[:2]
    assert "RAMT" in first and "ramt/art-1" in first
    assert "IPTM" in second and "DGAM" in second and "ramt/art-27" in second


def test_who_imposes_the_coima_is_the_other_portuguese_record(run):
    # RAMT art. 39: the bodies of art. 27 instruct the proceedings and impose the coimas
    first = run(ActionAnswer(), "Quem é que instrui o processo e aplica a coima?", "ask_fine", [],
                _slots("pt", "pt-PT")).text.split("\n")[0]
    assert "aplicam as coimas" in first and "ramt/art-39" in first


@pytest.mark.parametrize("question", [
    "Which authority handles the offence and imposes the fine for operating without a licence?",
    "who handles the offence proceedings?",  # no kind cue: found by its own words
])
def test_an_authority_asked_about_a_fine_is_the_one_that_imposes_coimas(question):
    # RAMT art. 39 (the coima-authority record), asked as an office or with no cue at all
    from knowledge.facts import resolve, retrieve

    found = resolve(question, "pt") or retrieve(question, "pt")
    assert found is not None and found.record.id.endswith("#written-coima-authority")


def test_who_issues_the_permit_is_still_the_issuing_office_where_the_law_names_one():
    # Bertioga art. 3: the licences are issued by the Secretaria de Turismo e Cultura; the record of who
    # enforces (art. 2) is no rival for "quem emite"
    from knowledge.facts import resolve

    found = resolve("Qual secretaria emite a licença de surf?", "br-sp-bertioga")
    assert found is not None and "#office-" in found.record.id


def test_a_paid_show_is_for_a_company_only(run):
    # Lajes LC 489/2009 art. 138: the licence for shows and events "dar-se-á exclusivamente à pessoa jurídica",
    # "sendo proibida a sua exploração por pessoa física"
    text = run(ActionAnswer(), "me and a friend want to organise a paid concert in a closed venue in lajes. can we do it as "
               "private persons or do we need a company for the licence?", "ask_permission", [],
               _slots("br-rn-lajes", "en")).text
    assert "may only be requested by a company (legal person)" in text.split("\n")[0] and "art. 138" in text


def test_who_gives_the_street_trading_permit_is_the_issuing_office_not_the_markets_inspector(run):
    # Igarapava LC 57/2018 art. 28: the Departamento de Tributação e Arrecadação authorises trade in public
    # areas; the Departamento de Desenvolvimento only inspects the street markets (art. 26)
    text = run(ActionAnswer(), "Quem me dá a autorização para vender pastel na rua em Igarapava?", "ask_permission",
               [{"entity": "activity", "value": "itinerant_vendor"}], _slots("br-sp-igarapava", "pt-BR")).text
    assert "Tributação e Arrecadação" in text.split("\n")[0] and "Desenvolvimento" not in text


def test_a_can_i_that_also_asks_how_far_gets_the_distance_after_the_rules(run):
    # Bertioga Decreto 4.510/2024 art. 6: kitesurf only from 300 m beyond the surf line
    text = run(ActionAnswer(), "Can I launch my kite right from the shore in Bertioga or do I have to keep away?",
               "ask_permission", [{"entity": "activity", "value": "kitesurf"}], _slots("br-sp-bertioga", "en")).text
    assert "only allowed for licensed operators" in text.split("\n")[0]
    assert "300 m" in text and "art-6" in text
