"""The long tail — a question that reaches no rule (no activity named) — is answered by a record its
words clearly match before any passage of the law (actions/qa/answer.py → knowledge.facts.retrieve)."""

from pathlib import Path

from actions.qa.answer import ActionAnswer

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
BERTIOGA = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
RAMT = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())


def test_an_obligation_asked_without_a_kind_word_is_its_record_not_a_passage(run):
    # Bertioga art. 5 § único: the gear "não podendo permanecer na orla e praia marítima após o término"
    assert "não podendo permanecer na orla e praia marítima após o término das atividades" in BERTIOGA
    answered = run(ActionAnswer(), "posso deixar a tenda e as pranchas montadas na praia de noite depois que acabar o expediente?",
                   "ask_permission", [{"entity": "municipality", "value": "br-sp-bertioga"}])
    assert answered.text.startswith("Em Bertioga (SP): ") and "/art-5" in answered.text
    assert not answered.text.lstrip().startswith(">")  # not a quote of the law
    assert answered.messages[0]["custom"]["fact"]["id"].endswith("written-gear-off-beach-after-hours")


def test_a_price_that_reached_no_rule_is_its_fee_row(run):
    # RAMT Anexo II: the endorsement ("averbamento") of a change on the licence, 60 €
    assert "averbamento" in RAMT.lower()
    answered = run(ActionAnswer(), "portugal RAMT: im adding a new boat to my operator licence (averbamento), whats the fee?",
                   "ask_fee", [{"entity": "municipality", "value": "pt"}])
    assert "60" in answered.text and "€" in answered.text and "/anexo-ii" in answered.text
