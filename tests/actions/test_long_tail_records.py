"""The long tail — a question that reaches no rule (no activity named) — is answered by a record its
words clearly match before any passage of the law (actions/qa/answer.py → knowledge.facts.retrieve)."""

from pathlib import Path

from actions.qa.answer import ActionAnswer

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
BERTIOGA = " ".join((NORMS / "000_ed8a310b9ec690b5.txt").read_text(encoding="utf-8").split())
RAMT = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())
LAJES = " ".join((NORMS / "004_509c367244b32730.txt").read_text(encoding="utf-8").split())
IGARAPAVA = " ".join((NORMS / "001_54008c3fc0458259.txt").read_text(encoding="utf-8").split())


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
    assert "Averbamento - (euro) 60." in RAMT
    answered = run(ActionAnswer(), "portugal RAMT: im adding a new boat to my operator licence (averbamento), whats the fee?",
                   "ask_fee", [{"entity": "municipality", "value": "pt"}])
    assert "60" in answered.text and "€" in answered.text and "/anexo-ii" in answered.text



def test_a_repeat_offence_doubles_the_fine_where_every_tier_says_so(run):
    # Bertioga art. 21 § 2º "As multas serão elevadas ao dobro na hipótese de reincidência"
    assert "As multas serão elevadas ao dobro na hipótese de reincidência" in BERTIOGA
    answered = run(ActionAnswer(), "Se eu for multado de novo pela mesma coisa na praia, a multa aumenta?", "ask_fine",
                   [{"entity": "municipality", "value": "br-sp-bertioga"}])
    assert answered.text.startswith("Sim, em Bertioga (SP), na reincidência a multa é aplicada em dobro")
    # only grades I and II (art. 21 § 2º: "nos casos de infração dos incisos I e II"): 100 and 250 UFIB
    assert "100 UFIB e 250 UFIB" in answered.text and "500" not in answered.text and "/art-21" in answered.text
    # Lajes art. 386: "Na reincidência, a multa será aplicada em dobro."
    assert "Art. 386 - Na reincidência, a multa será aplicada em dobro." in LAJES
    lajes = run(ActionAnswer(), "fui multado de novo pela mesma coisa, a multa dobra?", "ask_fine",
                [{"entity": "municipality", "value": "br-rn-lajes"}])
    assert "em dobro" in lajes.text and "/art-386" in lajes.text


def test_a_fine_asked_once_is_not_a_repeat_question(run):
    answered = run(ActionAnswer(), "qual a multa por alugar caiaque sem licença em Bertioga?", "ask_fine",
                   [{"entity": "municipality", "value": "br-sp-bertioga"}])
    assert "reincidência a multa é aplicada em dobro" not in answered.text


def test_the_repeat_answer_cites_the_article_that_speaks_of_the_repeat(run):
    # Igarapava: the grading record cites arts. 230, 234, 235, 242; the doubling is art. 235's (OCR text)
    assert "Art. 235 - Nas reincidéncias, as multas serdo aplicadas em dobro." in IGARAPAVA
    answered = run(ActionAnswer(), "If I get fined again for the same thing in Igarapava, is the fine doubled?", "ask_fine",
                   [{"entity": "municipality", "value": "br-sp-igarapava"}])
    assert answered.text.startswith("Yes, in Igarapava (SP), a repeat offence doubles the fine")
    assert "/art-235" in answered.text and "/art-230" not in answered.text
