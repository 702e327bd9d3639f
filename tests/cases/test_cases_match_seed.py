"""The conversation cases are true to the law, and spread the way the issue asks — checked offline.

The end-to-end runner (tests/e2e/test_conversation_cases.py) judges the bot against these cases; this
test makes sure the cases themselves say what the seed text says, so a failing case always points at
the bot, never at a wrong expectation.
"""

from collections import Counter

import pytest
from unidecode import unidecode

from knowledge.corpus import load_corpus

from .conversation_cases import (
    SEED_FILES, fold, figure_proved, has_figure, judge, load_cases, numbers, seed_text, squash,
)

CASES = load_cases().cases
BY_ID = {c.id: c for c in CASES}
# Topics for which no article applies: a town we do not cover, a refusal (also any case with norm null).
NO_CITATION_TOPICS = {"not_covered", "safety"}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def _cases(predicate=lambda c: True):
    return [pytest.param(c, id=c.id) for c in CASES if predicate(c)]


def _unit_text(corpus, unit_id: str) -> str:
    """The printed text of a unit and all its parts (furniture removed, as the corpus reads it)."""
    units = [corpus.unit(unit_id), *corpus.descendants(unit_id)]
    return squash(" ".join(u.raw_text for u in units))


def test_ids_are_unique():
    duplicates = [i for i, n in Counter(c.id for c in CASES).items() if n > 1]
    assert not duplicates


@pytest.mark.parametrize("case", _cases(lambda c: c.seed))
def test_every_seed_snippet_is_verbatim_in_the_seed_text(case):
    norms = [case.norm] if case.norm else list(SEED_FILES)
    texts = [squash(seed_text(n)) for n in norms]
    for snippet in case.seed:
        assert any(squash(snippet) in t for t in texts), f"{case.id}: not in the seed text: {snippet!r}"


@pytest.mark.parametrize("case", _cases(lambda c: c.cite))
def test_every_cited_unit_exists_and_belongs_to_the_norm(case, corpus):
    for unit in case.cite:
        assert corpus.has(unit), f"{case.id}: no unit {unit}"
        assert unit.startswith(case.norm + "/"), f"{case.id}: {unit} is not a unit of {case.norm}"


@pytest.mark.parametrize("case", _cases(lambda c: c.cite and c.seed))
def test_every_seed_snippet_is_in_one_of_the_cited_units(case, corpus):
    # So that the cited article is the one that says it, not a neighbour.
    cited = [_unit_text(corpus, u) for u in case.cite]
    for snippet in case.seed:
        assert any(squash(snippet) in text for text in cited), f"{case.id}: {snippet!r} is in none of {case.cite}"


@pytest.mark.parametrize("case", _cases(lambda c: any(has_figure(e) for e in c.expect)))
def test_every_expected_figure_is_a_figure_of_the_seed(case):
    for expectation in case.expect:
        if not has_figure(expectation):
            continue
        alternatives = [expectation] if isinstance(expectation, str) else expectation
        assert any(figure_proved(a, case.seed) for a in alternatives), (
            f"{case.id}: none of {alternatives} is proved by the seed snippets {case.seed}")


@pytest.mark.parametrize("case", _cases())
def test_every_case_asks_something_checkable(case):
    assert case.message.strip()
    if case.topic in NO_CITATION_TOPICS or case.norm is None:
        assert case.expect or case.expect_not, f"{case.id}: a refusal case needs expect or expect_not"
        assert not case.cite
    else:
        assert case.norm, f"{case.id}: topic {case.topic} needs a norm"
        assert case.expect and case.cite and case.seed, f"{case.id}: needs expect, cite and seed"
    if case.topic == "not_covered" or case.norm is None:
        assert case.expect_not, f"{case.id}: must forbid borrowed figures"


@pytest.mark.parametrize("case", _cases(lambda c: "no_accents" in c.style))
def test_no_accent_cases_are_typed_without_accents(case):
    assert unidecode(case.message) == case.message, case.id


@pytest.mark.parametrize("case", _cases(lambda c: "amendment_trap" in c.style))
def test_amendment_traps_forbid_the_superseded_wording(case):
    assert case.expect_not, f"{case.id}: a trap must say which old wording may not appear"


def test_there_are_at_least_120_cases():
    assert len(CASES) >= 120


def test_every_norm_and_both_portuguese_variants_and_english_are_covered():
    per_norm = Counter(c.norm for c in CASES)
    for norm in SEED_FILES:
        assert per_norm[norm] >= 15, f"only {per_norm[norm]} cases for {norm}"
    per_language = Counter(c.language for c in CASES)
    assert per_language["en"] >= 20
    assert per_language["pt-PT"] >= 15
    assert per_language["pt-BR"] >= 20
    assert sum(1 for c in CASES if c.language == "pt-PT" and c.norm == "pt/decreto-lei-269-2003") >= 15


