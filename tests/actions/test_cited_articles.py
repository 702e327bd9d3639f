"""The three articles an answer links are the ones holding what it states: a fine's range is cited by the
article that sets it, not by the one that only lists the kinds of penalty (checked against the seed text)."""

from pathlib import Path

from actions.qa.answer import ActionAnswer

NORMS = Path(__file__).resolve().parents[2] / "knowledge" / "norms"
PONTAL = " ".join((NORMS / "003_f62ddfeb97083b18.txt").read_text(encoding="utf-8").split())


def test_the_fine_range_is_cited_by_the_article_that_sets_it(run):
    # Lei 1.902/2018 art. 38: "A multa será fixada entre os valores de R$ 300,00 (trezentos reais) a R$ 12.000,00"
    assert "Art. 38 A multa será fixada entre os valores de R$ 300,00 (trezentos reais) a R$ 12.000,00" in PONTAL
    slots = {"municipality": "br-pr-pontal-do-parana", "jurisdiction": "br-pr-pontal-do-parana", "language": "en"}
    text = run(ActionAnswer(), "How big are the fines for breaking the street vendor rules in Pontal do Paraná?", "ask_fine",
               [{"entity": "activity", "value": "street vendor"}], slots).text
    assert "R$ 300.00 to R$ 12,000.00" in text
    sources = text.split("Source:")[-1]
    assert "lei-1902-2018/art-38)" in sources, sources
