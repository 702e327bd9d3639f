"""Rasa's LogisticRegressionClassifier and CRFEntityExtractor, saved so that loading them is quick.

Both train and predict exactly as Rasa's own components (same class, same configuration); only what is
written into the model differs:
- IntentLogisticRegression saves the fitted weights as plain arrays (numpy .npz, no pickle) instead of
  skops. Importing skops.io in a process that has already imported TensorFlow took 6–7 s on the 2-core
  machine (it looks every NumPy/SciPy type up in all loaded modules), at training and at every start.
- EntityCRF saves the trained crfsuite model beside Rasa's training tokens. Rasa 3.6's
  CRFEntityExtractor keeps only the tokens and trains the CRF again at every load (~3 s of each start);
  crfsuite's L-BFGS is deterministic, so the saved model is the one a retraining would give.
A model without these files (an older one) loads the way Rasa does.

Imports only Rasa and what Rasa itself uses (the engine's venv runs it from the project root; DESIGN.md).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path
from typing import Any, Dict, List, Text

import numpy as np
from rasa.engine.graph import ExecutionContext
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.classifiers.logistic_regression_classifier import LogisticRegressionClassifier
from rasa.nlu.extractors.crf_entity_extractor import CRFEntityExtractor, CRFToken

__all__ = ["IntentLogisticRegression", "EntityCRF"]

logger = logging.getLogger(__name__)

WEIGHTS_FILE = "weights.npz"


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER, is_trainable=True)
class IntentLogisticRegression(LogisticRegressionClassifier):
    """LogisticRegressionClassifier whose weights are saved as arrays (see the module's docstring)."""

    def persist(self) -> None:
        with self._model_storage.write_to(self._resource) as model_dir:
            np.savez(model_dir / WEIGHTS_FILE, coef=self.clf.coef_, intercept=self.clf.intercept_,
                     classes=np.asarray(self.clf.classes_, dtype=str), n_iter=self.clf.n_iter_)

    @classmethod
    def load(cls, config: Dict[Text, Any], model_storage: ModelStorage, resource: Resource,
             execution_context: ExecutionContext, **kwargs: Any) -> "IntentLogisticRegression":
        component = cls(config, execution_context.node_name, model_storage, resource)
        try:
            with model_storage.read_from(resource) as model_dir:
                path = model_dir / WEIGHTS_FILE
                if not path.exists():
                    logger.debug(f"No {WEIGHTS_FILE} in '{resource.name}': an untrained classifier.")
                    return component
                with np.load(path, allow_pickle=False) as saved:
                    clf = component.clf  # the estimator Rasa builds from the config, then fitted state
                    clf.coef_, clf.intercept_ = saved["coef"], saved["intercept"]
                    clf.classes_, clf.n_iter_ = saved["classes"], saved["n_iter"]
                    clf.n_features_in_ = clf.coef_.shape[1]
        except ValueError:
            logger.debug(f"Resource '{resource.name}' does not exist: an untrained classifier.")
        return component


@DefaultV1Recipe.register(DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR, is_trainable=True)
class EntityCRF(CRFEntityExtractor):
    """CRFEntityExtractor that saves its trained crfsuite models (see the module's docstring).

    `lowercase: true` reads every token in lower case for all its features (prefixes and suffixes
    included; Rasa's CRF lowers only the `low` feature), as the CountVectorsFeaturizers do: the data
    writes "Lajes" and citizens type "lajes".
    """

    @staticmethod
    def get_default_config() -> Dict[Text, Any]:
        return {**CRFEntityExtractor.get_default_config(), "lowercase": False}

    @classmethod
    def _crf_tokens_to_features(cls, crf_tokens: List[CRFToken], config: Dict[str, Any],
                                include_tag_features: bool = False) -> List[Dict[Text, Any]]:
        if config.get("lowercase"):
            crf_tokens = [CRFToken(t.text.lower(), t.pos_tag, t.pattern, t.dense_features, t.entity_tag,
                                   t.entity_role_tag, t.entity_group_tag) for t in crf_tokens]
        return super()._crf_tokens_to_features(crf_tokens, config, include_tag_features)

    def persist(self, dataset: List[List[CRFToken]]) -> None:
        super().persist(dataset)
        with self._model_storage.write_to(self._resource) as model_dir:
            for tag_name, tagger in (self.entity_taggers or {}).items():
                (model_dir / _model_file(tag_name)).write_bytes(Path(tagger.modelfile.name).read_bytes())

    @classmethod
    def load(cls, config: Dict[Text, Any], model_storage: ModelStorage, resource: Resource,
             execution_context: ExecutionContext, **kwargs: Any) -> CRFEntityExtractor:
        try:
            with model_storage.read_from(resource) as model_dir:
                crf_order = _read_json(model_dir / "crf_order.json")
                files = {tag: model_dir / _model_file(tag) for tag in crf_order}
                if not all(path.exists() for path in files.values()):
                    return super().load(config, model_storage, resource, execution_context, **kwargs)
                taggers = OrderedDict((tag, _tagger(path.read_bytes())) for tag, path in files.items())
        except ValueError:
            return super().load(config, model_storage, resource, execution_context, **kwargs)
        extractor = cls(config, model_storage, resource, taggers)
        extractor.crf_order = crf_order
        return extractor


def _model_file(tag_name: str) -> str:
    return f"crf_{tag_name}.crfsuite"


def _read_json(path: Any) -> Any:
    import rasa.shared.utils.io

    return rasa.shared.utils.io.read_json_file(path)


def _tagger(model: bytes) -> Any:
    """A fitted sklearn_crfsuite.CRF (what Rasa's extractor predicts with) around a saved model."""
    import pycrfsuite
    import sklearn_crfsuite

    crf = sklearn_crfsuite.CRF()
    tagger = pycrfsuite.Tagger()
    tagger.open_inmemory(model)
    crf._model_bytes = model  # crfsuite reads the buffer in place, without a copy: keep it alive
    crf._tagger = tagger  # CRF.tagger_ returns it; predict_marginals_single reads only the tagger
    return crf