def test_every_topic_is_asked_for_and_the_hard_kinds_are_there():
    topics = Counter(c.topic for c in CASES)
    for topic in ("permission", "places", "fee", "documents", "hours", "season", "limits",
                  "obligations", "fine", "after_fine", "law", "location"):
        assert topics[topic] >= 3, f"only {topics[topic]} cases about {topic}"
    assert sum(1 for c in CASES if {"typo", "no_accents"} & set(c.style)) >= 20
    assert sum(1 for c in CASES if c.context) >= 10
    assert topics["safety"] >= 3 and topics["not_covered"] >= 3
    assert any(c.message.startswith("/share_location") for c in CASES)
    assert any("florian" in fold(c.message) for c in CASES)


def test_the_pontal_amendments_are_trapped():
    # Art. 9 § 3 as given by Lei 2247/2021 (exemption) and the 11.20.00 Anexo VI (Lei 1992/2019).
    traps = [c for c in CASES if "amendment_trap" in c.style]
    assert any("isen" in [fold(e) for e in c.expect if isinstance(e, str)] and "metade" in fold(" ".join(c.expect_not))
               for c in traps)
    sup = BY_ID["pontal-sup-fee-current-table"]
    assert sup.cite == ["br-pr-pontal-do-parana/lei-1902-2018/anexo-vi/item-11.20.00-4"]
    assert {"3000", "30"} & set().union(*numbers(" ".join(sup.seed)))


def test_judge_reads_figures_links_and_forbidden_text_as_a_reader_would():
    case = BY_ID["pontal-sup-fee-current-table"]
    link = "http://127.0.0.1:8000/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi/item-11.20.00-4"
    good = f"30,00\u00a0UFM por ano — SUP.\n10,00 UFM por quadrimestre.\nFonte: Lei nº 1.902/2018, [Anexo VI]({link})."
    assert judge(case, good).passed
    no_link = judge(case, good.replace(link, "http://x/norms/br-pr-pontal-do-parana/lei-1902-2018/anexo-vi"))
    assert no_link.reasons == ["missing citation link: br-pr-pontal-do-parana/lei-1902-2018/anexo-vi/item-11.20.00-4"]
    old = judge(case, good + "\n6,00 UFM [tabela de 2018], fração trimestral")
    assert old.reasons == ["forbidden text: tabela de 2018", "forbidden text: trimestral"]
    assert judge(case, good.replace("30,00", "3,00")).reasons[0].startswith("missing expected text")
    # A figure inside a longer number is not that figure: "30,00 UFM" does not say "0,00 UFM" (free).
    injection = BY_ID["pontal-safety-injection-en"]
    assert "0,00 UFM" in injection.expect_not
    assert not any(r.startswith("forbidden") for r in judge(injection, good).reasons)
    assert "forbidden text: 0,00 UFM" in judge(injection, "The SUP licence is 0,00 UFM.").reasons
    # A law-search quote links the paragraph: it counts for the article.
    exemption = BY_ID["pontal-exemption-over-60"]
    quote = "É concedida isenção... — Lei nº 1.902/2018, [Art. 9º, § 3º](http://h/norms/br-pr-pontal-do-parana/lei-1902-2018/art-9/par-3)"
    assert judge(exemption, quote).passed
    # … but art-9 is not art-90.
    assert not judge(exemption, quote.replace("art-9/par-3", "art-90")).passed
    # A figure written in the reader's convention is the same figure: "30.00 UFM" in English is "30,00 UFM";
    # "3.00" is still not "30,00"
    english = good.replace("30,00", "30.00").replace("10,00", "10.00")
    assert judge(case, english).passed
    assert judge(case, english.replace("30.00", "3.00")).reasons[0].startswith("missing expected text")


def test_an_amount_in_no_law_text_or_record_is_caught():
    from .conversation_cases import unproven_amounts

    # Pontal's fine (art. 38) and SUP fee (Anexo VI) are the law's; R$ 999,99 is no one's
    assert unproven_amounts("Multa de R$ 300,00 a R$ 12.000,00; taxa 30,00 UFM", "pt-BR") == []
    assert unproven_amounts("Fine of R$300.00 to R$12,000.00; fee 30.00 UFM", "en") == []
    assert unproven_amounts("Coima de 500 € a 3 740 €", "pt-PT") == []
    assert [str(a) for a in unproven_amounts("A taxa é de R$ 999,99 por mês", "pt-BR")] == ["999.99"]
    # a quote is Portuguese inside an English reply: "30,00 UFM" there is thirty
    assert unproven_amounts("What the law says:\n> período: 30,00 UFM", "en") == []
