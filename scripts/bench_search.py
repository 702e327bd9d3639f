"""Search quality and speed on the dev set: recall@1 and recall@3 per norm, index build time, query
latency. Prints the figures and writes bench/results/search.json.

    .venv/bin/python scripts/bench_search.py            # scoped by jurisdiction, as the chat searches
    .venv/bin/python scripts/bench_search.py --misses   # also list the dev-split questions missed

Held-out questions are scored but never listed: they are the check that tuning the glossary on the
dev split did not just fit it (tests/data/search_devset.yml explains the split).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from knowledge.corpus import build_corpus  # noqa: E402
from knowledge.search import build_index  # noqa: E402
from knowledge.search.evaluation import evaluate, load_devset, recall_by_norm  # noqa: E402

DEVSET = ROOT / "tests" / "data" / "search_devset.yml"
RESULTS = ROOT / "bench" / "results" / "search.json"
TARGET_RECALL_AT_3 = 0.90


def _table(title: str, recalls: dict) -> list[str]:
    lines = [title, f"  {'norm':<40} {'n':>4} {'R@1':>6} {'R@3':>6}"]
    for r in recalls.values():
        flag = "" if r.recall_at_3 >= TARGET_RECALL_AT_3 else "  < target"
        lines.append(f"  {r.norm_id:<40} {r.questions:>4} {r.recall_at_1:>6.3f} {r.recall_at_3:>6.3f}{flag}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--misses", action="store_true", help="list dev-split questions not found in the top 3")
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args()

    started = time.perf_counter()
    corpus = build_corpus()
    corpus_seconds = time.perf_counter() - started
    started = time.perf_counter()
    index = build_index(corpus)
    index_seconds = time.perf_counter() - started

    devset = load_devset(DEVSET)
    missing = sorted({a for q in devset.questions for a in q.answers if not corpus.has(a)})

    started = time.perf_counter()
    scoped = evaluate(index, devset, scoped=True)
    elapsed = time.perf_counter() - started
    unscoped = evaluate(index, devset, scoped=False)

    latencies = []
    for q in devset.questions[:60]:
        t = time.perf_counter()
        index.search(q.q, jurisdiction=devset.norms[q.norm], limit=5)
        latencies.append((time.perf_counter() - t) * 1000)
    latencies.sort()

    figures = {
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "devset": {"questions": len(devset.questions), "file": str(DEVSET.relative_to(ROOT))},
        "target_recall_at_3": TARGET_RECALL_AT_3,
        "corpus_build_seconds": round(corpus_seconds, 3),
        "index_build_seconds": round(index_seconds, 3),
        "passages": len(index.passages),
        "ocr_words_repaired": len(index.ocr_repairs),
        "query_ms": {
            "p50": round(statistics.median(latencies), 2),
            "p95": round(latencies[int(len(latencies) * 0.95) - 1], 2),
            "mean_over_devset": round(elapsed * 1000 / max(1, len(scoped)), 2),
        },
        "answers_missing_from_corpus": missing,
        "scoped": {
            "all": {k: v.model_dump() for k, v in recall_by_norm(scoped).items()},
            "dev": {k: v.model_dump() for k, v in recall_by_norm(r for r in scoped if r.question.split == "dev").items()},
            "heldout": {
                k: v.model_dump() for k, v in recall_by_norm(r for r in scoped if r.question.split == "heldout").items()
            },
        },
        "unscoped": {"all": {k: v.model_dump() for k, v in recall_by_norm(unscoped).items()}},
    }

    lines = [
        f"search bench — {len(devset.questions)} questions, {len(index.passages)} passages",
        f"corpus build {corpus_seconds:.2f}s, index build {index_seconds:.2f}s, "
        f"query p50 {figures['query_ms']['p50']} ms p95 {figures['query_ms']['p95']} ms",
        "",
        *_table("scoped by jurisdiction (all questions):", recall_by_norm(scoped)),
        *_table("  dev split:", recall_by_norm(r for r in scoped if r.question.split == "dev")),
        *_table("  held-out split:", recall_by_norm(r for r in scoped if r.question.split == "heldout")),
        "",
        *_table("unscoped (all five norms searched):", recall_by_norm(unscoped)),
    ]
    if missing:
        lines += ["", f"answers not in the corpus ({len(missing)}):", *(f"  {m}" for m in missing)]
    if args.misses:
        lines += ["", "dev-split questions not in the top 3 (scoped):"]
        for r in scoped:
            if r.question.split == "dev" and not r.hit_at(3):
                lines.append(f"  {r.question.id}: {r.question.q}")
                lines.append(f"      want {list(r.question.answers)}")
                lines.append(f"      got  {list(r.ranked[:3])}  plan {index.plan(r.question.q).terms}")
    print("\n".join(lines))

    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwritten {args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
