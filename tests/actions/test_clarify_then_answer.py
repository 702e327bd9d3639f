"""Clarify, then answer the question that was asked: "Em qual município?" → "Bertioga" answers the
question kept while asking (actions/qa/answer.py keep_question / resume_question)."""

from actions.qa.answer import ActionAnswer

QUESTION = "qual a multa por vender sem licença?"


def test_the_town_given_after_we_ask_answers_the_kept_question(run):
    asked = run(ActionAnswer(), QUESTION, "ask_fine")
    assert "Em qual município?" in asked.text
    kept = asked.slot("pending_question")
    assert kept["text"] == QUESTION and kept["intent"]["name"] == "ask_fine"
    answered = run(ActionAnswer(), "Pontal do Paraná", "inform",
                   [{"entity": "municipality", "value": "br-pr-pontal-do-parana"}],
                   slots={"pending_question": kept, "activity": "itinerant_vendor"})
    # Pontal's fine, art. 38: R$ 300,00 to R$ 12.000,00 — the question's topic, not a generic answer
    assert "R$ 300,00" in answered.text and "/art-38" in answered.text
    assert any(e.get("name") == "pending_question" and e.get("value") is None for e in answered.events)


def test_a_new_question_instead_of_the_town_drops_the_kept_one(run):
    kept = run(ActionAnswer(), QUESTION, "ask_fine").slot("pending_question")
    other = run(ActionAnswer(), "quais documentos preciso para food truck em igarapava?", "ask_documents",
                [{"entity": "municipality", "value": "br-sp-igarapava"}, {"entity": "activity", "value": "food_truck"}],
                slots={"pending_question": kept})
    assert "documentos" in other.text and "multa" not in other.text.lower()


def test_the_kept_question_is_bounded():
    from tests.actions.conftest import Run, make_tracker

    long = "qual a multa " + "muito " * 400 + "?"
    kept = Run(ActionAnswer(), make_tracker(long, "ask_fine")).slot("pending_question")
    assert len(kept["text"]) <= 500


def test_a_follow_up_after_a_one_fact_answer_gets_the_fact_kind_s_topic(run):
    # answer_fact leaves the fact's kind in the `topic` slot ("limit"); "e perto da escola?" must not
    # look for an `answer.limit` template that does not exist
    result = run(ActionAnswer(), "e perto da escola?", "nlu_fallback",
                 slots={"topic": "limit", "municipality": "br-sp-igarapava", "jurisdiction": "br-sp-igarapava",
                        "activity": "event_stall"})
    assert result.text
