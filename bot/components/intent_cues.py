"""IntentCues: the pipeline step that takes the decisions explicit cues settle (bot/components/cues.py)
out of the classifier's margin.

It runs after the intent classifier (config.yml) and before FallbackClassifier:
- an explicit cue (a request verb + a permit word; only cancel, yes or no words) sets the intent with
  confidence 1.0;
- a request read by the classifier that is a "do I need…?" question, or a request whose lead over the best
  question intent is thin, becomes that question: the bot answers it and offers to open the
  pre-application (button), instead of guessing that the citizen wants a form;
- every parse carries `intent_cue`: what decided and whether to offer the pre-application.

Imports only Rasa and cues.py (the engine's venv runs it from the project root; see DESIGN.md).
"""

from __future__ import annotations

from typing import Any, Dict, List, Text

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.classifiers.classifier import IntentClassifier
from rasa.shared.nlu.constants import INTENT, INTENT_RANKING_KEY, TEXT
from rasa.shared.nlu.training_data.message import Message

from bot.components import cues


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER, is_trainable=False)
class IntentCues(GraphComponent, IntentClassifier):
    @classmethod
    def required_components(cls) -> List[type]:
        return [IntentClassifier]

    @staticmethod
    def get_default_config() -> Dict[Text, Any]:
        return dict(cues.DEFAULT_CONFIG)

    def __init__(self, config: Dict[Text, Any]) -> None:
        self.config = config

    @classmethod
    def create(cls, config: Dict[Text, Any], model_storage: ModelStorage, resource: Resource,
               execution_context: ExecutionContext) -> "IntentCues":
        return cls(config)

    def process(self, messages: List[Message]) -> List[Message]:
        for message in messages:
            text = message.get(TEXT) or ""
            if not text or text.startswith("/"):
                continue  # button payloads carry their intent
            decision = cues.decide(text, message.get(INTENT) or {}, message.get(INTENT_RANKING_KEY) or [], self.config)
            if decision["intent"] is not None:
                _set_intent(message, decision["intent"], decision["confidence"])
            message.set("intent_cue", {k: decision[k] for k in ("decided_by", "offer_preapplication", "classifier")},
                        add_to_output=True)
        return messages


def _set_intent(message: Message, name: str, confidence: float) -> None:
    chosen = {"name": name, "confidence": confidence}
    message.set(INTENT, chosen, add_to_output=True)
    ranking = [r for r in message.get(INTENT_RANKING_KEY) or [] if r.get("name") != name]
    message.set(INTENT_RANKING_KEY, [chosen, *ranking], add_to_output=True)
