"""Gate on the NLU evaluation written by `rasa test nlu --out <dir>` (the held-out set bot/tests/nlu/holdout.yml).

Reads <dir>/intent_report.json and the entity extractor's report (<dir>/DIETClassifier_report.json, or
EntityCRF_report.json for bot/components/light_nlu.py's CRF), prints the figures and exits 1 when
  - intent macro-F1 (Rasa's own "macro avg", which also counts nlu_fallback or any wrongly predicted
    label as a class) is below --min-intent-f1 (0.93), or
  - entity micro-F1 over all entity tokens (the extractor's report, no_entity excluded) is below
    --min-entity-f1 (0.90).
Entity macro-F1 is printed too; it is not gated because types with a handful of test tokens
(access_code, category) swing it by several points per token. Exit 2 when a report is missing.

    .venv/bin/python scripts/check_nlu_report.py results/nlu
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

__all__ = ["NluFigures", "main", "read_figures"]

INTENT_REPORT = "intent_report.json"
# Rasa names each entity report after its extractor; the first one present is read.
ENTITY_REPORTS = ("DIETClassifier_report.json", "EntityCRF_report.json", "CRFEntityExtractor_report.json")
INTENT_ERRORS = "intent_errors.json"
_SUMMARY_KEYS = {"accuracy", "macro avg", "weighted avg", "micro avg"}


class NluFigures:
    """The figures the gate looks at, read from Rasa's report files."""

    def __init__(self, intent: dict[str, Any], entity: dict[str, Any], errors: list[dict[str, Any]]) -> None:
        self.intent_macro_f1: float = float(intent["macro avg"]["f1-score"])
        self.intent_weighted_f1: float = float(intent["weighted avg"]["f1-score"])
        self.intent_accuracy: float | None = _accuracy(intent)
        self.intent_examples: int = int(intent["macro avg"]["support"])
        # Macro-F1 over the intents that occur in the test set only (nlu_fallback and other labels that
        # were predicted but never expected get F1 = 0 in Rasa's macro average).
        expected = {k: v for k, v in intent.items() if k not in _SUMMARY_KEYS and v.get("support", 0) > 0}
        self.intent_macro_f1_expected: float = sum(v["f1-score"] for v in expected.values()) / max(len(expected), 1)
        self.intent_per_label: dict[str, dict[str, float]] = {
            k: v for k, v in intent.items() if k not in _SUMMARY_KEYS
        }
        self.entity_micro_f1: float = float(_micro(entity)["f1-score"])
        self.entity_macro_f1: float = float(entity["macro avg"]["f1-score"])
        self.entity_per_label: dict[str, dict[str, float]] = {
            k: v for k, v in entity.items() if k not in _SUMMARY_KEYS
        }
        self.confusions: Counter[tuple[str, str]] = Counter(
            (e["intent"], e["intent_prediction"]["name"]) for e in errors
        )


def _accuracy(report: dict[str, Any]) -> float | None:
    value = report.get("accuracy")
    if isinstance(value, dict):  # older sklearn wrote it as a row
        value = value.get("f1-score")
    return None if value is None else float(value)


def _micro(report: dict[str, Any]) -> dict[str, Any]:
    # sklearn writes "micro avg" when only some labels are scored (no_entity excluded); with every label
    # scored it writes "accuracy" instead, which equals micro-F1.
    if "micro avg" in report:
        return report["micro avg"]
    return {"f1-score": _accuracy(report) or 0.0}


def read_figures(results_dir: Path) -> NluFigures:
    intent = json.loads((results_dir / INTENT_REPORT).read_text(encoding="utf-8"))
    present = [results_dir / name for name in ENTITY_REPORTS if (results_dir / name).exists()]
    entity_report = present[0] if present else results_dir / ENTITY_REPORTS[0]  # missing: FileNotFoundError
    entity = json.loads(entity_report.read_text(encoding="utf-8"))
    errors_file = results_dir / INTENT_ERRORS
    errors = json.loads(errors_file.read_text(encoding="utf-8")) if errors_file.exists() else []
    return NluFigures(intent, entity, errors)


def _print(figures: NluFigures, min_intent: float, min_entity: float) -> None:
    print(f"intent examples           : {figures.intent_examples}")
    print(f"intent macro-F1 (gated)   : {figures.intent_macro_f1:.4f}  (min {min_intent})")
    print(f"intent macro-F1, expected : {figures.intent_macro_f1_expected:.4f}  (labels present in the test set)")
    print(f"intent weighted-F1        : {figures.intent_weighted_f1:.4f}")
    if figures.intent_accuracy is not None:
        print(f"intent accuracy           : {figures.intent_accuracy:.4f}")
    print(f"entity micro-F1 (gated)   : {figures.entity_micro_f1:.4f}  (min {min_entity})")
    print(f"entity macro-F1           : {figures.entity_macro_f1:.4f}")
    weak = sorted((v["f1-score"], k) for k, v in figures.intent_per_label.items() if v["f1-score"] < min_intent)
    if weak:
        print("intents below the bar     : " + ", ".join(f"{k} {f:.2f}" for f, k in weak))
    weak = sorted((v["f1-score"], k) for k, v in figures.entity_per_label.items() if v["f1-score"] < min_entity)
    if weak:
        print("entities below the bar    : " + ", ".join(f"{k} {f:.2f}" for f, k in weak))
    if figures.confusions:
        print("intent confusions (expected -> predicted, count):")
        for (expected, predicted), count in figures.confusions.most_common(15):
            print(f"  {expected} -> {predicted}: {count}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results_dir", type=Path, help="the --out directory of `rasa test nlu`")
    parser.add_argument("--min-intent-f1", type=float, default=0.93)
    parser.add_argument("--min-entity-f1", type=float, default=0.90)
    args = parser.parse_args(argv)
    try:
        figures = read_figures(args.results_dir)
    except FileNotFoundError as missing:
        print(f"NLU report missing: {missing.filename} (run `rasa test nlu --out {args.results_dir}` first)")
        return 2
    _print(figures, args.min_intent_f1, args.min_entity_f1)
    failed = []
    if figures.intent_macro_f1 < args.min_intent_f1:
        failed.append(f"intent macro-F1 {figures.intent_macro_f1:.4f} < {args.min_intent_f1}")
    if figures.entity_micro_f1 < args.min_entity_f1:
        failed.append(f"entity micro-F1 {figures.entity_micro_f1:.4f} < {args.min_entity_f1}")
    if failed:
        print("FAIL: " + "; ".join(failed))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
