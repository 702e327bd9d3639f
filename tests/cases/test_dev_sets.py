"""The development sets (tests/data/dev/) say what the seed text says: a failing dev question points at the bot."""

from collections import Counter
from pathlib import Path

import pytest
import yaml

from knowledge.corpus import load_corpus

from .conversation_cases import Case, seed_text, squash

DEV_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "dev"
CASES = [Case.model_validate(raw) for path in sorted(DEV_DIR.glob("*.yml"))
         for raw in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]]


def test_the_dev_sets_are_there_and_their_ids_unique():
    assert len(CASES) >= 75
    assert not [i for i, n in Counter(c.id for c in CASES).items() if n > 1]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_each_dev_case_is_true_to_its_seed(case):
    assert case.norm and case.expect and case.cite and case.seed
    text = squash(seed_text(case.norm))
    for snippet in case.seed:
        assert squash(snippet) in text, f"{case.id}: not in the seed text: {snippet!r}"
    corpus = load_corpus()
    for unit in case.cite:
        assert corpus.has(unit) and unit.startswith(case.norm + "/"), f"{case.id}: {unit}"
