"""The blind sets are frozen, true to the seed text, and spread over the norms and languages."""

from collections import Counter

import pytest

from knowledge.corpus import load_corpus

from .blind_sets import BLIND_FILES, checksums, first_sentence, load_blind, sha256
from .conversation_cases import SEED_FILES, seed_text, squash

CASES = [(name, c) for name in BLIND_FILES for c in load_blind(name).cases]


@pytest.mark.parametrize("name", BLIND_FILES)
def test_a_blind_set_is_never_edited(name):
    """Written once by someone who had not seen our data; editing it would make it a tuning set."""
    assert checksums()[name] == sha256(name), f"{name} changed: blind sets are never edited (write a new one)"


def test_ids_are_unique_across_the_sets():
    assert [i for i, n in Counter(c.id for _, c in CASES).items() if n > 1] == []


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for _, c in CASES])
def test_every_case_is_proved_by_the_seed_and_cites_a_real_unit(case):
    texts = [squash(seed_text(n)) for n in ([case.norm] if case.norm else SEED_FILES)]
    for snippet in case.seed:
        assert any(squash(snippet) in t for t in texts), f"not in the seed: {snippet!r}"
    corpus = load_corpus()
    for unit in case.cite:
        assert corpus.has(unit) and unit.startswith(f"{case.norm}/"), unit
    assert case.expect, "a blind case names its key fact"


def test_the_portuguese_and_english_sets_cover_every_norm_and_english():
    pt_en = [c for name, c in CASES if name != "blind_es.yml"]
    by_norm = Counter(c.norm for c in pt_en)
    assert len(pt_en) >= 150 and all(by_norm[n] >= 25 for n in SEED_FILES), by_norm
    assert sum(c.language == "en" for c in pt_en) >= 30


def test_the_spanish_set():
    es = load_blind("blind_es.yml").cases
    assert len(es) >= 40 and all(c.language == "es" for c in es)
    assert {c.norm for c in es} == set(SEED_FILES)


@pytest.mark.parametrize("answer,first", [
    ("Em Bertioga, o prazo é de 30 dias úteis (Decreto nº 4.510/2024, art. 22). Depois, recurso.",
     "Em Bertioga, o prazo é de 30 dias úteis (Decreto nº 4.510/2024, art. 22)."),
    ("A taxa é 2,00 UFM por mês.\nℹ️ Isenção…", "A taxa é 2,00 UFM por mês."),
    ("Coima de € 2 500 (RAMT, art. 38.º, n.º 2)! Mais", "Coima de € 2 500 (RAMT, art. 38.º, n.º 2)!"),
])
def test_the_first_sentence_is_not_cut_at_an_article_number(answer, first):
    assert first_sentence(answer) == first
