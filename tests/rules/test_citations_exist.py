"""Every unit id the rule data cites exists in the legal corpus (knowledge.corpus)."""

from knowledge.corpus import load_corpus
from knowledge.rules.audit import all_citations


def test_every_cited_unit_exists_in_the_corpus():
    corpus = load_corpus()
    missing = sorted({c.unit_id for _, c in all_citations() if not corpus.has(c.unit_id)})
    assert missing == []


def test_the_data_cites_every_norm():
    norms = {c.norm_id for _, c in all_citations()}
    assert norms == {
        "br-sp-bertioga/decreto-4510-2024",
        "br-pr-pontal-do-parana/lei-1902-2018",
        "br-sp-igarapava/lc-57-2018",
        "br-rn-lajes/lc-489-2009",
        "pt/decreto-lei-269-2003",
    }
