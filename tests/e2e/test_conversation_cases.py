"""Every conversation case of tests/data/conversation_cases.yml played against the running bot over REST.

One test, because the figure that matters is the pass rate over all cases: each case gets a fresh
sender, its context messages first, then its question; the answer to the question is judged (expected
text, citation links, forbidden text). The per-norm / per-language / per-topic rates and every failure
with its reasons and the answer are written to tests/artifacts/conversation_report.json, the summary
is printed, and the overall rate must reach the `min_pass_rate` stored with the cases.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from collections import defaultdict
from pathlib import Path

import httpx

# tests/ on the path, so the cases module imports as it does in the offline suite (tests/cases).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from cases.conversation_cases import Case, answer_text, judge, load_cases, unproven_amounts  # noqa: E402

REPORT = Path(__file__).resolve().parents[1] / "artifacts" / "conversation_report.json"
MODEL = Path(os.environ.get("RASA_MODEL") or Path(__file__).resolve().parents[2] / "models" / "bot.tar.gz")


def _play(stack, case: Case, run: str) -> dict:
    sender = f"cases-{run}-{case.id}"
    started = time.monotonic()
    try:
        for message in case.context:
            stack.say(sender, message)
        messages = stack.say(sender, case.message)
    except httpx.HTTPError as error:  # one broken turn must not hide the other cases' results
        return {"passed": False, "reasons": [f"error: {type(error).__name__}: {error}"], "answer": "",
                "seconds": round(time.monotonic() - started, 2)}
    text = answer_text(messages)
    verdict = judge(case, text)
    return {"passed": verdict.passed, "reasons": verdict.reasons, "answer": text,
            "seconds": round(time.monotonic() - started, 2)}


def _rates(results: list[tuple[Case, dict]], groups_of) -> dict[str, dict]:
    """Pass rates per group; `groups_of(case)` names the groups a case counts in (a style may be several)."""
    groups: dict[str, list[bool]] = defaultdict(list)
    for case, result in results:
        for name in groups_of(case):
            groups[name].append(result["passed"])
    return {name: {"cases": len(v), "passed": sum(v), "rate": round(sum(v) / len(v), 3)}
            for name, v in sorted(groups.items())}


def _report(results: list[tuple[Case, dict]], threshold: float) -> dict:
    passed = sum(r["passed"] for _, r in results)
    return {
        "cases": len(results),
        "passed": passed,
        "pass_rate": round(passed / len(results), 3),
        "min_pass_rate": threshold,
        # Which trained model was measured: NLU data changes move the rate.
        "model": {"file": MODEL.name, "modified": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(MODEL.stat().st_mtime))},
        "by_norm": _rates(results, lambda c: [c.norm or "(none: not covered / invented)"]),
        "by_language": _rates(results, lambda c: [c.language]),
        "by_topic": _rates(results, lambda c: [c.topic]),
        "by_style": _rates(results, lambda c: [*c.style, *(["context"] if c.context else [])]),
        "failures": [
            {"id": c.id, "norm": c.norm, "language": c.language, "topic": c.topic, "context": c.context,
             "message": c.message, "reasons": r["reasons"], "answer": r["answer"]}
            for c, r in results if not r["passed"]
        ],
    }


def _summary(report: dict) -> str:
    lines = [f"conversation cases: {report['passed']}/{report['cases']} passed "
             f"({report['pass_rate']:.1%}; threshold {report['min_pass_rate']:.1%})"]
    for section in ("by_norm", "by_language", "by_topic", "by_style"):
        lines.append(f"  {section[3:]}:")
        for name, r in report[section].items():
            lines.append(f"    {name:42s} {r['passed']:3d}/{r['cases']:<3d} {r['rate']:.0%}")
    lines.append("  failures:")
    for f in report["failures"]:
        lines.append(f"    {f['id']}: " + "; ".join(f["reasons"]))
    return "\n".join(lines)


def test_conversation_cases_pass_rate(stack):
    cases = load_cases()
    run = uuid.uuid4().hex[:8]
    results = [(case, _play(stack, case, run)) for case in cases.cases]
    report = _report(results, cases.min_pass_rate)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print("\n" + _summary(report) + f"\n  report: {REPORT}")
    assert report["pass_rate"] >= cases.min_pass_rate, (
        f"pass rate {report['pass_rate']:.1%} below {cases.min_pass_rate:.1%}; see {REPORT}")
    # No reply states an amount (a fee, a fine) that neither the law's text nor a fact record holds.
    invented = {case.id: unproven_amounts(result["answer"], case.language) for case, result in results}
    assert not {k: v for k, v in invented.items() if v}, f"amounts in no law text or record: {invented}"
