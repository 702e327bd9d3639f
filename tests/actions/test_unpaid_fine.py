"""What befalls a fine left unpaid (Lajes art. 385, Igarapava art. 232 § 1º): the debt register and the courts,
said for any activity, and as the second answer after the deadline to pay."""

from pathlib import Path

from actions.qa.answer import ActionAnswer

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
LAJES = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())


def test_the_deadline_to_pay_and_what_happens_if_not_paid_are_both_answered(run):
    # art. 384: 10 days to pay; art. 385: "A multa não paga no prazo legal será inscrita na dívida ativa e
    # posteriormente cobrada judicialmente"
    assert "A multa não paga no prazo legal será inscrita na dívida ativa e posteriormente cobrada judicialmente" in LAJES
    text = run(ActionAnswer(), "got a fine in lajes for my snack stall. how many days do i have to pay it? and what happens "
               "if i just dont pay", "ask_after_fine", [{"entity": "activity", "value": "itinerant_vendor"}],
               {"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "language": "en"}).text
    first, second = text.split("\n")[:2]
    assert "10 days" in first and "art. 384" in first
    assert "debt register (dívida ativa)" in second and "art. 385" in second


def test_what_happens_if_i_do_not_pay_is_the_debt_register(run):
    text = run(ActionAnswer(), "o que acontece se eu não pagar a multa em igarapava?", "ask_after_fine", [],
               {"municipality": "br-sp-igarapava", "jurisdiction": "br-sp-igarapava", "language": "pt-BR"}).text
    assert text.startswith("Em Igarapava (SP), se você não pagar a multa no prazo, ela vai para a dívida ativa")
    assert "art. 232" in text


def test_an_offence_told_in_the_story_does_not_hide_what_befalls_an_unpaid_fine(run):
    # "sin licencia" in the story is the offence fined; "¿qué pasa si no la pago?" asks about not paying (art. 385)
    text = run(ActionAnswer(), "Che, me pusieron una multa en Lajes por vender en la calle sin licencia. ¿En cuántos días la "
               "tengo que pagar? ¿Qué pasa si no la pago?", "ask_after_fine", [{"entity": "activity", "value": "itinerant_vendor"}],
               {"municipality": "br-rn-lajes", "jurisdiction": "br-rn-lajes", "language": "es"}).text
    assert "art. 384" in text and "art. 385" in text and "deuda activa" in text
