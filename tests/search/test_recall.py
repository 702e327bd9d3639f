"""The dev set's recall (a quality figure, not a timing): recall@3 >= 0.90 on every norm, searching
within the norm's jurisdiction as the chat does. scripts/bench_search.py prints the full figures."""

from pathlib import Path

import pytest

from knowledge.search.evaluation import evaluate, load_devset, recall_by_norm

DEVSET = Path(__file__).resolve().parent.parent / "data" / "search_devset.yml"
TARGET = 0.90

NORMS = [
    "br-sp-bertioga/decreto-4510-2024",
    "br-pr-pontal-do-parana/lei-1902-2018",
    "pt/decreto-lei-269-2003",
    "br-sp-igarapava/lc-57-2018",
    "br-rn-lajes/lc-489-2009",
]


@pytest.fixture(scope="module")
def devset():
    return load_devset(DEVSET)


@pytest.fixture(scope="module")
def recall(index, devset):
    return recall_by_norm(evaluate(index, devset, scoped=True))


def test_devset_covers_all_five_norms_in_three_languages(devset):
    assert set(devset.norms) == set(NORMS)
    assert {q.lang for q in devset.questions} == {"pt-BR", "pt-PT", "en"}
    assert len(devset.questions) >= 80
    for norm in devset.norms:
        assert sum(q.norm == norm for q in devset.questions) >= 20


def test_every_expected_answer_is_a_unit_of_the_corpus(devset, corpus):
    missing = sorted({a for q in devset.questions for a in q.answers if not corpus.has(a)})
    assert missing == []


@pytest.mark.parametrize("norm_id", NORMS)
def test_recall_at_3_meets_target(recall, norm_id):
    assert recall[norm_id].recall_at_3 >= TARGET
