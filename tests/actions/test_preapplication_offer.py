"""After an answer, the pre-application is offered when the question also read as a wish to apply."""

from rasa_sdk import Tracker

from actions.qa.answer import ActionAnswer
from tests.actions.conftest import Run

SUP_BERTIOGA = [{"entity": "activity", "value": "sup"}, {"entity": "municipality", "value": "br-sp-bertioga"}]


def tracker(text, intent, entities, cue, slots=None, active_loop=None):
    return Tracker(sender_id="t", slots=dict(slots or {}, municipality="br-sp-bertioga", activity="sup"),
                   latest_message={"text": text, "intent": {"name": intent, "confidence": 0.6},
                                   "entities": entities, "intent_cue": cue},
                   events=[], paused=False, followup_action=None, active_loop=active_loop or {},
                   latest_action_name="action_listen")


def test_the_answer_comes_first_then_the_offer_with_a_button():
    run = Run(ActionAnswer(), tracker("quero alugar sup em bertioga, precisa de licença?", "ask_permission",
                                      SUP_BERTIOGA, {"offer_preapplication": True}))
    assert "Secretaria Municipal de Turismo e Cultura" in run.messages[0]["text"]
    last = run.messages[-1]
    assert "pré-pedido" in last["text"]
    assert [b["payload"] for b in last["buttons"]] == ["/request_permit"]


def test_no_offer_without_the_cue():
    run = Run(ActionAnswer(), tracker("posso alugar sup em bertioga?", "ask_permission", SUP_BERTIOGA,
                                      {"offer_preapplication": False}))
    assert not any("/request_permit" in str(m.get("buttons")) for m in run.messages)


def test_the_offer_in_english():
    run = Run(ActionAnswer(), tracker("do I need a licence to rent SUP boards in Bertioga?", "ask_permission",
                                      SUP_BERTIOGA, {"offer_preapplication": True}, slots={"language": "en"}))
    assert run.messages[-1]["text"].startswith("Would you like me to start")
