"""The blind sets (tests/data/blind/) played against the running bot over REST, like the conversation
cases: each case gets a fresh sender, its context first, then its question, judged by the same rules.

Printed and saved to tests/artifacts/blind_report.json per set: the pass rate (key fact + cited
article), per norm and language; how often the key fact is in the first sentence; the reply length
(visible characters of the answer to the question, all its messages — a link counts by its label)
p50/p95. Each set's rate must reach the
measured floor in tests/data/blind_thresholds.yml — a floor against regressions, not a target: the
targets are in the answer-truth issue and the README.
"""

from __future__ import annotations

import json
import statistics
import sys
import uuid
from collections import Counter, defaultdict
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from cases.blind_sets import BLIND_FILES, load_blind, states_first, thresholds  # noqa: E402
from cases.conversation_cases import Case, answer_text, judge, unproven_amounts, visible_length  # noqa: E402

REPORT = Path(__file__).resolve().parents[1] / "artifacts" / "blind_report.json"


def _play(stack, case: Case, run: str) -> dict:
    sender = f"blind-{run}-{case.id}"
    try:
        for message in case.context:
            stack.say(sender, message)
        messages = stack.say(sender, case.message)
    except httpx.HTTPError as error:
        return {"passed": False, "first": False, "chars": 0, "reasons": [f"error: {type(error).__name__}"], "answer": ""}
    text = answer_text(messages)
    verdict = judge(case, text)
    return {"passed": verdict.passed, "first": verdict.passed and states_first(case, text), "chars": visible_length(text),
            "unproven": [str(a) for a in unproven_amounts(text, case.language)],
            "reasons": verdict.reasons, "answer": text}


def _rates(results, key) -> dict:
    groups = defaultdict(list)
    for case, r in results:
        groups[key(case)].append(r["passed"])
    return {k: f"{sum(v)}/{len(v)}" for k, v in sorted(groups.items())}


def _percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else 0


def failure_mode(case: Case, reasons: list[str]) -> str:
    """What kind of miss, in aggregate terms only (read these counts, never the failing questions): the
    wrong door altogether (neither the key fact nor the article), the right article without the key
    fact, the key fact without its article, or only a secondary expectation missing."""
    if any(r.startswith("error:") for r in reasons):
        return "error"
    key_missing = bool(case.expect) and any(r.startswith("missing expected text: ") and
                                            r.removeprefix("missing expected text: ") == " | ".join(
                                                [case.expect[0]] if isinstance(case.expect[0], str) else case.expect[0])
                                            for r in reasons)
    cite_missing = any(r.startswith("missing citation link") for r in reasons)
    if key_missing and cite_missing:
        return "neither_fact_nor_article"
    if key_missing:
        return "article_without_key_fact"
    if cite_missing:
        return "key_fact_without_article"
    return "secondary_only"


def summarise(name: str, results: list[tuple[Case, dict]]) -> dict:
    passed = sum(r["passed"] for _, r in results)
    lengths = [r["chars"] for _, r in results]
    return {
        "set": name, "cases": len(results), "passed": passed, "pass_rate": round(passed / len(results), 3),
        "first_sentence": sum(r["first"] for _, r in results),
        "chars_p50": int(statistics.median(lengths)), "chars_p95": _percentile(lengths, 0.95),
        "by_norm": _rates(results, lambda c: c.norm or "-"), "by_language": _rates(results, lambda c: c.language),
        "by_topic": _rates(results, lambda c: c.topic),
        "by_context": _rates(results, lambda c: "follow-up" if c.context else "single"),
        "failure_modes": dict(sorted(Counter(failure_mode(c, r["reasons"]) for c, r in results if not r["passed"]).items())),
        "failures": [{"id": c.id, "message": c.message, "reasons": r["reasons"], "answer": r["answer"][:600]}
                     for c, r in results if not r["passed"]],
    }


@pytest.fixture(scope="module")
def reports():
    collected: dict[str, dict] = {}
    yield collected
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(collected, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


@pytest.mark.parametrize("name", BLIND_FILES)
def test_blind_set(stack, reports, name):
    run = uuid.uuid4().hex[:8]
    results = [(case, _play(stack, case, run)) for case in load_blind(name).cases]
    report = reports[name] = summarise(name, results)
    print(f"\nblind {name}: {report['passed']}/{report['cases']} ({report['pass_rate']:.1%}); key fact first "
          f"{report['first_sentence']}/{report['cases']}; reply chars p50 {report['chars_p50']} p95 {report['chars_p95']}; "
          f"by norm {report['by_norm']}; by language {report['by_language']}; by topic {report['by_topic']}; "
          f"{report['by_context']}; failure modes {report['failure_modes']}")
    invented = {c.id: r["unproven"] for c, r in results if r.get("unproven")}
    assert not invented, f"{name}: amounts in no law text or record: {invented}"
    floor = thresholds().min_pass_rate[name]
    assert report["pass_rate"] >= floor, f"{name}: {report['pass_rate']:.1%} below the measured floor {floor:.1%}"
