"""A message that asks several things: each part answered from its record (actions/qa/fact_answer.py
other_parts), each record checked against the seed text it stands for."""

from pathlib import Path

import pytest

from actions.qa.fact_answer import other_parts
from knowledge.facts.resolve import asking_parts

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
LAJES = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())
BERTIOGA = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
IGARAPAVA = " ".join((NORMS / "001_54008c3fc0458259.txt").read_text(encoding="utf-8").split())


def _others(question: str, jurisdiction: str, activity: str | None = None, said: set[str] | None = None) -> list[str]:
    return [r.record.id for r in other_parts(asking_parts(question), jurisdiction, activity=activity, today=None,
                                             said=set(said or ()))]


def test_a_short_part_that_says_only_what_changes_asks_the_kind_before_it():
    # LC 57/2018 art. 239 § 5º: perishable goods are reclaimed within 24 hours (the other seized goods: 72)
    assert "mercadoria perecivel, o prazo para reclamagéo ou retirada sera de 24 (vinte e quatro) horas" in IGARAPAVA
    question = ("A fiscalização de Igarapava recolheu meu carrinho de pipoca com as mercadorias. Quanto tempo eu tenho "
                "pra retirar antes de doarem ou leiloarem? E se fosse produto perecível?")
    assert _others(question, "br-sp-igarapava") == ["br-sp-igarapava/lc-57-2018#period-seized_perishables"]


def test_a_can_i_part_beside_a_figure_is_answered_by_the_rule_that_says_it():
    # LC 489/2009 art. 51 § 4º: no sound equipment on a trailer — in English and in Portuguese
    assert "§ 4º - Não poderá ser instalado equipamento de som no Trailer" in LAJES
    for question in ("What is the maximum size of a snack trailer in Lajes, and am I allowed to install a sound system on it?",
                     "Vou abrir um trailer de lanches fixo perto da rodoviária de Lajes. Qual o tamanho máximo que o trailer "
                     "pode ter? E posso colocar uma caixa de som pra animar a clientela?"):
        assert _others(question, "br-rn-lajes", "food_truck") == ["br-rn-lajes/lc-489-2009#written-trailer-no-sound"]


def test_who_issues_after_a_lead_time_is_the_office_its_article_names():
    # LC 489/2009 art. 119 § único: the event licence is asked 7 working days before; the Tax and Registry Office
    # record cites art. 119 among the permits it issues — said with that article first, under no other permit's name
    assert "requerer o alvará será de 07 (sete) dias úteis antes do evento" in LAJES
    question = ("Estou organizando um show beneficente na praça de Lajes no mês que vem. Com quanto tempo de antecedência "
                "tenho que pedir o alvará e quem emite?")
    found = other_parts(asking_parts(question), "br-rn-lajes", activity=None, today=None,
                        said={"br-rn-lajes/lc-489-2009#period-event_lead_time"})
    assert [r.record.id for r in found] == ["br-rn-lajes/lc-489-2009#office-tributos"]
    assert found[0].record.cite[0].endswith("/art-119") and found[0].record.about == ()


def test_a_second_question_after_a_comma_and_if_is_its_own_part():
    # LC 489/2009 art. 401 (defence, 10 days) and art. 408 (appeal to the JARP, 5 days)
    assert "Art. 408" in LAJES
    parts = asking_parts("How many days does he have to send a defence, and if the first decision goes against him, "
                         "who does he appeal to and by when?")
    assert [p.piece for p in parts][:1] == ["how many days does he have to send a defence"]
    assert len(parts) >= 2 and parts[1].piece.startswith("if the first decision goes against him")


def test_a_short_part_naming_another_thing_is_never_the_record_of_the_part_before():
    # LC 57/2018 art. 239: perishables within 24 hours (§ 5º), the other seized goods within 72 hours (§ 3º) — "and the
    # cooler??" asks the deadline again, for the equipment: not the fruit's record said before it
    assert "retirado dentro de 72 (setenta e duas)" in IGARAPAVA
    question = ("ugh the fiscais in igarapava took all my fresh fruit salad cups AND my cooler bc i didnt have the "
                "authorization. how long do i have to go get the fruit back before they give it away?? and the cooler??")
    assert _others(question, "br-sp-igarapava", said={"br-sp-igarapava/lc-57-2018#period-seized_perishables"}) == [
        "br-sp-igarapava/lc-57-2018#period-seized_goods"]


@pytest.mark.parametrize("seed,snippet,question,jurisdiction,activity,said,record", [
    # "and if …" after a question asks another, question mark or not — Decreto 4.510/2024 art. 25: reconsideration of a
    # cassation within 10 working days
    ("BERTIOGA", "10 (dez) dias úteis",
     "my kayak rental got a penalty notice from the bertioga fiscal yesterday, i think its unfair. how many days do i have to "
     "file a defence?? and if they go as far as cassation of the licence can i ask for reconsideration and within what time",
     "br-sp-bertioga", "kayak", "br-sp-bertioga/decreto-4510-2024#period-defesa",
     "br-sp-bertioga/decreto-4510-2024#period-reconsideracao_cassacao"),
    # "and could I …?" is answered by the limit whose phrase it says — art. 3: one authorisation per permit holder
    ("BERTIOGA", "01 (uma) autorização por permissionário",
     "Which municipal department actually issues the licence for this? And could I hold two authorisations for two "
     "different spots on the beach, or is it just one per permit holder?",
     "br-sp-bertioga", "kayak", "br-sp-bertioga/decreto-4510-2024#office-turismo",
     "br-sp-bertioga/decreto-4510-2024#written-one-authorisation-per-holder"),
    # "what if I miss it" after a payment deadline — LC 489/2009 art. 385: an unpaid fine goes to the debt register
    ("LAJES", "A multa não paga no prazo legal será inscrita na dívida ativa",
     "ok so i decided NOT to contest my fine in lajes rn, just wanna pay and move on. whats the deadline to pay after i get "
     "notified? and what if i miss it",
     "br-rn-lajes", None, "br-rn-lajes/lc-489-2009#period-pay_fine", "br-rn-lajes/lc-489-2009#written-unpaid-fine"),
])
def test_another_part_of_the_message_is_answered_by_its_own_record(seed, snippet, question, jurisdiction, activity, said,
                                                                  record):
    assert snippet in {"BERTIOGA": BERTIOGA, "LAJES": LAJES}[seed]
    assert len(asking_parts(question)) == 2
    assert _others(question, jurisdiction, activity, said={said}) == [record]


def test_a_part_asking_again_what_a_said_record_answers_is_answered():
    # LC 489/2009 art. 408: the appeal to the JARP, 5 days — "to whom and within what time?" after "can I appeal?"
    assert "Recursos de Posturas - JARP, sem efeito suspensivo, no prazo de 05 (cinco) dias." in LAJES
    question = ("Em Lajes me fizeram um auto de infração porque minha barraca ocupava a calçada. Quantos dias tenho para "
                "apresentar a defesa? E se a negarem, posso recorrer? A quem e em que prazo?")
    answered: list[str] = []
    found = other_parts(asking_parts(question), "br-rn-lajes", activity=None, today=None,
                        said={"br-rn-lajes/lc-489-2009#period-defence"}, answered=answered)
    assert [r.record.id for r in found] == ["br-rn-lajes/lc-489-2009#period-appeal"]
    assert answered.count("br-rn-lajes/lc-489-2009#period-appeal") == 2
