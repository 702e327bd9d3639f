"""Play case files (conversation cases, dev sets) against a fresh local stack and save every answer.

    .venv/bin/python scripts/play_cases.py tests/data/dev/*.yml [--out var/played.json]

For tuning: prints, per file, the pass rate, how often the key fact is in the first sentence and the
reply length as a phone shows it (p50/p95); the JSON holds each answer with its verdict. Never point it
at the blind sets to tune (tests/data/blind/README.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import uuid
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.cases.blind_sets import states_first  # noqa: E402
from tests.cases.conversation_cases import Case, answer_text, judge, visible_length  # noqa: E402
from knowledge.jurisdictions import jurisdiction  # noqa: E402
from tests.support.devstack import Stack  # noqa: E402


def _asks_town(messages: list[dict]) -> bool:
    return any(str(b.get("payload", "")).startswith('/inform{"municipality"') for m in messages for b in m.get("buttons") or [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "var" / "played.json")
    parser.add_argument("--reply-town", action="store_true",
                        help="when the bot asks which municipality, answer with the case's (as a citizen would)")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        stack = Stack(var_dir=Path(tmp) / "var", log_dir=Path(tmp) / "logs")
        stack.start()
        try:
            stack.wait_healthy()
            run = uuid.uuid4().hex[:6]
            for path in args.files:
                for raw in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
                    case = Case.model_validate(raw)
                    sender = f"play-{run}-{case.id}"
                    for message in case.context:
                        stack.say(sender, message)
                    messages = stack.say(sender, case.message)
                    if args.reply_town and case.norm and _asks_town(messages):
                        messages = stack.say(sender, jurisdiction(case.norm.split("/")[0]).name)
                    text = answer_text(messages)
                    verdict = judge(case, text)
                    rows.append({"file": path.name, "id": case.id, "norm": case.norm, "language": case.language,
                                 "topic": case.topic, "context": case.context, "message": case.message,
                                 "passed": verdict.passed, "reasons": verdict.reasons,
                                 "first": verdict.passed and states_first(case, text), "chars": visible_length(text),
                                 "answer": text})
        finally:
            stack.stop()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        groups[row["file"]].append(row)
    for name, played in groups.items():
        chars = sorted(r["chars"] for r in played)
        print(f"{name}: {sum(r['passed'] for r in played)}/{len(played)} passed; key fact first "
              f"{sum(r['first'] for r in played)}; chars p50 {statistics.median(chars):.0f} "
              f"p95 {chars[round(0.95 * (len(chars) - 1))]}")
    print(f"answers: {args.out}")


if __name__ == "__main__":
    main()
