"""Fact records (knowledge.facts): true to the seed text, and each one reachable by a question."""

import re

import pytest

from knowledge.corpus import load_corpus
from knowledge.facts import all_facts, resolve
from knowledge.facts.resolve import asked_kinds

RECORDS = all_facts()
FIGURE = re.compile(r"[0-9]+(?:[.,][0-9]+)*")
# Number words the laws print beside or instead of digits ("30 (trinta)", "uma hora").
WORDS = {"um": "1", "uma": "1", "dois": "2", "duas": "2", "tres": "3", "três": "3", "quatro": "4", "cinco": "5",
         "seis": "6", "sete": "7", "oito": "8", "nove": "9", "dez": "10", "quinze": "15", "trinta": "30", "cem": "100"}
# Figures the law implies but does not print, and why they follow from the cited text.
DERIVED = {
    "br-pr-pontal-do-parana/lei-1902-2018#period-season_validity": "1 December to 31 March: 4 months (art. 9 § 1º)",
    "br-rn-lajes/lc-489-2009#period-licence_year": "valid for the civil year, to 31 December (art. 12)",
}


def _figures(text: str) -> set[str]:
    found = set()
    for token in FIGURE.findall(text):
        digits = token.replace(".", "").replace(",", ".")
        try:
            found.add(str(float(digits)))
        except ValueError:
            pass
    for word in re.findall(r"[a-zà-ú]+", text.lower()):
        if word in WORDS:
            found.add(str(float(WORDS[word])))
    return found


def _unit_text(unit_id: str) -> str:
    corpus = load_corpus()
    return " ".join(u.text for u in [corpus.unit(unit_id), *corpus.descendants(unit_id)])


def test_there_are_records_for_every_jurisdiction_and_kind_that_citizens_ask():
    kinds = {(r.jurisdiction, r.kind) for r in RECORDS}
    for j in ("br-sp-bertioga", "br-pr-pontal-do-parana", "br-sp-igarapava", "br-rn-lajes", "pt"):
        assert (j, "fine") in kinds and (j, "office") in kinds and (j, "deadline") in kinds, j


@pytest.mark.parametrize("record", [pytest.param(r, id=r.id) for r in RECORDS])
def test_a_record_cites_real_units_and_its_figure_is_in_them(record):
    corpus = load_corpus()
    assert record.cite and all(corpus.has(u) for u in record.cite)
    if record.value is None or record.kind in ("season", "hours", "holder") or record.id in DERIVED:
        return
    figure = str(float(record.value.replace(",", ".")))
    cited = " ".join(_unit_text(u) for u in record.cite)
    if record.kind == "places":
        # the number of points is counted, not printed: each point is listed in the cited article
        assert len(re.findall(r"\bPonto\b", cited, flags=re.I)) >= int(record.value)
        return
    assert figure in _figures(cited), f"{record.id}: {record.value} {record.unit} not in {record.cite}"


QUESTION = {
    "deadline": "qual o prazo: {}?", "validity": "qual a validade: {}?", "lead_time": "com quanta antecedência: {}?",
    "office": "quem emite a licença? {}", "places": "quantos pontos tem {}?", "distance": "qual a distância: {}?",
    "hours": "qual o horário: {}?", "holder": "quem pode pedir {}?", "fine": "qual a multa por {}?",
    "law": "qual é a lei? {}", "enforcement": "quem fiscaliza? {}",
}


def _reached(record) -> bool:
    question = QUESTION[record.kind].format(record.text["pt-BR"])
    found = resolve(question, record.jurisdiction)
    if found is None:
        return False
    same = (found.record.value, found.record.unit, found.record.value_max, found.record.extra)
    return found.record == record or same == (record.value, record.unit, record.value_max, record.extra)


def test_records_are_reachable_by_a_question_in_their_own_words():
    """Asked in its own words, a record (or one with the same figure) is what the resolver finds.
    Not yet every one: near-twins (two Igarapava correction periods, two hours rows) are not told apart —
    the floor keeps the rest from regressing."""
    # a penalty tier is not answered as one fact (the rules' answer shows the activity's table)
    records = [r for r in RECORDS if r.kind in QUESTION and not (r.kind == "fine" and not r.about and "#written-" not in r.id)]
    missed = [r.id for r in records if not _reached(r)]
    assert (len(records) - len(missed)) / len(records) >= 0.93, missed
