"""Classes of questions the question → fact resolution must get right (knowledge/facts/resolve.py), each
checked against the seed text of the record it should land on — and the near misses it must refuse."""

from pathlib import Path

import pytest

from knowledge.facts import asked_kinds
from knowledge.facts.resolve import resolve, without_cues

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
RAMT = " ".join((NORMS / "002_55a9ddd3b6cc6096.txt").read_text(encoding="utf-8").split())
IGARAPAVA = " ".join((NORMS / "001_54008c3fc0458259.txt").read_text(encoding="utf-8").split())


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
    ("Posso alugar motas de água a quem não tem carta?", []),
    ("Which municipal body issues the authorization?", ["office"]),
    ("What happens to an operator who puts swimmers at risk?", ["fine"]),
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
